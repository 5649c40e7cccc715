import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry

/// A header with a title, registered for a kind.
final class TitleHeader: UICollectionReusableView {
    let title = UILabel()
    var prepared = 0
    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(title)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override func prepareForReuse() { prepared += 1 }
}

/// Sections of counted items with headers, footers and badges from registered classes.
final class CountedSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    var counts: [Int]
    var selected: [IndexPath] = []
    var configure: ((UICollectionViewCell, IndexPath) -> Void)?
    var cellIdentifier = "cell"
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: cellIdentifier, for: indexPath)
        configure?(cell, indexPath)
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        let v = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
        (v as? TitleHeader)?.title.text = "\(kind) \(indexPath.section)"
        return v
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath) }
}

/// A list cell that records the states it is configured for.
final class StateCell: UICollectionViewListCell {
    var states: [UICellConfigurationState] = []
    override func updateConfiguration(using state: UICellConfigurationState) {
        super.updateConfiguration(using: state)
        states.append(state)
        var content = UIListContentConfiguration.subtitleCell().updated(for: state)
        content.text = state.isSelected ? "selected" : "normal"
        content.secondaryText = state.isEditing ? "editing" : nil
        contentConfiguration = content
    }
}

@MainActor
@Suite("UK1 UIKit's compositional layout, supplementary views and list cells")
struct UIKitCompositionalLayoutTests {
    func show(_ layout: UICollectionViewLayout, _ source: CountedSource, width: Double = 400, height: Double = 600,
              register: (UICollectionView) -> Void = { $0.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell") })
        -> (HeadlessHost, UICollectionView) {
        let (host, window) = makeApp(width: width, height: height)
        let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        register(grid)
        grid.dataSource = source
        grid.delegate = source
        window.addSubview(grid)
        window.makeKeyAndVisible()
        host.step(); host.step()
        return (host, grid)
    }
    func size(_ w: NSCollectionLayoutDimension, _ h: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
        NSCollectionLayoutSize(widthDimension: w, heightDimension: h)
    }
    func frame(_ grid: UICollectionView, _ item: Int, _ section: Int) -> CGRect {
        grid.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.frame
    }
    func drag(_ host: HeadlessHost, from p: Point, dx: Double, dy: Double) {
        var time = Double(host.runLoop.currentMediaTimeNanoseconds) / 1e9
        host.runLoop.send(InputEvent(.pointerDown(p, button: 1), timestamp: time))
        for k in 1...10 {
            time += 0.03
            host.runLoop.send(InputEvent(.pointerMoved(Point(x: p.x + dx * Double(k) / 10, y: p.y + dy * Double(k) / 10), buttons: 1), timestamp: time))
            host.step()
        }
        host.runLoop.send(InputEvent(.pointerUp(Point(x: p.x + dx, y: p.y + dy), button: 1), timestamp: time + 0.01))
        host.step()
    }
    func tap(_ host: HeadlessHost, _ grid: UICollectionView, at p: CGPoint) {
        let w = grid.view.convert(p.point, to: nil)
        host.runLoop.send(.pointerDown(w)); host.runLoop.send(.pointerUp(w)); host.step()
    }

    @Test("UK1 compositional frames: fractional and absolute sizes, item insets, nested groups repeating a subitem, spacing, section insets and the spacing between sections")
    func UK1_compositionalFrames() {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 16
        var widths: [CGFloat] = []
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { index, environment in
            widths.append(environment.container.effectiveContentSize.width)
            switch index {
            case 0:
                // Four across (a quarter of 360 each), 100 high, inset 5 on every side.
                let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)))
                item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
                section.interGroupSpacing = 10
                return section
            case 1:
                // A big item beside a column of two (repeated subitem, 8 between).
                let big = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
                let small = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
                let column = NSCollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)),
                                                              repeatingSubitem: small, count: 2)
                column.interItemSpacing = .fixed(8)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(200)), subitems: [big, column])
                return NSCollectionLayoutSection(group: group)
            default:
                // 60-point items as many as fit, the leftover shared by flexible spacing; centred across.
                let item = NSCollectionLayoutItem(layoutSize: size(.absolute(60), .absolute(20)))
                item.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: nil, top: .flexible(0), trailing: nil, bottom: .flexible(0))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(40)), subitems: [item])
                group.interItemSpacing = .flexible(10)
                return NSCollectionLayoutSection(group: group)
            }
        }, configuration: configuration)
        let source = CountedSource([6, 5, 7])
        let (host, grid) = show(layout, source)
        #expect(widths.first == 400)
        #expect(frame(grid, 0, 0) == CGRect(x: 25, y: 15, width: 80, height: 90))
        #expect(frame(grid, 3, 0) == CGRect(x: 295, y: 15, width: 80, height: 90))
        #expect(frame(grid, 4, 0) == CGRect(x: 25, y: 125, width: 80, height: 90))     // the next group, 10 below
        // Section 0: 10 + 100 + 10 + 100 + 10 = 230, then 16.
        #expect(frame(grid, 0, 1) == CGRect(x: 0, y: 246, width: 200, height: 200))
        #expect(frame(grid, 1, 1) == CGRect(x: 200, y: 246, width: 200, height: 96))
        #expect(frame(grid, 2, 1) == CGRect(x: 200, y: 350, width: 200, height: 96))
        #expect(frame(grid, 3, 1) == CGRect(x: 0, y: 446, width: 200, height: 200))
        // Section 2 starts after 5 items = 2 groups of 200 (the second partial), then 16.
        let y2: CGFloat = 246 + 400 + 16
        #expect(frame(grid, 0, 2) == CGRect(x: 0, y: y2 + 10, width: 60, height: 20))
        #expect(frame(grid, 1, 2).minX == 85 && frame(grid, 4, 2).minX == 340)     // 5 fit; (400 − 340) / 4 = 15 more each gap
        #expect(frame(grid, 5, 2).minY == y2 + 50)
        #expect(grid.contentSize == CGSize(width: 400, height: y2 + 80))
        // The cells are where the layout says, of the registered class, and only the visible ones.
        let cell = try! #require(grid.cellForItem(at: IndexPath(item: 1, section: 1)))
        #expect(cell.frame == frame(grid, 1, 1))
        #expect(grid.cellForItem(at: IndexPath(item: 6, section: 2)) == nil)
        let elements = grid.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 400, height: 120))!
        #expect(Set(elements.map(\.indexPath)) == Set((0..<4).map { IndexPath(item: $0, section: 0) }))     // the second row starts at 125
        runFor(host, seconds: 0.1)
    }

    @Test("UK1 boundary headers and footers, item badges and section backgrounds: registered classes the data source dequeues by kind, at the layout's frames; a pinned header floats")
    func UK1_boundarySupplementaryItems() {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(50)), elementKind: "banner", alignment: .top),
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(20)), elementKind: "credits", alignment: .bottom)
        ]
        configuration.boundarySupplementaryItems[1].pinToVisibleBounds = true
        let badge = NSCollectionLayoutSupplementaryItem(layoutSize: size(.absolute(20), .absolute(20)), elementKind: "badge",
                                                        containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .trailing], absoluteOffset: CGPoint(x: 5, y: -5)))
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)), supplementaryItems: [badge])
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(44)),
                                                                 elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        let footer = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(30)),
                                                                 elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom)
        section.boundarySupplementaryItems = [header, footer]
        section.decorationItems = [.background(elementKind: "background")]
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        layout.register(UICollectionReusableView.self, forDecorationViewOfKind: "background")
        let source = CountedSource([10, 10, 10, 10])
        let (host, grid) = show(layout, source) { grid in
            grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter, "banner", "badge", "credits"] {
                grid.register(TitleHeader.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: kind)
            }
        }
        // The banner, then section 0: header 44, inset 8, five rows of 100, inset 8, footer 30.
        let banner = try! #require(grid.supplementaryView(forElementKind: "banner", at: IndexPath(index: 0)) as? TitleHeader)
        #expect(banner.frame == CGRect(x: 0, y: 0, width: 400, height: 50) && banner.title.text == "banner 0")
        // The layout's pinned footer, after the last section, floats at the bottom of the viewport.
        #expect(grid.contentSize.height == CGFloat(50 + 4 * 590 + 20))
        #expect(grid.supplementaryView(forElementKind: "credits", at: IndexPath(index: 0))?.frame == CGRect(x: 0, y: 580, width: 400, height: 20))
        let h0 = try! #require(grid.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) as? TitleHeader)
        #expect(h0.frame == CGRect(x: 16, y: 50, width: 368, height: 44))            // inset with the content
        #expect(h0.title.text == "\(UICollectionView.elementKindSectionHeader) 0")
        #expect(frame(grid, 0, 0) == CGRect(x: 16, y: 102, width: 184, height: 100))
        let footerFrame = grid.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))!
        #expect(footerFrame.frame == CGRect(x: 16, y: 102 + 500 + 8, width: 368, height: 30))
        #expect(footerFrame.representedElementCategory == .supplementaryView && footerFrame.representedElementKind == UICollectionView.elementKindSectionFooter)
        // A badge at each item's top-trailing corner, moved by its offset.
        let badge1 = try! #require(grid.supplementaryView(forElementKind: "badge", at: IndexPath(item: 1, section: 0)))
        #expect(badge1.frame == CGRect(x: 384 - 20 + 5, y: 102 - 5, width: 20, height: 20))
        // The section's background: below the cells, over the content and its insets.
        let background = try! #require(grid.collection.visibleDecorationViews.min { $0.frame.minY < $1.frame.minY })
        #expect(background.frame == Rect(x: 0, y: 94, width: 400, height: 516))
        let cell = try! #require(grid.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(grid.view.subviews.firstIndex { $0 === background }! < grid.view.subviews.firstIndex { $0 === cell.view }!)
        // Scrolled into section 1, its header floats at the top; then scrolled back.
        let section1: CGFloat = 640                                                        // 50 + 44 + 8 + 500 + 8 + 30
        grid.contentOffset = CGPoint(x: 0, y: section1 + 200)
        host.step()
        let h1 = try! #require(grid.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)))
        #expect(h1.frame.minY == section1 + 200)
        #expect(grid.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) == nil)
        grid.contentOffset = .zero
        host.step()
        let again = try! #require(grid.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) as? TitleHeader)
        #expect(again.prepared > 0 || again === h0)                                   // reused from the pool
        runFor(host, seconds: 0.1)
    }

    @Test("UK1 an orthogonal section scrolls in its own band: only its visible cells alive, a horizontal drag pages group by group, a vertical one scrolls the collection view; a tap selects by the band's offset")
    func UK1_orthogonalScrolling() {
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { index, _ in
            if index == 0 {
                let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.absolute(300), .absolute(150)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.interGroupSpacing = 10
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
                section.orthogonalScrollingBehavior = .groupPaging
                return section
            }
            let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(44)))
            return NSCollectionLayoutSection(group: .vertical(layoutSize: size(.fractionalWidth(1), .absolute(44)), subitems: [item]))
        })
        let source = CountedSource([20, 60])
        let (host, grid) = show(layout, source)
        // The band's items lie in a row past the collection view's width; its content is the row.
        #expect(frame(grid, 2, 0) == CGRect(x: 16 + 620, y: 0, width: 300, height: 150))
        #expect(frame(grid, 0, 1).minY == 150 && grid.contentSize.height == 150 + 60 * 44)
        let first = try! #require(grid.cellForItem(at: IndexPath(item: 0, section: 0)))
        let band = try! #require(first.view.superview as? ScrollView)
        #expect(band !== grid.view && band.frame == Rect(x: 0, y: 0, width: 400, height: 150))
        #expect(band.contentSize == Size(width: 16 + 20 * 300 + 19 * 10 + 16, height: 150))
        #expect(grid.cellForItem(at: IndexPath(item: 1, section: 0)) != nil && grid.cellForItem(at: IndexPath(item: 3, section: 0)) == nil)
        // A horizontal drag: the band moves one group (310 points), the collection view stays.
        drag(host, from: grid.view.convert(Point(x: 300, y: 75), to: nil), dx: -120, dy: 0)
        runFor(host, seconds: 3.5)
        #expect(abs(grid.collection.orthogonalContentOffset(forSection: 0).x - 310) < 0.5)
        #expect(grid.contentOffset.y == 0)
        #expect(grid.cellForItem(at: IndexPath(item: 2, section: 0)) != nil)
        #expect(grid.cellForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 326, y: 0, width: 300, height: 150))
        // A tap on the second item (now at the band's leading edge) selects it.
        tap(host, grid, at: CGPoint(x: 100, y: 75))
        #expect(source.selected == [IndexPath(item: 1, section: 0)])
        // Far along the band, few cells are alive.
        grid.collection.setOrthogonalContentOffset(Point(x: 4000, y: 0), forSection: 0, animated: false)
        host.step()
        let alive = grid.collection.loadedCells.filter { grid.collection.indexPath(for: $0)?.section == 0 }
        #expect(alive.count <= 3 && grid.cellForItem(at: IndexPath(item: 13, section: 0)) != nil)
        // A vertical drag over the band scrolls the collection view.
        drag(host, from: grid.view.convert(Point(x: 200, y: 100), to: nil), dy: -150)
        runFor(host, seconds: 3.5)
        #expect(grid.contentOffset.y > 100)
        #expect(abs(grid.collection.orthogonalContentOffset(forSection: 0).x - 4000) < 0.5)
        // Scrolled away and back, the band keeps its offset.
        grid.contentOffset = CGPoint(x: 0, y: 1500)
        host.step()
        grid.contentOffset = .zero
        host.step()
        #expect(abs(grid.collection.orthogonalContentOffset(forSection: 0).x - 4000) < 0.5)
        runFor(host, seconds: 0.5)
    }

    func drag(_ host: HeadlessHost, from p: Point, dy: Double) { drag(host, from: p, dx: 0, dy: dy) }

    @Test("UK1 a list layout: inset grouped rows and headers, list cells with their default content, accessories at the edges shown per editing state, rounded first and last rows")
    func UK1_listLayout() {
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        configuration.trailingSwipeActionsConfigurationProvider = { _ in nil }
        let layout = UICollectionViewCompositionalLayout.list(using: configuration)
        let source = CountedSource([5, 5])
        source.configure = { cell, path in
            guard let cell = cell as? UICollectionViewListCell else { return }
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(path.item)"
            content.secondaryText = "detail"
            cell.contentConfiguration = content
            cell.accessories = [.label(text: "3"), .disclosureIndicator(), .delete(), .reorder()]
        }
        let (host, grid) = show(layout, source) { grid in
            grid.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "cell")
            grid.register(TitleHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                          withReuseIdentifier: UICollectionView.elementKindSectionHeader)
        }
        #expect(grid.backgroundColor == .systemGroupedBackground)
        // Rows inset 20 on each side under a 38-point header, 44 high.
        #expect(frame(grid, 0, 0) == CGRect(x: 20, y: 38, width: 360, height: 44))
        #expect(frame(grid, 4, 0).maxY == CGFloat(38 + 5 * 44))
        #expect(frame(grid, 0, 1).minY == CGFloat(38 + 5 * 44 + 38))
        #expect(grid.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)) is TitleHeader)
        let cell = try! #require(grid.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        runFor(host, seconds: 0.1)
        let content = try! #require(cell.contentView.subviews.first as? UIListContentView)
        #expect(content.textLabel.text == "Row 0" && content.secondaryTextLabel.text == "detail")
        #expect(cell.backgroundConfiguration?.backgroundColor == .secondarySystemGroupedBackground)
        // Trailing: the label, then the chevron 16 from the edge; the content ends before them.
        let glyphs = cell.subviews.filter { $0.view is AccessoryGlyph }
        let chevron = try! #require(glyphs.first { ($0.view as! AccessoryGlyph).type == .disclosureIndicator })
        let label = try! #require(cell.subviews.compactMap { $0 as? UILabel }.first { $0.text == "3" })
        #expect(chevron.frame.maxX == 360 - 16 && !chevron.isHidden)
        #expect(label.frame.maxX <= chevron.frame.minX && !label.isHidden)
        #expect(cell.contentView.frame.minX == 0 && cell.contentView.frame.maxX <= label.frame.minX)
        let delete = try! #require(glyphs.first { ($0.view as! AccessoryGlyph).type == .delete })
        let reorder = try! #require(glyphs.first { ($0.view as! AccessoryGlyph).type == .reorder })
        #expect(delete.isHidden && reorder.isHidden)
        // The first row rounds its top corners, the last its bottom ones.
        #expect(cell.view.layer.maskedCorners.rawValue == 0b0011 && cell.view.layer.cornerRadius == 10)
        let last = try! #require(grid.cellForItem(at: IndexPath(item: 4, section: 0)))
        #expect(last.view.layer.maskedCorners.rawValue == 0b1100)
        // Editing: delete at the leading edge (the content moves over), reorder at the trailing one.
        grid.isEditing = true
        runFor(host, seconds: 0.1)
        #expect(!delete.isHidden && !reorder.isHidden && delete.frame.minX >= 0 && delete.frame.maxX < 60)
        #expect(cell.contentView.frame.minX >= delete.frame.maxX && reorder.frame.maxX == 360 - 16)
        #expect(chevron.frame.maxX <= reorder.frame.minX)
        runFor(host, seconds: 0.1)
    }

    @Test("UK1 list cells update their configuration for their state: a tap selects (updateConfiguration and the handler see it), editing, outline expansion, and the configurations' own updated(for:)")
    func UK1_configurationState() {
        let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain))
        let source = CountedSource([4])
        var handled: [Bool] = []
        source.configure = { cell, path in
            guard let cell = cell as? StateCell else { return }
            if path.item == 1 {
                cell.configurationUpdateHandler = { _, state in handled.append(state.isSelected) }
                cell.accessories = [.outlineDisclosure()]
            }
        }
        let (host, grid) = show(layout, source) { $0.register(StateCell.self, forCellWithReuseIdentifier: "cell") }
        runFor(host, seconds: 0.1)
        let cell = try! #require(grid.cellForItem(at: IndexPath(item: 1, section: 0)) as? StateCell)
        #expect(cell.states.last?.isSelected == false)
        #expect((cell.contentConfiguration as? UIListContentConfiguration)?.text == "normal")
        #expect(cell.backgroundConfiguration?.backgroundColor == .systemBackground)
        #expect(handled == [false])
        // A tap selects: the cell's state changes, and its configuration follows before it is drawn.
        tap(host, grid, at: CGPoint(x: 100, y: 44 + 22))
        runFor(host, seconds: 0.1)
        #expect(source.selected == [IndexPath(item: 1, section: 0)] && cell.isSelected)
        #expect(cell.states.last?.isSelected == true && handled.last == true)
        #expect((cell.contentConfiguration as? UIListContentConfiguration)?.text == "selected")
        #expect(cell.backgroundConfiguration?.backgroundColor == .systemGray4)
        let content = try! #require(cell.contentView.subviews.first as? UIListContentView)
        #expect(content.textLabel.text == "selected")
        grid.deselectItem(at: IndexPath(item: 1, section: 0), animated: false)
        runFor(host, seconds: 0.1)
        #expect(!cell.isSelected && content.textLabel.text == "normal" && cell.backgroundConfiguration?.backgroundColor == .systemBackground)
        // Editing reaches the state.
        grid.isEditing = true
        runFor(host, seconds: 0.1)
        #expect(cell.states.last?.isEditing == true && content.secondaryTextLabel.text == "editing")
        grid.isEditing = false
        // The outline disclosure opens the item: the state is expanded, the chevron points down.
        let outline = try! #require(cell.subviews.first { ($0.view as? AccessoryGlyph)?.type == .outlineDisclosure })
        #expect(outline.frame.maxX == CGFloat(400 - 16))
        var toggled: [IndexPath] = []
        grid.outlineToggleHandler = { toggled.append($0) }
        tap(host, grid, at: CGPoint(x: outline.frame.midX, y: 44 + 22))
        runFor(host, seconds: 0.1)
        #expect(cell.configurationState.isExpanded && cell.states.last?.isExpanded == true)
        #expect((outline.view as! AccessoryGlyph).isExpanded && toggled == [IndexPath(item: 1, section: 0)])
        #expect(source.selected.count == 1)                                          // the disclosure does not select
        // setNeedsUpdateConfiguration asks again before the next layout.
        let before = cell.states.count
        cell.setNeedsUpdateConfiguration()
        host.step()
        #expect(cell.states.count == before + 1)
        // The configurations' own state updates.
        var disabled = UICellConfigurationState(traitCollection: .current)
        disabled.isDisabled = true
        #expect(UIListContentConfiguration.cell().updated(for: disabled).textProperties.color == .tertiaryLabel)
        var chosen = UICellConfigurationState(traitCollection: .current)
        chosen.isSelected = true
        #expect(UIListContentConfiguration.sidebarCell().updated(for: chosen).textProperties.color == .white)
        #expect(UIListContentConfiguration.cell().updated(for: chosen).textProperties.color == .label)
        #expect(UIBackgroundConfiguration.listGroupedCell().updated(for: chosen).backgroundColor == .systemGray4)
        #expect(UIBackgroundConfiguration.listGroupedCell().updated(for: disabled).backgroundColor == .secondarySystemGroupedBackground)
        chosen[UIConfigurationStateCustomKey("pinned")] = true
        #expect(chosen[UIConfigurationStateCustomKey("pinned")] == AnyHashable(true))
        runFor(host, seconds: 0.1)
    }

    @Test("UK1 a horizontal compositional layout lays sections side by side: leading headers, groups along the scroll axis, fractions of the height")
    func UK1_horizontalCompositional() {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1.0 / 3.0)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size(.absolute(100), .fractionalHeight(1)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 0)
        section.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.absolute(40), .fractionalHeight(1)),
                                                        elementKind: UICollectionView.elementKindSectionHeader, alignment: .leading)
        ]
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        let source = CountedSource([7, 7])
        let (host, grid) = show(layout, source) { grid in
            grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            grid.register(TitleHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                          withReuseIdentifier: UICollectionView.elementKindSectionHeader)
        }
        #expect(grid.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 0, y: 0, width: 40, height: 600))
        #expect(frame(grid, 0, 0) == CGRect(x: 60, y: 0, width: 100, height: 200))
        #expect(frame(grid, 2, 0) == CGRect(x: 60, y: 400, width: 100, height: 200))
        #expect(frame(grid, 3, 0) == CGRect(x: 170, y: 0, width: 100, height: 200))
        #expect(frame(grid, 0, 1).minX == CGFloat(380 + 60))                                  // 60 + 3 × 100 + 2 × 10, then the next
        #expect(grid.contentSize == CGSize(width: 760, height: 600))
        grid.contentOffset = CGPoint(x: 380, y: 0)
        host.step()
        #expect(grid.cellForItem(at: IndexPath(item: 0, section: 1))?.frame.minX == CGFloat(440))
        runFor(host, seconds: 0.1)
    }

    @Test("UK1 an outline list over a diffable data source: the disclosure expands and collapses the item's children, which are indented")
    func UK1_outlineList() {
        enum Section: Hashable, Sendable { case main }
        let (host, window) = makeApp(width: 400, height: 600)
        let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .sidebar))
        let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 600), collectionViewLayout: layout)
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            cell.accessories = item.hasPrefix("Folder") ? [.outlineDisclosure(options: .init(style: .header))] : []
        }
        let source = UICollectionViewDiffableDataSource<Section, String>(collectionView: grid) { cv, indexPath, item in
            cv.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var outline = NSDiffableDataSourceSectionSnapshot<String>()
        outline.append(["Folder A", "File 1"])
        outline.append(["A1", "A2"], to: "Folder A")
        source.apply(outline, to: .main, animatingDifferences: false)
        window.addSubview(grid)
        window.makeKeyAndVisible()
        host.step(frames: 3)
        #expect(grid.numberOfItems(inSection: 0) == 2)
        func folderDisclosure() -> (UICollectionViewListCell, UIView)? {
            guard let cell = grid.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell,
                  let glyph = cell.subviews.first(where: { ($0.view as? AccessoryGlyph)?.type == .outlineDisclosure }) else { return nil }
            return (cell, glyph)
        }
        let (folder, glyph) = try! #require(folderDisclosure())
        #expect(!folder.configurationState.isExpanded && folder.defaultContentConfiguration().textProperties.font == UIListContentConfiguration.sidebarCell().textProperties.font)
        tap(host, grid, at: CGPoint(x: folder.frame.minX + glyph.frame.midX, y: folder.frame.midY))
        host.step(frames: 2)
        #expect(grid.numberOfItems(inSection: 0) == 4 && source.itemIdentifier(for: IndexPath(item: 1, section: 0)) == "A1")
        let child = try! #require(grid.cellForItem(at: IndexPath(item: 1, section: 0)) as? UICollectionViewListCell)
        #expect(child.indentationLevel == 1 && child.contentView.frame.minX == 10)
        let (open, openGlyph) = try! #require(folderDisclosure())
        #expect(open.configurationState.isExpanded && (openGlyph.view as! AccessoryGlyph).isExpanded)
        tap(host, grid, at: CGPoint(x: open.frame.minX + openGlyph.frame.midX, y: open.frame.midY))
        host.step(frames: 2)
        #expect(grid.numberOfItems(inSection: 0) == 2 && source.itemIdentifier(for: IndexPath(item: 1, section: 0)) == "File 1")
        runFor(host, seconds: 0.1)
    }

    @Test("SC6 a batch update takes an orthogonal section's band along with its section: its cells and offset kept")
    func SC6_orthogonalBandFollowsItsSection() {
        let source = CountedSource([20, 60])
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { [unowned source] index, _ in
            if source.counts[index] == 20 {
                let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
                let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: size(.absolute(300), .absolute(150)), subitems: [item]))
                section.orthogonalScrollingBehavior = .continuous
                return section
            }
            let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(44)))
            return NSCollectionLayoutSection(group: .vertical(layoutSize: size(.fractionalWidth(1), .absolute(44)), subitems: [item]))
        })
        let (host, grid) = show(layout, source)
        grid.collection.setOrthogonalContentOffset(Point(x: 300, y: 0), forSection: 0, animated: false)
        host.step()
        let second = try! #require(grid.cellForItem(at: IndexPath(item: 1, section: 0)))
        let created = grid.collection.cellsCreated
        source.counts = [2, 20, 60]
        var finished: Bool?
        grid.performBatchUpdates({ grid.insertSections(IndexSet(integer: 0)) }, completion: { finished = $0 })
        runFor(host, seconds: 0.5)
        #expect(finished == true)
        #expect(grid.cellForItem(at: IndexPath(item: 1, section: 1)) === second)
        #expect(grid.collection.orthogonalContentOffset(forSection: 1).x == 300)
        #expect(second.view.superview?.frame.minY == 88)                                  // the band, below two rows
        #expect(grid.cellForItem(at: IndexPath(item: 0, section: 0)) != nil && grid.collection.cellsCreated <= created + 2)
    }

    @Test("UK1 a compositional section of 1,000,000 items: its groups are found by arithmetic, so scrolling far costs what the visible items cost")
    func UK1_largeCompositional() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        let source = CountedSource([1_000_000])
        let (host, grid) = show(layout, source)
        #expect(grid.contentSize.height == CGFloat(250_000 * 100))
        #expect(frame(grid, 999_999, 0) == CGRect(x: 300, y: 249_999 * 100, width: 100, height: 100))
        let created = grid.collection.cellsCreated
        for k in 1...60 {
            grid.contentOffset = CGPoint(x: 0, y: 20_000_000 + Double(k) * 45)
            host.step()
        }
        #expect(grid.collection.cellsCreated <= created + 8)
        #expect(grid.collection.loadedCells.count <= 4 * 9)                         // 600 points and two margins of 100
        let rect = CGRect(x: 0, y: 20_000_000, width: 400, height: 250)
        #expect(grid.collectionViewLayout.layoutAttributesForElements(in: rect)!.count == 12)
        runFor(host, seconds: 0.1)
    }

    @Test("UK1 a flow layout's headers: the delegate's reference size, a registered UICollectionReusableView dequeued for the kind, UICollectionViewLayoutAttributes for supplementary views")
    func UK1_flowHeaders() {
        final class FlowSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
            func numberOfSections(in collectionView: UICollectionView) -> Int { 30 }
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            }
            func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                                at indexPath: IndexPath) -> UICollectionReusableView {
                let h = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: indexPath) as! TitleHeader
                h.title.text = "Section \(indexPath.section)"
                return h
            }
            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                referenceSizeForHeaderInSection section: Int) -> CGSize { CGSize(width: 0, height: section == 0 ? 60 : 30) }
            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                sizeForItemAt indexPath: IndexPath) -> CGSize { CGSize(width: 100, height: 100) }
        }
        let (host, window) = makeApp(width: 340, height: 480)
        let flow = UICollectionViewFlowLayout()
        flow.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 340, height: 480), collectionViewLayout: flow)
        let source = FlowSource()
        grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        grid.register(TitleHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "h")
        grid.dataSource = source
        grid.delegate = source
        window.addSubview(grid)
        window.makeKeyAndVisible()
        host.step(); host.step()
        let h0 = try! #require(grid.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) as? TitleHeader)
        #expect(h0.frame == CGRect(x: 0, y: 0, width: 340, height: 60) && h0.title.text == "Section 0")
        #expect(grid.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 70)
        let a = try! #require(flow.layoutAttributesForSupplementaryView(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)))
        #expect(a.frame == CGRect(x: 0, y: 60 + 10 + 210 + 10, width: 340, height: 30))
        #expect(a.representedElementCategory == .supplementaryView)
        let made = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, with: IndexPath(item: 0, section: 2))
        #expect(made.representedElementKind == UICollectionView.elementKindSectionFooter && made.indexPath.section == 2)
        for k in 1...40 { grid.contentOffset = CGPoint(x: 0, y: Double(k) * 90); host.step() }
        #expect(grid.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).count <= 3)
        #expect(grid.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).allSatisfy { $0 is TitleHeader })
        runFor(host, seconds: 0.1)
    }
}
