import Timeline

/// A settings screen: a stack of labels and buttons, and a panel that the "Show panel" button
/// springs in from the right by animating its leading constraint's constant.
@MainActor
public final class PanelViewController: ViewController {
    public let showButton = Button(title: "Show panel", identifier: "show")
    public let hideButton = Button(title: "Hide panel", identifier: "hide")
    public let status = Label(text: "Panel hidden", fontSize: 16, identifier: "status")
    public let panel = View(identifier: "panel")
    /// The panel's leading edge relative to the root's trailing edge: 0 is off screen.
    public private(set) var panelLeading: LayoutConstraint!
    public private(set) var isPanelShown = false

    /// How far the panel comes in, in points.
    public let panelWidth = 220.0

    public override func viewDidLoad() {
        super.viewDidLoad()
        let root = view
        root.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.13)

        let title = Label(text: "Example app", fontSize: 24, identifier: "title")
        let stack = StackView(arrangedSubviews: [title, status, showButton, hideButton], identifier: "stack")
        stack.axis = .vertical
        stack.spacing = 12
        stack.alignment = .leading
        root.addSubview(stack)

        panel.backgroundColor = Color(red: 0.95, green: 0.6, blue: 0.2)
        panel.cornerRadius = 12
        root.addSubview(panel)

        panelLeading = panel.leadingAnchor.constraint(equalTo: root.trailingAnchor)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 24),
            stack.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 24),
            panelLeading,
            panel.topAnchor.constraint(equalTo: root.topAnchor, constant: 24),
            panel.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -24),
            panel.widthAnchor.constraint(equalToConstant: panelWidth),
        ])

        showButton.addAction(for: .primaryActionTriggered) { [weak self] _ in guard let self else { return }; setPanelShown(true) }
        hideButton.addAction(for: .primaryActionTriggered) { [weak self] _ in guard let self else { return }; setPanelShown(false) }
        hideButton.isEnabled = false
    }

    /// Springs the panel in or out by its constraint's constant (a frame-mode animation: the
    /// constant changes at once and the layout that follows is animated).
    public func setPanelShown(_ shown: Bool) {
        guard shown != isPanelShown else { return }
        isPanelShown = shown
        status.text = shown ? "Panel shown" : "Panel hidden"
        showButton.isEnabled = !shown
        hideButton.isEnabled = shown
        View.animate(springDuration: 0.5, bounce: 0.25) {
            panelLeading.constant = shown ? -(panelWidth + 24) : 0
            view.layoutIfNeeded()
        }
    }
}
