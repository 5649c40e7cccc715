import Testing
import Foundation
@testable import UIKit
import Timeline
import TimelineTestSupport
import Geometry

@MainActor
@Suite("UK1 UIKit's text view, search controller, appearance proxies and launch scene")
struct UIKitTextAndSearchTests {
    final class TextViewLog: UITextViewDelegate {
        var log: [String] = []
        func textViewDidBeginEditing(_ textView: UITextView) { log.append("begin") }
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            log.append("change \(range.location),\(range.length) \(text.debugDescription)")
            return textView.text.count + text.count <= 6
        }
        func textViewDidChange(_ textView: UITextView) { log.append("did \(textView.text!.debugDescription)") }
        func textViewDidEndEditing(_ textView: UITextView) { log.append("end") }
    }

    @Test("UK1 UITextView edits multi-line text by the engine's editor: return is a line break, the delegate sees UIKit's calls with NSRanges and may refuse, notifications are posted")
    func UK1_textView() {
        let (host, window) = makeApp()
        let textView = UITextView(frame: CGRect(x: 10, y: 10, width: 200, height: 120))
        let delegate = TextViewLog()
        textView.delegate = delegate
        var notified = 0
        let token = NotificationCenter.default.addObserver(forName: UITextView.textDidChangeNotification, object: textView, queue: nil) { _ in
            notified += 1
        }
        defer { NotificationCenter.default.removeObserver(token) }
        window.addSubview(textView)
        window.makeKeyAndVisible()
        host.step()
        #expect(textView.isScrollEnabled && textView.isEditable && textView.text == "")
        #expect(textView.becomeFirstResponder() && textView.isFirstResponder)
        host.runLoop.send(.textInput("Hi"))
        host.runLoop.send(.keyDown(Key("return")))
        host.runLoop.send(.textInput("yo"))
        host.runLoop.send(.textInput("!!"))
        host.step()
        #expect(textView.text == "Hi\nyo")
        #expect(delegate.log == ["begin", "change 0,0 \"Hi\"", "did \"Hi\"", "change 2,0 \"\\n\"", "did \"Hi\\n\"",
                                 "change 3,0 \"yo\"", "did \"Hi\\nyo\"", "change 5,0 \"!!\""])
        #expect(notified == 3)
        #expect(textView.selectedRange == NSRange(location: 5, length: 0))
        textView.selectedRange = NSRange(location: 1, length: 99)
        #expect(textView.selectedRange == NSRange(location: 1, length: 4))
        #expect(textView.resignFirstResponder() && delegate.log.last == "end")
        // Not editable: focusing is refused and typing changes nothing.
        textView.isEditable = false
        _ = textView.becomeFirstResponder()
        host.runLoop.send(.textInput("z"))
        host.step()
        #expect(textView.text == "Hi\nyo")
    }

    @Test("UK1 UITextView without scrolling sizes itself to its lines; textContainerInset and font move the text")
    func UK1_textViewSizing() {
        let (host, window) = makeApp()
        let textView = UITextView()
        textView.isScrollEnabled = false
        textView.font = .systemFont(ofSize: 17)
        textView.textContainerInset = UIEdgeInsets(top: 12, left: 8, bottom: 12, right: 8)
        #expect(textView.textContainerInset == UIEdgeInsets(top: 12, left: 8, bottom: 12, right: 8))
        textView.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(textView)
        NSLayoutConstraint.activate([
            textView.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            textView.widthAnchor.constraint(equalToConstant: 160),
            textView.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
        ])
        window.makeKeyAndVisible()
        textView.text = "one"
        host.step(frames: 2)
        let oneLine = textView.frame.height
        textView.text = "one two three four five six seven eight nine ten eleven twelve"
        host.step(frames: 2)
        let lines = textView.frame.height
        #expect(oneLine > 24 + 17 && oneLine < 24 + 17 * 1.6)
        #expect(lines > oneLine * 2, "the wrapped text is several lines tall: \(lines) against \(oneLine)")
        #expect(abs(textView.sizeThatFits(CGSize(width: 160, height: 0)).height - lines) <= 1)
    }
}

@MainActor
@Suite("UK1 UIKit's search controller in a navigation item")
struct UIKitSearchTests {
    final class Countries: UITableViewController, UISearchResultsUpdating, UISearchBarDelegate {
        let search = UISearchController(searchResultsController: nil)
        var updates: [String] = []
        var scopes: [Int] = []
        var cancelled = 0
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Countries"
            search.searchResultsUpdater = self
            search.searchBar.placeholder = "Search countries"
            search.searchBar.scopeButtonTitles = ["All", "Europe", "Asia"]
            search.searchBar.delegate = self
            navigationItem.searchController = search
        }
        func updateSearchResults(for searchController: UISearchController) {
            updates.append("\(searchController.isActive) \(searchController.searchBar.text ?? "nil") \(searchController.searchBar.selectedScopeButtonIndex)")
        }
        func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) { scopes.append(selectedScope) }
        func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { cancelled += 1 }
    }

    @Test("UK1 a navigation item's search controller shows its bar under the title row; focusing activates it with Cancel and the scope bar, typing and scopes tell the updater, Cancel ends it")
    func UK1_searchController() {
        let (host, window) = makeApp(width: 390, height: 600)
        let countries = Countries(style: .plain)
        let nav = UINavigationController(rootViewController: countries)
        window.rootViewController = nav
        window.makeKeyAndVisible()
        host.step(frames: 2)
        let bar = countries.search.searchBar
        #expect(bar.window != nil)
        #expect(bar.convert(bar.bounds, to: nil) == CGRect(x: 0, y: 44, width: 390, height: 56))
        #expect(countries.view.convert(countries.view.bounds, to: nil).minY == 100, "the table starts under the search bar")
        #expect(!countries.search.isActive && !bar.showsCancelButton)

        #expect(bar.becomeFirstResponder())
        host.step(frames: 2)
        #expect(countries.search.isActive && bar.showsCancelButton && bar.showsScopeBar)
        #expect(bar.frame.height == 100 && countries.view.convert(countries.view.bounds, to: nil).minY == 144)
        host.runLoop.send(.textInput("fr"))
        host.step()
        let scope = bar.subviews.compactMap { $0 as? UISegmentedControl }.first
        scope?.selectedSegmentIndex = 1
        scope?.sendActions(for: .valueChanged)
        #expect(countries.scopes == [1])
        #expect(countries.updates == ["true  0", "true fr 0", "true fr 1"])

        let cancel = bar.subviews.compactMap { $0 as? UIButton }.first
        cancel?.sendActions(for: .touchUpInside)
        host.step(frames: 2)
        #expect(countries.cancelled == 1 && !countries.search.isActive && !bar.isFirstResponder)
        #expect(bar.text == "" && !bar.showsCancelButton && !bar.showsScopeBar)
        #expect(countries.updates.last == "false  1")
        #expect(countries.view.convert(countries.view.bounds, to: nil).minY == 100)
    }
}

@MainActor
@Suite("UK1 UIKit's appearance proxies, tab bar and launch scene")
struct UIKitAppearanceAndSceneTests {
    final class Tabs: UITabBarController, UITabBarControllerDelegate {
        var log: [String] = []
        var refuse: String?
        override func viewDidLoad() {
            super.viewDidLoad()
            delegate = self
            viewControllers = ["Home", "Inbox", "Profile"].map { t in
                let c = UIViewController()
                c.title = t
                c.tabBarItem = UITabBarItem(title: t, image: nil, selectedImage: nil)
                return c
            }
        }
        override func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) { log.append("bar \(item.title ?? "")") }
        func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
            log.append("should \(viewController.title ?? "")")
            return viewController.title != refuse
        }
        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
            log.append("did \(viewController.title ?? "")")
        }
    }

    @Test("UK1 bars made after an appearance proxy was set take its appearances; a bar's own setting wins; the tab bar's buttons are controls whose clicks go through shouldSelect, tabBar(_:didSelect:) and didSelect")
    func UK1_appearanceAndTabBar() {
        let (host, window) = makeApp(width: 390, height: 600)
        defer { UIApplication.shared.appearance.removeAll() }
        let tabAppearance = UITabBarAppearance()
        tabAppearance.configureWithOpaqueBackground()
        tabAppearance.backgroundColor = UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        let items = UITabBarItemAppearance()
        items.normal.iconColor = .systemGray
        items.selected.titleTextAttributes = [.foregroundColor: UIColor.systemOrange]
        tabAppearance.stackedLayoutAppearance = items
        UITabBar.appearance().standardAppearance = tabAppearance
        let navAppearance = UINavigationBarAppearance()
        navAppearance.configureWithOpaqueBackground()
        navAppearance.backgroundColor = .systemIndigo
        navAppearance.titleTextAttributes = [.foregroundColor: UIColor.white, .font: UIFont.systemFont(ofSize: 20, weight: .bold)]
        UINavigationBar.appearance().standardAppearance = navAppearance
        #expect(UINavigationBar.appearance() === UINavigationBar.appearance())

        let tabs = Tabs()
        let nav = UINavigationController(rootViewController: UIViewController())
        let ownNav = UINavigationController(rootViewController: UIViewController())
        ownNav.navigationBar.barTintColor = .systemRed
        #expect(tabs.tabBar.bar.backgroundColor == tabAppearance.backgroundColor!.color)
        #expect(nav.navigationBar.bar.backgroundColor == UIColor.systemIndigo.color)
        #expect(nav.navigationBar.bar.titleLabel.textColor == .white && nav.navigationBar.bar.titleLabel.font.pointSize == 20)
        #expect(ownNav.navigationBar.bar.backgroundColor == UIColor.systemRed.color, "a bar's own setting wins over the proxy")

        window.rootViewController = tabs
        window.makeKeyAndVisible()
        host.step(frames: 2)
        let buttons = tabs.tabBar.subviews.filter { $0 is UIControl }.sorted { $0.frame.minX < $1.frame.minX }
        #expect(buttons.count == 3)
        #expect(tabs.tabBar.items?.map(\.title) == ["Home", "Inbox", "Profile"] && tabs.tabBar.selectedItem?.title == "Home")
        #expect(tabs.tabs.tabBar.buttons[0].tintColor == UIColor.systemOrange.color)
        #expect(tabs.tabs.tabBar.buttons[1].tintColor == UIColor.systemGray.color)
        (buttons[1] as? UIControl)?.sendActions(for: .primaryActionTriggered)
        tabs.refuse = "Profile"
        (buttons[2] as? UIControl)?.sendActions(for: .primaryActionTriggered)
        (buttons[1] as? UIControl)?.sendActions(for: .primaryActionTriggered)
        #expect(tabs.log == ["should Inbox", "bar Inbox", "did Inbox", "should Profile", "should Inbox", "bar Inbox", "did Inbox"])
        #expect(tabs.selectedIndex == 1 && tabs.tabs.tabBar.buttons[1].tintColor == UIColor.systemOrange.color)
    }

    final class AppDelegate: UIApplicationDelegate {
        var log: [String] = []
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            log.append("launch"); return true
        }
        func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                         options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            log.append("configure")
            let c = UISceneConfiguration(name: "Main", sessionRole: connectingSceneSession.role)
            c.delegateClass = SceneDelegate.self
            return c
        }
    }
    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        var log: [String] = []
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            guard let windowScene = scene as? UIWindowScene else { return }
            log.append("connect \(session.configuration.name ?? "")")
            let window = UIWindow(windowScene: windowScene)
            window.rootViewController = UIViewController()
            window.makeKeyAndVisible()
            self.window = window
        }
        func sceneWillEnterForeground(_ scene: UIScene) { log.append("foreground") }
        func sceneDidBecomeActive(_ scene: UIScene) { log.append("active \(scene.activationState == .foregroundActive)") }
        func sceneWillResignActive(_ scene: UIScene) { log.append("resign") }
        func sceneDidEnterBackground(_ scene: UIScene) { log.append("background") }
        func sceneDidDisconnect(_ scene: UIScene) { log.append("disconnect") }
    }

    @Test("UK1 a scene delegate passed to main connects a window scene at launch: the app's configuration, willConnectTo (making the key window), foreground, active; closing resigns, backgrounds and disconnects")
    func UK1_launchScene() {
        let (host, _) = makeApp(width: 320, height: 480)
        let app = UIApplication.shared
        defer { app.windowScene = nil }
        let appDelegate = AppDelegate()
        let sceneDelegate = SceneDelegate()
        _ = appDelegate.application(app, didFinishLaunchingWithOptions: nil)
        app.connectScene({ sceneDelegate }, appDelegate: appDelegate)
        host.step()
        #expect(appDelegate.log == ["launch", "configure"])
        #expect(sceneDelegate.log == ["connect Main", "foreground", "active true"])
        let scene = app.connectedScenes.first as? UIWindowScene
        #expect(scene != nil && scene?.delegate === sceneDelegate && scene?.session.configuration.delegateClass == SceneDelegate.self)
        #expect(sceneDelegate.window?.windowScene === scene && app.keyWindow === sceneDelegate.window)
        app.disconnectScene()
        #expect(sceneDelegate.log.suffix(3) == ["resign", "background", "disconnect"] && scene?.activationState == .unattached)
    }
}

@Suite("UK1 what Foundation on Linux lacks and UIKit code uses")
struct UIKitFoundationGapTests {
    @Test("UK1 DateComponentsFormatter formats durations as Foundation's: positional with and without padding, abbreviated, short, full, unit limits")
    func UK1_dateComponentsFormatter() {
        let f = DateComponentsFormatter()
        f.allowedUnits = [.minute, .second]
        f.zeroFormattingBehavior = .pad
        #expect(f.string(from: 65) == "01:05" && f.string(from: 5) == "00:05" && f.string(from: 3600) == "60:00")
        f.zeroFormattingBehavior = .default
        #expect(f.string(from: 65) == "1:05" && f.string(from: 5) == "0:05")
        f.allowedUnits = [.hour, .minute, .second]
        #expect(f.string(from: 3725) == "1:02:05" && f.string(from: 125) == "2:05")
        f.unitsStyle = .abbreviated
        #expect(f.string(from: 3725) == "1h 2m 5s" && f.string(from: 3600) == "1h" && f.string(from: 0) == "0s")
        f.unitsStyle = .short
        #expect(f.string(from: 3725) == "1 hr, 2 min, 5 sec")
        f.unitsStyle = .full
        f.maximumUnitCount = 2
        #expect(f.string(from: 3725) == "1 hour, 2 minutes" && f.string(from: 61) == "1 minute, 1 second")
        f.includesTimeRemainingPhrase = true
        #expect(f.string(from: 60) == "1 minute remaining")
        #expect(f.string(from: .nan) == nil)
        var c = DateComponents()
        c.hour = 2; c.minute = 30
        #expect(DateComponentsFormatter.localizedString(from: c, unitsStyle: .abbreviated) == "2h 30m")
    }
}

@MainActor
@Suite("UK1 attributed text in labels, and Markdown")
struct UIKitAttributedLabelTests {
    @Test("UK1 AttributedString(markdown:) and its NSAttributedString reach a label as bold, italic and monospaced runs; UIKit keys set fonts, colours and underlines")
    func UK1_markdownInLabels() throws {
        let parsed = try AttributedString(markdown: "Make it **bold** and *slanted*, `code`",
                                          options: .init(interpretedSyntax: .inlineOnlyPreservingWhitespace))
        #expect(String(parsed.characters) == "Make it bold and slanted, code")
        let ns = NSMutableAttributedString(parsed)
        ns.addAttribute(.foregroundColor, value: UIColor.systemRed, range: NSRange(location: 0, length: 4))
        ns.addAttribute(.underlineStyle, value: NSUnderlineStyle.single.rawValue, range: NSRange(location: 0, length: 4))
        let label = UILabel()
        label.attributedText = ns
        #expect(label.text == "Make it bold and slanted, code" && label.attributedText === ns)
        let engine = try #require(label.label.attributedText)
        var fonts: [String: Font] = [:], colors: [String: Color] = [:], underlined: [String] = []
        for run in engine.runs {
            let text = String(engine[run.range].characters)
            if let f = run.timeline.font { fonts[text] = f }
            if let c = run.timeline.foregroundColor { colors[text] = c }
            if run.timeline.underlineStyle != nil { underlined.append(text) }
        }
        #expect(fonts["bold"]?.weight == .bold && fonts["slanted"]?.isItalic == true && fonts["code"]?.familyName == "DejaVu Sans Mono")
        #expect(colors["Make"] == UIColor.systemRed.color && underlined == ["Make"])
        label.text = "plain"
        #expect(label.label.attributedText == nil && label.attributedText?.string == "plain")
    }
}
