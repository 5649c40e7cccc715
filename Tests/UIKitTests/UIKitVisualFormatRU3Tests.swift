import Testing
import Foundation
@testable import UIKit
import Timeline
@testable import ObjCLowering

/// The visual format language and overrides written in extensions, as small libraries use them
/// (RU3); the cases are written here.
@MainActor
@Suite("RU3 the visual format language; overrides in extensions of the file's classes; CoreText line bounds")
struct UIKitVisualFormatRU3Tests {
    @Test("RU3 a visual format places views: standard spacings, metrics, predicates, an alignment option")
    func RU3_visualFormatLaysOut() {
        let (host, window) = makeApp(width: 400, height: 300)
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        window.addSubview(box)
        let icon = UIView(), title = UIView(), close = UIView()
        let views = ["icon": icon, "title": title, "close": close]
        for v in [icon, title, close] {
            v.translatesAutoresizingMaskIntoConstraints = false
            box.addSubview(v)
        }
        let metrics: [String: Any] = ["side": 24, "gap": CGFloat(12)]
        let row = NSLayoutConstraint.constraints(withVisualFormat: "H:|-[icon(side)]-gap-[title]-[close(==icon)]-|",
                                                 options: .alignAllCenterY, metrics: metrics, views: views)
        // The icon's and the close button's widths, four spacings, and two alignments.
        #expect(row.count == 8)
        #expect(row.allSatisfy { !$0.isActive })
        NSLayoutConstraint.activate(row)
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "V:|-(10)-[icon(side)]",
                                                                   options: [], metrics: metrics, views: views))
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "V:[title(40)]", metrics: nil, views: views))
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "V:[close(>=10@750,<=24)]",
                                                                   metrics: nil, views: views))
        host.step()
        // 20 to the superview's edges, 8 between siblings, 12 from the metric.
        #expect(icon.frame == CGRect(x: 20, y: 10, width: 24, height: 24))
        #expect(title.frame.minX == 56)
        #expect(title.frame.height == 40)
        #expect(title.frame.midY == icon.frame.midY)
        #expect(close.frame.maxX == 280)
        #expect(close.frame.width == 24)
        #expect(close.frame.midY == icon.frame.midY)
        #expect(title.frame.maxX == close.frame.minX - 8)
    }

    @Test("RU3 the engine's visual format: relations and priorities, flush views, right to left")
    func RU3_visualFormatConstraints() {
        let a = View(), b = View(), parent = View()
        parent.addSubview(a)
        parent.addSubview(b)
        let made = LayoutConstraint.constraints(withVisualFormat: "[a(>=50@750)][b]-(<=5)-|", options: .directionRightToLeft,
                                                metrics: [:], views: ["a": a, "b": b])
        #expect(made.count == 3)
        #expect(made[0].firstAttribute == .width && made[0].relation == .greaterThanOrEqual && made[0].constant == 50)
        #expect(made[0].priority == 750 && made[0].secondItem == nil)
        // Right to left: a stands right of b, b's left edge at most 5 from the superview's left.
        #expect(made[1].firstItem === a && made[1].firstAttribute == .left && made[1].secondItem === b)
        #expect(made[1].secondAttribute == .right && made[1].constant == 0 && made[1].relation == .equal)
        #expect(made[2].firstItem === b && made[2].firstAttribute == .left && made[2].secondItem === parent)
        #expect(made[2].secondAttribute == .left && made[2].relation == .lessThanOrEqual && made[2].constant == 5)
        let vertical = LayoutConstraint.constraints(withVisualFormat: "V:[a]-[b]", options: .alignAllLeading,
                                                    views: ["a": a, "b": b])
        #expect(vertical.map(\.firstAttribute) == [.top, .leading])
        #expect(vertical[0].constant == LayoutConstraint.standardSiblingSpacing && vertical[0].secondAttribute == .bottom)
        #expect(NSLayoutConstraint.FormatOptions.alignAllCenterY.rawValue == 1 << 10)
    }

    @Test("RU3 an override in an extension of a class the file declares moves into the class, at its own lines")
    func RU3_extensionOverridesMove() {
        let source = """
        open class Grid: UITableView {
            var passes = 0
        }

        extension Grid: UITableViewDelegate {
            @available(iOS 13, *)
            open override func layoutSubviews() {
                super.layoutSubviews(); passes += 1
            }
            func helper() {}
            override open func reloadData() { super.reloadData() }
        }
        extension Grid where Self: AnyObject {
            override func didMoveToSuperview() {}
        }
        extension UIView {
            override open func didMoveToWindow() {}
        }
        """
        let moved = movingExtensionOverrides(source, file: "/src/Grid.swift")
        let lines = moved.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "open class Grid: UITableView {")
        #expect(lines[3] == #"#sourceLocation(file: "/src/Grid.swift", line: 6)"#)
        #expect(lines[4] == "    @available(iOS 13, *)")
        #expect(lines[5] == "    open override func layoutSubviews() {")
        #expect(lines[8] == #"#sourceLocation(file: "/src/Grid.swift", line: 11)"#)
        #expect(lines[9] == "    override open func reloadData() { super.reloadData() }")
        #expect(lines[10] == #"#sourceLocation(file: "/src/Grid.swift", line: 3)"#)
        #expect(lines[11] == "}")
        // Where they were, blank lines; the helper stays. A constrained extension and an
        // extension of a class declared elsewhere are left as they were.
        let rest = Array(lines[12...])
        #expect(rest.count == 15)
        let blank = { (i: Int) in rest[i].trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(rest[1] == "extension Grid: UITableViewDelegate {")
        #expect(blank(2) && blank(3) && blank(4) && blank(5) && blank(7))
        #expect(rest[6] == "    func helper() {}")
        #expect(rest[10] == "    override func didMoveToSuperview() {}")
        #expect(rest[13] == "    override open func didMoveToWindow() {}")
        #expect(movingExtensionOverrides("class A {}\nextension B { override func f() {} }", file: "x") ==
                "class A {}\nextension B { override func f() {} }")
    }

    @Test("RU3 an override in another file's extension of a class moves into the class's file; its own file keeps blank lines")
    func RU3_extensionOverridesMoveAcrossFiles() {
        let row = "class SwipeRow: UITableViewCell {\n    var state = 0\n}\n"
        let access = "import UIKit\nextension SwipeRow {\n    override func accessibilityElementCount() -> Int { state }\n    func helper() {}\n}\n"
        let module = [(path: "/m/Row.swift", source: row), (path: "/m/Row+A.swift", source: access)]
        let into = movingExtensionOverrides(row, file: "/m/Row.swift", module: module, lower: { $0 })
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(into[3] == #"#sourceLocation(file: "/m/Row+A.swift", line: 3)"#)
        #expect(into[4] == "    override func accessibilityElementCount() -> Int { state }")
        #expect(into[5] == #"#sourceLocation(file: "/m/Row.swift", line: 3)"#)
        #expect(into[6] == "}")
        let from = movingExtensionOverrides(access, file: "/m/Row+A.swift", module: module)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(from.count == 6 && from[2].trimmingCharacters(in: .whitespaces).isEmpty && from[3] == "    func helper() {}")
        // A class the module declares twice is left alone.
        let twice = module + [(path: "/m/Other.swift", source: "class SwipeRow {}\n")]
        #expect(movingExtensionOverrides(access, file: "/m/Row+A.swift", module: twice) == access)
    }

    @Test("RU3 a method a library declares in an extension of its own class and a subclass overrides moves into the class; others stay")
    func RU3_overriddenExtensionMethodsMove() {
        let data = """
        open class Series: NSObject {
            var items: [Int] = []
        }
        extension Series: Collection {
            public func append(_ x: Int) { items.append(x) }
            public func remove(at i: Int) -> Int { items.remove(at: i) }
            public static func append(_ x: Int) {}
            public var count: Int { items.count }
        }

        """
        let combined = "class Combined: Series {\n    override func append(_ x: Int) { super.append(x) }\n    override func remove(at i: Int) -> Int { 0 }\n}\n"
        let module = [(path: "/c/Series.swift", source: data), (path: "/c/Combined.swift", source: combined)]
        let lines = movingExtensionOverrides(data, file: "/c/Series.swift", module: module)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[3] == #"#sourceLocation(file: "/c/Series.swift", line: 5)"#)
        #expect(lines[4] == "    public func append(_ x: Int) { items.append(x) }")
        #expect(lines[5] == #"#sourceLocation(file: "/c/Series.swift", line: 6)"#)
        #expect(lines[6] == "    public func remove(at i: Int) -> Int { items.remove(at: i) }")
        #expect(lines[8] == "}")
        // Blank where they were; the type's own method and the property stay in the extension.
        #expect(lines[9] == "extension Series: Collection {")
        #expect(lines[10].trimmingCharacters(in: .whitespaces).isEmpty && lines[11].trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(lines[12] == "    public static func append(_ x: Int) {}" && lines[13] == "    public var count: Int { items.count }")
        // With no subclass overriding them, nothing moves.
        #expect(movingExtensionOverrides(data, file: "/c/Series.swift", module: [module[0]]) == data)
        // A class a file declares once per #if branch: the UIKit branch's takes the member; with
        // no UIKit branch among them, the class is left alone.
        let twice = "#if canImport(UIKit)\nclass Box: UIView {\n}\n#else\nclass Box: NSView {\n}\n#endif\nextension Box {\n    override func layoutSubviews() {}\n}\n"
        let boxes = movingExtensionOverrides(twice, file: "/c/Box.swift").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(boxes[1] == "class Box: UIView {" && boxes[4] == "    override func layoutSubviews() {}" && boxes[6] == "}")
        #expect(boxes[8] == "class Box: NSView {" && boxes[9] == "}")
        let debug = twice.replacingOccurrences(of: "canImport(UIKit)", with: "DEBUG")
        #expect(movingExtensionOverrides(debug, file: "/c/Box.swift") == debug)
    }

    @Test("RU3 a CTLine of an attributed string measures as the string does; its ascent and descent are its font's")
    func RU3_coreTextLineBounds() {
        _ = makeApp()
        let font = UIFont.systemFont(ofSize: 20)
        let text = NSAttributedString(string: "Step 2 of 5", attributes: [.font: font])
        let line = CTLineCreateWithAttributedString(text)
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = -1
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        #expect(width > 0 && abs(width - text.size().width.double) < 0.01)
        #expect(abs(ascent - font.ascender) < 0.5 && abs(descent + font.descender) < 0.5)
        #expect(leading >= 0)
        #expect(CTLineGetTypographicBounds(line, nil, nil, nil) == width)
        #expect(CTFontCopyPostScriptName(font) == font.fontName)
        let longer = CTLineCreateWithAttributedString(NSAttributedString(string: "Step 2 of 5, done", attributes: [.font: font]))
        #expect(CTLineGetTypographicBounds(longer, nil, nil, nil) > width)
    }

    @Test("RU3 #colorLiteral makes a UIColor of its sRGB components")
    func RU3_colorLiteral() {
        let accent: UIColor = #colorLiteral(red: 0.5, green: 0.25, blue: 1, alpha: 0.75)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        #expect(accent.getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect(r == 0.5 && g == 0.25 && b == 1 && a == 0.75)
    }

    @Test("RU3 an image's PNG and JPEG data carry their formats' signatures; a lower JPEG quality makes fewer bytes")
    func RU3_imageData() {
        _ = makeApp()
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 30)).image { context in
            for x in stride(from: 0, to: 40, by: 4) {
                UIColor(red: CGFloat(x) / 40, green: 0.5, blue: 1 - CGFloat(x) / 40, alpha: 1).setFill()
                context.fill(CGRect(x: CGFloat(x), y: 0, width: 4, height: 30))
            }
        }
        let png = image.pngData()
        #expect(png.map { Array($0.prefix(4)) } == [0x89, 0x50, 0x4E, 0x47])
        let best = image.jpegData(compressionQuality: 1), small = image.jpegData(compressionQuality: 0.1)
        #expect(best.map { Array($0.prefix(3)) } == [0xFF, 0xD8, 0xFF])
        #expect((small?.count ?? .max) < (best?.count ?? 0))
        #expect(UIImage().pngData() == nil && UIImage().jpegData(compressionQuality: 0.5) == nil)
    }

    @Test("RU3 replacePathWithStrokedPath makes the current path the stroke's outline; filling it paints the stroke")
    func RU3_replacePathWithStrokedPath() {
        _ = makeApp()
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { renderer in
            let context = renderer.cgContext
            context.setLineWidth(6)
            context.move(to: CGPoint(x: 10, y: 20))
            context.addLine(to: CGPoint(x: 30, y: 20))
            context.replacePathWithStrokedPath()
            let box = context.boundingBoxOfPath
            #expect(abs(box.minX - 10) < 0.01 && abs(box.maxX - 30) < 0.01)
            #expect(abs(box.minY - 17) < 0.01 && abs(box.maxY - 23) < 0.01)
            UIColor.red.setFill()
            context.fillPath()
        }
        let bitmap = image.image.bitmap
        let scale = bitmap.width / 40
        func alpha(_ x: Int, _ y: Int) -> UInt8 { bitmap.rgba[((y * scale) * bitmap.width + x * scale) * 4 + 3] }
        #expect(alpha(20, 20) == 255 && alpha(12, 18) == 255)
        #expect(alpha(20, 10) == 0 && alpha(5, 20) == 0)
    }
}
