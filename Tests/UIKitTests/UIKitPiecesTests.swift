import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry
import RenderModel
import UpdateLoop

final class Refresher: NSObject {
    var refreshed = 0
    var notes: [String] = []
    func refresh(_ sender: UIRefreshControl) { refreshed += 1 }
    func noted(_ note: Notification) { notes.append(note.name.rawValue) }
}

@MainActor
@Suite("UK1 UIKit's Foundation selector forms, pull to refresh and emitter layers")
struct UIKitMiscTests {
    @Test("UK1 NotificationCenter's selector form calls the observer with the notification; a deallocated observer is not called")
    func UK1_notificationSelectors() {
        var target: Refresher? = Refresher()
        let name = Notification.Name("UK1.test")
        NotificationCenter.default.addObserver(target!, selector: Selector("noted:", method: Refresher.noted), name: name, object: nil)
        NotificationCenter.default.post(name: name, object: nil)
        #expect(target?.notes == ["UK1.test"])
        weak var gone = target
        target = nil
        #expect(gone == nil)
        NotificationCenter.default.post(name: name, object: nil)          // nothing to call, nothing traps
    }

    @Test("UK1 UIRefreshControl: a pull past the trigger sends valueChanged and holds the content open until endRefreshing")
    func UK1_refreshControl() {
        let (host, window) = makeApp(width: 300, height: 400)
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        scroll.contentSize = CGSize(width: 300, height: 1_000)
        scroll.alwaysBounceVertical = true
        let control = UIRefreshControl()
        let target = Refresher()
        control.addTarget(target, action: Selector("refresh:", method: Refresher.refresh), for: .valueChanged)
        scroll.refreshControl = control
        window.addSubview(scroll)
        window.makeKeyAndVisible()
        host.step()
        #expect(scroll.refreshControl === control)
        var t = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        let p = Point(x: 150, y: 100)
        host.runLoop.send(InputEvent(.pointerDown(p, button: 1), timestamp: t))
        for k in 1...30 {
            t += 0.016
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: 150, y: 100 + Double(k) * 10), buttons: 1), timestamp: t))
            host.step()
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: 150, y: 400), button: 1), timestamp: t + 0.3))
        runFor(host, seconds: 1)
        #expect(target.refreshed == 1 && control.isRefreshing)
        #expect(scroll.contentOffset.y < 0)                                   // held open under the spinner
        control.endRefreshing()
        runFor(host, seconds: 1)
        #expect(!control.isRefreshing && scroll.contentOffset.y == 0)
    }

    @Test("UK1 CAEmitterLayer emits its cells' particles by the engine's seeded emitter; an image cell's particles take the image's size")
    func UK1_emitterLayer() {
        let (host, window) = makeApp()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        window.addSubview(v)
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 200, y: 0)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: 400, height: 1)
        let cell = CAEmitterCell()
        cell.birthRate = 20
        cell.lifetime = 4
        cell.velocity = 100
        cell.emissionLongitude = .pi / 2
        cell.color = UIColor.red.cgColor
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 6, height: 4))
        cell.contents = renderer.image { _ in }.cgImage
        emitter.emitterCells = [cell]
        v.layer.addSublayer(emitter)
        #expect(v.layer.sublayers?.last === emitter)
        #expect(emitter.emitter.emitterShape == .line && emitter.emitter.emitterCells?.first === cell.cell)
        host.step()
        runFor(host, seconds: 1)
        let particles = emitter.emitter.particles(at: 1)
        #expect(particles.count == 21)                                        // born at 0, 0.05, ... 1 s
        #expect(particles.allSatisfy { $0.shape == .square && $0.size == Size(width: 6, height: 4) && $0.color == UIColor.red.color })
        #expect(particles.allSatisfy { $0.position.y >= 0 } && particles.contains { $0.position.y > 50 })   // down, the longitude
    }
}

final class GridController: UICollectionViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(SwatchCell.self, forCellWithReuseIdentifier: "swatch")
    }
    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 7 }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "swatch", for: indexPath)
    }
}

final class SizeLog: UIViewController {
    var sizes: [CGSize] = []
    var alongside = 0
    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        sizes.append(size)
        coordinator.animate(alongsideTransition: { _ in self.alongside += 1 }, completion: nil)
    }
}

@MainActor
@Suite("UK1 UIKit's smaller pieces: collection controller, content configuration, guides, pasteboard, resizing, thumbnails")
struct UIKitPiecesTests {
    @Test("UK1 UICollectionViewController is its view's data source; numberOfItems asks it")
    func UK1_collectionController() {
        let (host, window) = makeApp()
        let grid = GridController(collectionViewLayout: UICollectionViewFlowLayout())
        window.rootViewController = grid
        window.makeKeyAndVisible()
        host.step(); host.step()
        #expect(grid.collectionView.numberOfSections == 1 && grid.collectionView.numberOfItems(inSection: 0) == 7)
        #expect(grid.collectionView.visibleCells.count == 7 && grid.collectionView.visibleCells.allSatisfy { $0 is SwatchCell })
    }

    @Test("UK1 a cell's list content configuration sets its labels' text, font and colour")
    func UK1_contentConfiguration() {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: "row")
        var content = cell.defaultContentConfiguration()
        content.text = "Wi-Fi"
        content.secondaryText = "Home"
        content.textProperties.color = .systemBlue
        content.textProperties.font = .boldSystemFont(ofSize: 20)
        cell.contentConfiguration = content
        #expect(cell.textLabel?.text == "Wi-Fi" && cell.detailTextLabel?.text == "Home")
        #expect(cell.textLabel?.textColor == .systemBlue && cell.textLabel?.font.pointSize == 20)
    }

    @Test("UK1 the keyboard layout guide lies from the safe area's bottom to the view's (no on-screen keyboard)")
    func UK1_keyboardLayoutGuide() {
        let (host, window) = makeApp(width: 300, height: 400)
        host.window.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 34, right: 0)
        let field = UIView()
        field.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(field)
        window.makeKeyAndVisible()
        NSLayoutConstraint.activate([
            field.bottomAnchor.constraint(equalTo: window.keyboardLayoutGuide.topAnchor, constant: -8),
            field.leadingAnchor.constraint(equalTo: window.leadingAnchor), field.widthAnchor.constraint(equalToConstant: 100),
            field.heightAnchor.constraint(equalToConstant: 40),
        ])
        host.step(); host.step()
        #expect(window.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 366, width: 300, height: 34))
        #expect(field.frame.maxY == 358)
    }

    @Test("UK1 UIPasteboard.general is the key window's pasteboard")
    func UK1_pasteboard() {
        let (host, window) = makeApp()
        window.makeKeyAndVisible()
        UIPasteboard.general.string = "copied"
        #expect(host.window.pasteboard.string == "copied" && UIPasteboard.general.hasStrings)
        host.window.pasteboard.string = "from the engine"
        #expect(UIPasteboard.general.string == "from the engine")
    }

    @Test("DK2 UIScreen.main.scale and the current traits' displayScale are the engine window's scale")
    func DK2_screenScale() {
        let (host, window) = makeApp()
        window.makeKeyAndVisible()
        host.window.scale = 2
        #expect(UIScreen.main.scale == 2 && UIScreen.main.nativeScale == 2)
        #expect(UITraitCollection.current.displayScale == 2)
        #expect(UIScreen.main.nativeBounds.width == UIScreen.main.bounds.width * 2)
        host.window.scale = 1
        #expect(UIScreen.main.scale == 1)
    }

    @Test("DK2 UIImage(named:in:compatibleWith:) takes the @2x file at display scale 2, the plain one at 1")
    func DK2_imageVariants() throws {
        let dir = NSTemporaryDirectory() + "dk2-images-\(UUID().uuidString.prefix(6))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (file, side) in [("dot.png", 2.0), ("dot@2x.png", 4.0)] {
            let png = UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { ctx in
                UIColor.red.setFill()
                ctx.fill(CGRect(x: 0, y: 0, width: side, height: side))
            }.pngData()
            try #require(png).write(to: URL(fileURLWithPath: dir + "/" + file))
        }
        let bundle = try #require(Bundle(path: dir))
        let two = try #require(UIImage(named: "dot", in: bundle, compatibleWith: UITraitCollection(displayScale: 2)))
        #expect(two.scale == 2 && two.size == CGSize(width: 2, height: 2), "the @2x file: 4x4 pixels, 2x2 points")
        let one = try #require(UIImage(named: "dot", in: bundle, compatibleWith: UITraitCollection(displayScale: 1)))
        #expect(one.scale == 1 && one.size == CGSize(width: 2, height: 2))
    }

    @Test("UK1 a window resize calls viewWillTransition(to:with:) with the new size; alongside work runs")
    func UK1_viewWillTransition() {
        let (host, window) = makeApp(width: 400, height: 300)
        let screen = SizeLog()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        host.step()
        host.runLoop.send(InputEvent(.resize(Size(width: 500, height: 320))))
        host.step()
        #expect(screen.sizes == [CGSize(width: 500, height: 320)] && screen.alongside == 1)
        #expect(screen.view.bounds.size == CGSize(width: 500, height: 320))
    }

    @Test("UK1: a UIView's layer anchor point moves its frame and is what it turns about; a 3D transform on it is kept, as in UIKit")
    func UK1_layerAnchorPoint() {
        let (host, window) = makeApp(width: 200, height: 200)
        let vc = UIViewController()
        window.rootViewController = vc
        window.makeKeyAndVisible()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        vc.view.addSubview(v)
        host.step(frames: 1)
        v.layer.anchorPoint = CGPoint(x: 0, y: 0)
        #expect(v.center == CGPoint(x: 50, y: 25) && v.frame == CGRect(x: 50, y: 25, width: 100, height: 50))
        v.transform = CGAffineTransform(rotationAngle: .pi)
        #expect(abs(v.frame.minX - -50) < 1e-9 && abs(v.frame.minY - -25) < 1e-9)
        v.transform = .identity
        v.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        #expect(v.layer.position == CGPoint(x: 10, y: 10))
        // A card flip's transform on the view's own layer is kept (and drawn projected).
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        let flip = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
        v.layer.transform = flip
        #expect(CATransform3DEqualToTransform(v.layer.transform, flip) && CATransform3DEqualToTransform(v.transform3D, flip))
    }

    @Test("UK1 UIView.mask: an image view masks a view by its image's alpha (the view's group in the display list is masked)")
    func UK1_viewMask() {
        let (host, window) = makeApp(width: 200, height: 200)
        let vc = UIViewController()
        window.rootViewController = vc
        window.makeKeyAndVisible()
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        card.backgroundColor = .blue
        vc.view.addSubview(card)
        let shape = UIGraphicsImageRenderer(size: CGSize(width: 50, height: 50)).image { ctx in
            UIColor.black.setFill()
            ctx.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: 50, height: 50))
        }
        let mask = UIImageView(image: shape)
        mask.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
        card.mask = mask
        host.step(frames: 2)
        #expect(card.mask === mask && card.view.layer.mask === mask.view.layer)
        let masked = host.window.displayList.commands.contains { c in
            if case .beginGroup(let g) = c { return g.name == card.view.identifier ?? "" && g.mask != nil }
            return false
        }
        #expect(masked)
        card.mask = nil
        #expect(card.view.layer.mask == nil)
    }

    @Test("UK1 UIImage.preparingThumbnail(of:) draws the image scaled into the size, aspect kept")
    func UK1_thumbnail() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20)).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
        }
        let thumb = try! #require(image.preparingThumbnail(of: CGSize(width: 10, height: 10)))
        #expect(thumb.size == CGSize(width: 10, height: 5))
        let p = thumb.image.bitmap.pixel(x: 5, y: 2)
        #expect(p.red == 255 && p.alpha == 255)
        #expect(image.preparingThumbnail(of: .zero) == nil)
    }
}
