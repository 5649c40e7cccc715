import Foundation
import Geometry
import Timeline
import TimelineSDL

/// The "Scrolling" page (SC9): a 10,000-row table in 100 sections whose headers float, flung
/// and rubber-banded with UIKit's physics, pulled to refresh, a paging carousel, a zoomable
/// image (pinch or control-wheel, a double click zooms in twice on the spot and back), and a
/// header that stretches as the table is pulled past its top (driven by scrollViewDidScroll).
/// The wheel, page up/down and space scroll the table too.
@MainActor
final class ScrollingScene: GalleryScene, TableViewDataSource, TableViewDelegate {
    let title = "Scrolling: a 10,000-row table, paging, zoom, a stretchy header"
    var help: String { "drag or fling the table and the carousel; wheel, page up/down, space; t: to the top; ctrl-wheel or double-click the photo" }
    private var table: TableView?
    private var zoomer: ScrollView?
    private var photo: ImageView?
    private var assets: ImageAssets?
    private var header: View?
    private var headerLabel: Label?
    private let headerHeight = 70.0

    func build(in container: View, runLoop: MainRunLoop) {
        let w = container.bounds.width, h = container.bounds.height
        let tableWidth = min(420, w * 0.5)
        let head = View(frame: Rect(x: 20, y: 10, width: tableWidth, height: headerHeight))
        head.backgroundColor = Palette.panel
        head.cornerRadius = 10
        let title = Label(text: "10,000 rows", fontSize: 22)
        title.translatesAutoresizingMaskIntoConstraints = true
        title.frame = Rect(x: 16, y: (headerHeight - 28) / 2, width: tableWidth - 32, height: 28)
        title.textColor = Palette.text
        head.addSubview(title)
        headerLabel = title
        header = head

        let t = TableView(frame: Rect(x: 20, y: 10 + headerHeight + 6, width: tableWidth, height: h - headerHeight - 30))
        t.backgroundColor = Palette.card
        t.cornerRadius = 10
        t.register(TableViewCell.self, forCellReuseIdentifier: "row")
        container.addSubview(t)
        t.dataSource = self
        t.tableDelegate = self
        table = t
        // Pull to refresh: "refreshes" for a second and a half.
        let refresh = RefreshControl()
        _ = refresh.addAction(for: .valueChanged) { [weak refresh] _ in
            runLoop.schedule(after: .milliseconds(1500)) { refresh?.endRefreshing() }
        }
        t.refreshControl = refresh
        container.addSubview(head)                                    // above the table: it covers the pulled gap

        // A carousel of pages, one per flick.
        let x0 = 20 + tableWidth + 30
        let pageWidth = max(200, min(360, w - x0 - 20))
        container.addSubview(makeLabel("paging: one page a flick", size: 13, color: Palette.dim, at: Point(x: x0, y: 10)))
        let carousel = ScrollView(frame: Rect(x: x0, y: 32, width: pageWidth, height: 200))
        carousel.isPagingEnabled = true
        carousel.cornerRadius = 12
        carousel.contentSize = Size(width: pageWidth * 6, height: 200)
        for k in 0..<6 {
            let page = View(frame: Rect(x: Double(k) * pageWidth + 8, y: 8, width: pageWidth - 16, height: 184))
            page.backgroundColor = Palette.accents[k % Palette.accents.count]
            page.cornerRadius = 10
            let l = Label(text: "Page \(k + 1)", fontSize: 28)
            l.translatesAutoresizingMaskIntoConstraints = true
            l.frame = Rect(x: 20, y: 70, width: pageWidth - 56, height: 40)
            l.textColor = Palette.text
            page.addSubview(l)
            carousel.addSubview(page)
        }
        container.addSubview(carousel)
        let note = Label(text: "Pull the table past its top: the header stretches. Fling it: it decelerates at "
                         + "0.998 per millisecond and springs back at the ends without crossing them.", fontSize: 14)
        note.numberOfLines = 0
        note.textColor = Palette.dim
        note.translatesAutoresizingMaskIntoConstraints = true
        note.frame = Rect(x: x0, y: 250, width: pageWidth, height: 90)
        container.addSubview(note)

        // A photo to zoom: pinch or control-wheel, a double click zooms in on the spot (and out).
        let zoomHeight = max(120, min(240, h - 370))
        container.addSubview(makeLabel("zoom: ctrl-wheel or double-click", size: 13, color: Palette.dim, at: Point(x: x0, y: 340)))
        let directory = (try? AssetLocator.path(of: "images/forest.png")).map { ($0 as NSString).deletingLastPathComponent } ?? "Assets/images"
        let assets = ImageAssets(directory: directory, displayScale: container.window?.scale ?? 1)
        self.assets = assets
        container.window?.releasesOnMemoryWarning(assets)       // decoded again after a memory warning (MR5)
        let z = ScrollView(frame: Rect(x: x0, y: 362, width: pageWidth, height: zoomHeight))
        z.cornerRadius = 12
        z.backgroundColor = Palette.card
        z.minimumZoomScale = 1
        z.maximumZoomScale = 4
        let image = ImageView(image: assets.image(named: "forest"))
        image.translatesAutoresizingMaskIntoConstraints = true
        image.contentMode = .scaleAspectFill
        image.clipsToBounds = true
        image.frame = Rect(x: 0, y: 0, width: pageWidth, height: zoomHeight)
        z.addSubview(image)
        z.contentSize = image.frame.size
        z.delegate = self
        let doubleClick = TapGestureRecognizer()
        doubleClick.numberOfTapsRequired = 2
        doubleClick.addAction { [weak self, weak z] g in
            guard let self, let z else { return }
            guard let photo = self.photo else { return }
            if z.zoomScale > 1 {
                z.setZoomScale(1, animated: true)
            } else {
                let p = g.location(in: photo)
                z.zoom(to: Rect(x: p.x - pageWidth / 4, y: p.y - zoomHeight / 4, width: pageWidth / 2, height: zoomHeight / 2), animated: true)
            }
        }
        z.addGestureRecognizer(doubleClick)
        container.addSubview(z)
        zoomer = z
        photo = image
    }

    func viewForZooming(in scrollView: ScrollView) -> View? { scrollView === zoomer ? photo : nil }

    // MARK: Data

    func numberOfSections(in t: TableView) -> Int { 100 }
    func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { 100 }
    func tableView(_ t: TableView, titleForHeaderInSection s: Int) -> String? { "  Section \(s + 1)" }
    func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
        let c = t.dequeueReusableCell(withIdentifier: "row", for: p)
        c.textLabel?.text = "Row \(p.section * 100 + p.row + 1)"
        c.textLabel?.textColor = Palette.text
        c.detailTextLabel?.text = "\(p.section + 1).\(p.row + 1)"
        c.accessoryType = p.row % 7 == 0 ? .checkmark : .disclosureIndicator
        return c
    }

    /// The stretchy header: pulled past the top, it grows down over the gap the table opens.
    func scrollViewDidScroll(_ s: ScrollView) {
        guard let header, s === table else { return }
        let over = max(0, -s.contentOffset.y)
        header.frame = Rect(x: header.frame.minX, y: 10, width: header.frame.width, height: headerHeight + over)
        headerLabel?.frame = Rect(x: 16, y: (headerHeight + over - 28) / 2, width: header.frame.width - 32, height: 28)
    }

    func handleKey(_ key: Key) -> Bool {
        guard key.name == "t" else { return false }
        table?.scrollToTop()
        return true
    }

    func tearDown() {}
}
