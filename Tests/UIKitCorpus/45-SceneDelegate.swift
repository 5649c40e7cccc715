import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?

    func scene(_ scene: UIScene,
               willConnectTo session: UISceneSession,
               options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }

        configureAppearance()

        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = MainTabBarController()
        window.tintColor = .systemOrange
        window.makeKeyAndVisible()
        self.window = window
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        UIApplication.shared.applicationIconBadgeNumber = 0
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        UserDefaults.standard.set(Date(), forKey: "lastBackgroundDate")
    }

    private func configureAppearance() {
        let tabAppearance = UITabBarAppearance()
        tabAppearance.configureWithOpaqueBackground()
        tabAppearance.backgroundColor = .secondarySystemBackground
        tabAppearance.shadowColor = .clear

        let itemAppearance = UITabBarItemAppearance()
        itemAppearance.normal.iconColor = .systemGray
        itemAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.systemGray]
        itemAppearance.selected.iconColor = .systemOrange
        itemAppearance.selected.titleTextAttributes = [
            .foregroundColor: UIColor.systemOrange,
            .font: UIFont.systemFont(ofSize: 10, weight: .semibold)
        ]
        itemAppearance.normal.badgeBackgroundColor = .systemRed
        tabAppearance.stackedLayoutAppearance = itemAppearance
        tabAppearance.inlineLayoutAppearance = itemAppearance
        tabAppearance.compactInlineLayoutAppearance = itemAppearance

        UITabBar.appearance().standardAppearance = tabAppearance
        UITabBar.appearance().scrollEdgeAppearance = tabAppearance

        let navAppearance = UINavigationBarAppearance()
        navAppearance.configureWithDefaultBackground()
        navAppearance.largeTitleTextAttributes = [.foregroundColor: UIColor.label]
        UINavigationBar.appearance().standardAppearance = navAppearance
        UINavigationBar.appearance().compactAppearance = navAppearance
        UINavigationBar.appearance().scrollEdgeAppearance = navAppearance
    }
}

final class MainTabBarController: UITabBarController, UITabBarControllerDelegate {

    override func viewDidLoad() {
        super.viewDidLoad()
        delegate = self

        viewControllers = [
            makeTab(title: "Home", symbol: "house", selectedSymbol: "house.fill", color: .systemBackground),
            makeTab(title: "Explore", symbol: "safari", selectedSymbol: "safari.fill", color: .systemGroupedBackground),
            makeTab(title: "Inbox", symbol: "tray", selectedSymbol: "tray.fill", color: .systemBackground),
            makeTab(title: "Profile", symbol: "person.crop.circle", selectedSymbol: "person.crop.circle.fill",
                    color: .secondarySystemBackground)
        ]
        viewControllers?[2].tabBarItem.badgeValue = "3"

        tabBar.layer.shadowColor = UIColor.black.cgColor
        tabBar.layer.shadowOpacity = 0.08
        tabBar.layer.shadowOffset = CGSize(width: 0, height: -2)
        tabBar.layer.shadowRadius = 6
    }

    private func makeTab(title: String, symbol: String, selectedSymbol: String, color: UIColor) -> UINavigationController {
        let root = UIViewController()
        root.view.backgroundColor = color
        root.title = title
        root.navigationItem.largeTitleDisplayMode = .always

        let nav = UINavigationController(rootViewController: root)
        nav.navigationBar.prefersLargeTitles = true
        nav.tabBarItem = UITabBarItem(title: title,
                                      image: UIImage(systemName: symbol),
                                      selectedImage: UIImage(systemName: selectedSymbol))
        return nav
    }

    // Give the selected icon a little bounce.
    override func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        guard let index = tabBar.items?.firstIndex(of: item) else { return }
        let buttons = tabBar.subviews
            .filter { $0 is UIControl }
            .sorted { $0.frame.minX < $1.frame.minX }
        guard index < buttons.count,
              let imageView = buttons[index].subviews.compactMap({ $0 as? UIImageView }).first else { return }

        let bounce = CAKeyframeAnimation(keyPath: "transform.scale")
        bounce.values = [1.0, 1.3, 0.9, 1.05, 1.0]
        bounce.duration = 0.4
        bounce.calculationMode = .cubic
        imageView.layer.add(bounce, forKey: "bounce")
    }

    func tabBarController(_ tabBarController: UITabBarController,
                          shouldSelect viewController: UIViewController) -> Bool {
        if viewController == selectedViewController,
           let nav = viewController as? UINavigationController {
            nav.popToRootViewController(animated: true)
        }
        return true
    }
}
