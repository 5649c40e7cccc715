import Foundation
import Geometry
import Timeline
import TimelineSDL

/// The "Navigation" page (CN8, in part): a small photo app in a navigation controller (a list
/// of photos, a detail screen per photo, pushed and popped, with an edge swipe to go back), and
/// beside it the image views' content modes and a resizable image, all from Assets/images.
@MainActor
final class NavigationScene: GalleryScene {
    let title = "Navigation: push, pop, an edge swipe back, images"
    var help: String { "click a photo to push it; Back or an edge swipe from the left pops; Share: an action sheet; p: push, o: pop" }
    private var nav: NavigationController?
    private var assets: ImageAssets?
    static let photos = ["sunset", "ocean", "forest", "desk"]

    func build(in container: View, runLoop: MainRunLoop) {
        let directory = (try? AssetLocator.path(of: "images/sunset.png")).map { ($0 as NSString).deletingLastPathComponent } ?? "Assets/images"
        let assets = ImageAssets(directory: directory, displayScale: container.window?.scale ?? 1)
        self.assets = assets
        container.window?.releasesOnMemoryWarning(assets)       // decoded again after a memory warning (MR5)
        let h = container.bounds.height
        let phone = Rect(x: 20, y: 10, width: 340, height: min(600, h - 20))
        let list = PhotoListScreen(assets: assets)
        let nav = NavigationController(rootViewController: list)
        nav.navigationBar.prefersLargeTitles = true                 // "Photos" large, collapsing as the list scrolls
        nav.view.frame = phone
        nav.view.cornerRadius = 14
        container.addSubview(nav.view)
        nav.beginAppearanceTransition(true, animated: false)
        nav.endAppearanceTransition()
        self.nav = nav

        // Content modes: one photo in nine small frames.
        let x0 = phone.maxX + 30
        container.addSubview(makeLabel("content modes", size: 13, color: Palette.dim, at: Point(x: x0, y: 10)))
        let modes: [ContentMode] = [.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .top, .bottomRight,
                                    .left, .topLeft, .right]
        let image = assets.image(named: "forest")
        for (i, mode) in modes.enumerated() {
            let frame = Rect(x: x0 + Double(i % 3) * 132, y: 34 + Double(i / 3) * 112, width: 120, height: 80)
            let v = ImageView(image: image)
            v.frame = frame
            v.contentMode = mode
            v.clipsToBounds = true
            v.backgroundColor = Palette.card
            v.cornerRadius = 6
            container.addSubview(v)
            container.addSubview(makeLabel("\(mode)", size: 12, color: Palette.dim, at: Point(x: frame.minX, y: frame.maxY + 4)))
        }
        // A resizable image: a 30-point badge stretched by its caps, and a template in the tint.
        let y = 34 + 3 * 112.0
        if let badge = assets.image(named: "badge") {
            let stretched = ImageView(image: badge.resizableImage(withCapInsets: EdgeInsets(all: 10), resizingMode: .stretch))
            stretched.frame = Rect(x: x0, y: y, width: 250, height: 44)
            container.addSubview(stretched)
            let template = ImageView(image: badge.withRenderingMode(.alwaysTemplate))
            template.frame = Rect(x: x0 + 264, y: y + 7, width: 30, height: 30)
            template.tintColor = Palette.accents[1]
            container.addSubview(template)
            container.addSubview(makeLabel("nine slices; a template in the tint", size: 12, color: Palette.dim, at: Point(x: x0, y: y + 50)))
        }
    }

    func handleKey(_ key: Key) -> Bool {
        guard let nav, let assets else { return false }
        switch key.name {
        case "p":
            let n = nav.viewControllers.count - 1
            nav.pushViewController(PhotoScreen(name: Self.photos[n % Self.photos.count], assets: assets), animated: true)
            return true
        case "o":
            if nav.viewControllers.count > 1 { nav.popViewController(animated: true) }
            return true
        default: return false
        }
    }

    func tearDown() {
        nav?.beginAppearanceTransition(false, animated: false)
        nav?.endAppearanceTransition()
        nav = nil
    }
}

/// The list: one row per photo, a thumbnail and its name; a click pushes the photo.
@MainActor
final class PhotoListScreen: ViewController, TableViewDataSource, TableViewDelegate {
    let assets: ImageAssets
    init(assets: ImageAssets) {
        self.assets = assets
        super.init()
        title = "Photos"
    }

    override func loadView() {
        let table = TableView(frame: .zero)
        table.backgroundColor = Color(red: 0.97, green: 0.97, blue: 0.97)
        table.rowHeight = 64
        table.register(PhotoCell.self, forCellReuseIdentifier: "photo")
        table.dataSource = self
        table.tableDelegate = self
        setView(table)
    }

    func numberOfSections(in tableView: TableView) -> Int { 1 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 24 }
    func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> TableViewCell {
        let c = t.dequeueReusableCell(withIdentifier: "photo", for: p) as! PhotoCell
        let name = NavigationScene.photos[p.row % NavigationScene.photos.count]
        c.thumbnail.image = assets.image(named: name)
        c.textLabel?.text = "\(name.capitalized) \(p.row / NavigationScene.photos.count + 1)"
        c.textLabel?.textColor = .black
        c.accessoryType = .disclosureIndicator
        return c
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let name = NavigationScene.photos[indexPath.row % NavigationScene.photos.count]
        navigationController?.pushViewController(PhotoScreen(name: name, assets: assets), animated: true)
    }
}

/// A row with a thumbnail before its title.
@MainActor
final class PhotoCell: TableViewCell {
    let thumbnail = ImageView()
    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        thumbnail.contentMode = .scaleAspectFill
        thumbnail.clipsToBounds = true
        thumbnail.cornerRadius = 6
        contentView.addSubview(thumbnail)
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        thumbnail.frame = Rect(x: 12, y: 8, width: 64, height: bounds.height - 16)
        if let label = textLabel {
            var f = label.frame
            f.origin.x = 88
            f.size.width = max(0, bounds.width - 124)
            label.frame = f
        }
    }
}

/// One photo, fitted, with its name; "Next" pushes the next photo.
@MainActor
final class PhotoScreen: ViewController {
    let name: String
    let assets: ImageAssets
    init(name: String, assets: ImageAssets) {
        self.name = name; self.assets = assets
        super.init()
        title = name.capitalized
        navigationItem.largeTitleDisplayMode = .never
        navigationItem.leftBarButtonItems = []
        navigationItem.rightBarButtonItems = [BarButtonItem(title: "Share") { [weak self] _ in
            guard let self else { return }
            let sheet = AlertController(title: nil, message: "Share \(name.capitalized)", preferredStyle: .actionSheet)
            sheet.addAction(AlertAction(title: "Copy"))
            sheet.addAction(AlertAction(title: "Delete", style: .destructive) { _ in
                let alert = AlertController(title: "Delete \(name.capitalized)?", message: "This photo will be removed.", preferredStyle: .alert)
                alert.addAction(AlertAction(title: "Cancel", style: .cancel))
                alert.addAction(AlertAction(title: "Delete", style: .destructive))
                self.present(alert, animated: true)
            })
            sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
            self.present(sheet, animated: true)
        }]
        navigationItem.rightBarButtonItems.append(BarButtonItem(title: "Next") { [weak self] _ in
            guard let self, let nav = self.navigationController else { return }
            let i = (NavigationScene.photos.firstIndex(of: name) ?? 0) + 1
            nav.pushViewController(PhotoScreen(name: NavigationScene.photos[i % NavigationScene.photos.count], assets: assets), animated: true)
        })
    }

    override func loadView() {
        let v = View()
        v.backgroundColor = Color(red: 0.12, green: 0.12, blue: 0.14)
        let image = ImageView(image: assets.image(named: name))
        image.contentMode = .scaleAspectFit
        image.identifier = "photo"
        v.addSubview(image)
        let caption = Label(text: "\(name.capitalized), 480 x 320, scale aspect fit", fontSize: 14)
        caption.textColor = Color(red: 0.85, green: 0.86, blue: 0.9)
        caption.identifier = "caption"
        v.addSubview(caption)
        setView(v)
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let b = view.bounds
        for s in view.subviews {
            if s.identifier == "photo" { s.frame = Rect(x: 12, y: 16, width: b.width - 24, height: max(0, b.height - 70)) }
            if s.identifier == "caption" { s.frame = Rect(x: 16, y: b.height - 44, width: b.width - 32, height: 24) }
        }
    }
}
