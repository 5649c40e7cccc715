import Foundation
import Geometry
import Timeline

// UIKit's search bar and search controller, made of the facade's own text field, button and
// segmented control. A search controller given to a navigation item shows its bar under the
// navigation bar's title row (the engine's `NavigationItem.accessoryView`); focusing the field
// makes it active, as UIKit presents it.

/// What a search bar tells and asks its delegate; every method is optional.
@preconcurrency @MainActor
public protocol UISearchBarDelegate: AnyObject {
    /// `UISearchBarDelegate.searchBarShouldBeginEditing(_:)`: whether the bar's field may start editing.
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    /// `UISearchBarDelegate.searchBarTextDidBeginEditing(_:)`: the field started editing.
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    /// `UISearchBarDelegate.searchBarShouldEndEditing(_:)`: whether the field may stop editing.
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
    /// `UISearchBarDelegate.searchBarTextDidEndEditing(_:)`: the field stopped editing.
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    /// `UISearchBarDelegate.searchBar(_:textDidChange:)`: the search text changed.
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    /// `UISearchBarDelegate.searchBar(_:shouldChangeTextIn:replacementText:)`: whether an edit may
    /// happen (`range` in UTF-16 code units).
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// `UISearchBarDelegate.searchBarSearchButtonClicked(_:)`: Return was pressed in the field.
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    /// `UISearchBarDelegate.searchBarCancelButtonClicked(_:)`: the Cancel button was pressed.
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
    /// `UISearchBarDelegate.searchBar(_:selectedScopeButtonIndexDidChange:)`: another scope was chosen.
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
    /// Partial: asked by nothing; the bar has no bookmark or results-list button.
    func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar)
    /// Partial: asked by nothing, as `searchBarBookmarkButtonClicked(_:)`.
    func searchBarResultsListButtonClicked(_ searchBar: UISearchBar)
}
extension UISearchBarDelegate {
    /// True by default.
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    /// Does nothing by default.
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    /// True by default.
    public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { true }
    /// Does nothing by default.
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    /// Does nothing by default.
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    /// True by default.
    public func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    /// Does nothing by default.
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    /// Does nothing by default.
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
    /// Does nothing by default.
    public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {}
    /// Does nothing by default.
    public func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar) {}
    /// Does nothing by default.
    public func searchBarResultsListButtonClicked(_ searchBar: UISearchBar) {}
}

/// The search bar's field: a rounded grey text field.
@preconcurrency @MainActor
open class UISearchTextField: UITextField {}

/// Passes the field's delegate calls to the search bar and its delegate.
@preconcurrency @MainActor
final class SearchFieldBridge: UITextFieldDelegate {
    unowned let bar: UISearchBar
    init(_ bar: UISearchBar) { self.bar = bar }
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { bar.delegate?.searchBarShouldBeginEditing(bar) ?? true }
    func textFieldDidBeginEditing(_ textField: UITextField) { bar.didBeginEditing() }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { bar.delegate?.searchBarShouldEndEditing(bar) ?? true }
    func textFieldDidEndEditing(_ textField: UITextField) { bar.delegate?.searchBarTextDidEndEditing(bar) }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        bar.delegate?.searchBar(bar, shouldChangeTextIn: range, replacementText: string) ?? true
    }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        bar.delegate?.searchBarSearchButtonClicked(bar)
        bar.searchController?.searchButtonClicked()
        return true
    }
}

/// `UISearchBar`: a search field, a Cancel button shown on demand and a scope bar of segments
/// below them.
@preconcurrency @MainActor
open class UISearchBar: UIView {
    /// `UISearchBar.Style`: the bar's look; minimal has a clear background, the others a light grey one.
    public enum Style: UInt, Sendable { case `default`, prominent, minimal }
    /// `UISearchBar.Icon`: which icon `setImage(_:for:state:)` names; the bar draws none.
    public enum Icon: Int, Sendable { case search, clear, bookmark, resultsList }

    /// `UISearchBar.searchTextField`: the field the search text is typed in (a `UITextField` over the
    /// engine's `TextField`).
    public let searchTextField = UISearchTextField(frame: .zero)
    private let cancelButton = UIButton(type: .system)
    private let scopeBar = UISegmentedControl(items: nil)
    private lazy var fieldBridge = SearchFieldBridge(self)
    /// The search controller the bar belongs to.
    weak var searchController: UISearchController?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }
    /// `UISearchBar(coder:)`: a search bar with its field, Cancel button and scope bar.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }
    /// `UISearchBar()`: a search bar with a zero frame.
    public convenience init() { self.init(frame: .zero) }
    private func setUp() {
        backgroundColor = UIColor(white: 0.97, alpha: 1)
        searchTextField.borderStyle = .roundedRect
        searchTextField.backgroundColor = .clear
        searchTextField.field.fieldBackgroundColor = Color(red: 0.46, green: 0.46, blue: 0.5, alpha: 0.12)
        searchTextField.field.outlineColor = .clear
        searchTextField.field.cornerRadius = 10
        searchTextField.placeholder = "Search"
        searchTextField.clearButtonMode = .whileEditing
        searchTextField.returnKeyType = .search
        searchTextField.delegate = fieldBridge
        searchTextField.addAction(UIAction { [weak self] _ in self?.textDidChange() }, for: .editingChanged)
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.addAction(UIAction { [weak self] _ in self?.cancelClicked() }, for: .touchUpInside)
        cancelButton.isHidden = true
        scopeBar.addAction(UIAction { [weak self] _ in self?.scopeChanged() }, for: .valueChanged)
        scopeBar.isHidden = true
        for v in [searchTextField, cancelButton, scopeBar] as [UIView] { addSubview(v) }
    }

    /// `UISearchBar.delegate`: told of the field's editing, Cancel and scope changes.
    open weak var delegate: (any UISearchBarDelegate)?
    /// `UISearchBar.text`: the search field's `text`.
    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    /// `UISearchBar.placeholder`: the search field's `placeholder`.
    open var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }
    /// Partial: kept; no prompt line is shown.
    open var prompt: String?
    /// `UISearchBar.searchBarStyle`: `.minimal` clears the background; the others are light grey.
    open var searchBarStyle: Style = .default {
        didSet { backgroundColor = searchBarStyle == .minimal ? .clear : UIColor(white: 0.97, alpha: 1) }
    }
    /// `UISearchBar.barTintColor`: the bar's background colour (nil leaves it).
    open var barTintColor: UIColor? { didSet { if let c = barTintColor { backgroundColor = c } } }
    /// `UISearchBar.isTranslucent`: stored only.
    open var isTranslucent = true
    /// `UISearchBar.barStyle`: stored only.
    open var barStyle: UIBarStyle = .default
    /// Partial: kept; the bar draws its own background.
    open var backgroundImage: UIImage?
    /// `UISearchBar.setImage(_:for:state:)`: does nothing; the bar draws no icons.
    open func setImage(_ image: UIImage?, for icon: Icon, state: UIControl.State) {}
    /// `UISearchBar.setBackgroundImage(_:for:barMetrics:)`: stores `backgroundImage` only.
    open func setBackgroundImage(_ image: UIImage?, for barPosition: UIBarPosition, barMetrics: UIBarMetrics) { backgroundImage = image }

    // MARK: Cancel button and scope bar

    /// `UISearchBar.showsCancelButton`: whether the Cancel button shows (not animated).
    open var showsCancelButton: Bool {
        get { !cancelButton.isHidden }
        set { setShowsCancelButton(newValue, animated: false) }
    }
    /// `UISearchBar.setShowsCancelButton(_:animated:)`: shows or hides the Cancel button.
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        guard cancelButton.isHidden == showsCancelButton else { return }
        cancelButton.isHidden = !showsCancelButton
        setNeedsLayout()
    }
    /// `UISearchBar.scopeButtonTitles`: the titles of the scope bar's segments.
    open var scopeButtonTitles: [String]? {
        didSet {
            scopeBar.removeAllSegments()
            for (i, t) in (scopeButtonTitles ?? []).enumerated() { scopeBar.insertSegment(withTitle: t, at: i, animated: false) }
            if !(scopeButtonTitles ?? []).isEmpty { scopeBar.selectedSegmentIndex = min(max(0, scopeIndex), (scopeButtonTitles ?? []).count - 1) }
            scopeIndex = scopeBar.selectedSegmentIndex
            sizeDidChange()
        }
    }
    private var scopeIndex = 0
    /// `UISearchBar.selectedScopeButtonIndex`: the chosen scope segment.
    open var selectedScopeButtonIndex: Int {
        get { scopeIndex }
        set {
            scopeIndex = newValue
            if newValue >= 0, newValue < (scopeButtonTitles ?? []).count { scopeBar.selectedSegmentIndex = newValue }
        }
    }
    /// Whether the scope bar shows (with titles to show).
    open var showsScopeBar = false { didSet { sizeDidChange() } }
    /// `UISearchBar.setShowsScope(_:animated:)`: shows or hides the scope bar (when it has titles).
    open func setShowsScope(_ show: Bool, animated: Bool) { showsScopeBar = show }
    private var scopeShown: Bool { showsScopeBar && !(scopeButtonTitles ?? []).isEmpty }

    // MARK: Traits of the field

    /// `UISearchBar.keyboardType`: the search field's `keyboardType` (stored only).
    open var keyboardType: UIKeyboardType { get { searchTextField.keyboardType } set { searchTextField.keyboardType = newValue } }
    /// `UISearchBar.returnKeyType`: the search field's `returnKeyType` (stored only).
    open var returnKeyType: UIReturnKeyType { get { searchTextField.returnKeyType } set { searchTextField.returnKeyType = newValue } }
    /// `UISearchBar.autocapitalizationType`: the search field's (stored only).
    open var autocapitalizationType: UITextAutocapitalizationType {
        get { searchTextField.autocapitalizationType } set { searchTextField.autocapitalizationType = newValue }
    }
    /// `UISearchBar.autocorrectionType`: the search field's (stored only).
    open var autocorrectionType: UITextAutocorrectionType {
        get { searchTextField.autocorrectionType } set { searchTextField.autocorrectionType = newValue }
    }
    /// `UISearchBar.inputAccessoryView`: the search field's (stored only).
    open var inputAccessoryView: UIView? { get { searchTextField.inputAccessoryView } set { searchTextField.inputAccessoryView = newValue } }

    // MARK: Responder

    open override var isFirstResponder: Bool { searchTextField.isFirstResponder }
    @discardableResult open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }
    @discardableResult open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }

    // MARK: Size and layout

    /// 56 points, and 44 more with the scope bar.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: scopeShown ? 100 : 56)
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: intrinsicContentSize.height) }
    open override func layoutSubviews() {
        super.layoutSubviews()
        let w = bounds.width
        var right = w - 16
        if !cancelButton.isHidden {
            let s = cancelButton.intrinsicContentSize
            cancelButton.frame = CGRect(x: w - 16 - s.width, y: 10, width: s.width, height: 36)
            right = cancelButton.frame.minX - 8
        }
        searchTextField.frame = CGRect(x: 16, y: 10, width: max(0, right - 16), height: 36)
        scopeBar.isHidden = !scopeShown
        if scopeShown { scopeBar.frame = CGRect(x: 16, y: 56, width: max(0, w - 32), height: 32) }
    }
    private func sizeDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        superview?.setNeedsLayout()
        searchController?.barSizeDidChange()
    }

    // MARK: Events

    fileprivate func didBeginEditing() {
        delegate?.searchBarTextDidBeginEditing(self)
        searchController?.fieldDidBeginEditing()
    }
    private func textDidChange() {
        delegate?.searchBar(self, textDidChange: text ?? "")
        searchController?.updateResults()
    }
    private func cancelClicked() {
        delegate?.searchBarCancelButtonClicked(self)
        searchController?.cancel()
    }
    private func scopeChanged() {
        scopeIndex = scopeBar.selectedSegmentIndex
        delegate?.searchBar(self, selectedScopeButtonIndexDidChange: scopeIndex)
        searchController?.updateResults()
    }
}

/// `UIBarPosition`: where a bar sits; accepted and ignored here.
public enum UIBarPosition: Int, Sendable { case any, bottom, top, topAttached }
/// `UIBarMetrics`: which bar size an image is for; accepted and ignored here.
public enum UIBarMetrics: Int, Sendable { case `default`, compact, defaultPrompt, compactPrompt }

/// Told when a search controller's search changes.
@preconcurrency @MainActor
public protocol UISearchResultsUpdating: AnyObject {
    /// `UISearchResultsUpdating.updateSearchResults(for:)`: the search text or scope changed.
    func updateSearchResults(for searchController: UISearchController)
}

/// Told when a search controller becomes active or inactive; every method is optional.
@preconcurrency @MainActor
public protocol UISearchControllerDelegate: AnyObject {
    /// `UISearchControllerDelegate.willPresentSearchController(_:)`: the search is about to start.
    func willPresentSearchController(_ searchController: UISearchController)
    /// `UISearchControllerDelegate.didPresentSearchController(_:)`: the search started.
    func didPresentSearchController(_ searchController: UISearchController)
    /// `UISearchControllerDelegate.willDismissSearchController(_:)`: the search is about to end.
    func willDismissSearchController(_ searchController: UISearchController)
    /// `UISearchControllerDelegate.didDismissSearchController(_:)`: the search ended.
    func didDismissSearchController(_ searchController: UISearchController)
    /// `UISearchControllerDelegate.presentSearchController(_:)`: asked by nothing here.
    func presentSearchController(_ searchController: UISearchController)
}
extension UISearchControllerDelegate {
    /// Does nothing by default.
    public func willPresentSearchController(_ searchController: UISearchController) {}
    /// Does nothing by default.
    public func didPresentSearchController(_ searchController: UISearchController) {}
    /// Does nothing by default.
    public func willDismissSearchController(_ searchController: UISearchController) {}
    /// Does nothing by default.
    public func didDismissSearchController(_ searchController: UISearchController) {}
    /// Does nothing by default.
    public func presentSearchController(_ searchController: UISearchController) {}
}

/// `UISearchController`: a search bar and the search it drives. Focusing the bar's field makes
/// it active (the Cancel button and the scope bar appear, the updater is told); typing, a scope
/// change and Cancel tell the updater again. A results controller's view covers the searched
/// screen's content while the search has text. Partial: the navigation bar is not hidden and
/// the background not dimmed during a search (`obscuresBackgroundDuringPresentation` and
/// `hidesNavigationBarDuringPresentation` are kept).
@preconcurrency @MainActor
open class UISearchController: UIViewController {
    /// `UISearchController.searchBar`: the bar the search is typed in.
    public let searchBar: UISearchBar
    /// `UISearchController.searchResultsController`: the controller showing results over the content.
    public private(set) var searchResultsController: UIViewController?
    /// `UISearchController.searchResultsUpdater`: told when the search changes.
    open weak var searchResultsUpdater: (any UISearchResultsUpdating)?
    /// `UISearchController.delegate`: told as the search starts and ends.
    open weak var delegate: (any UISearchControllerDelegate)?
    /// `UISearchController.obscuresBackgroundDuringPresentation`: stored only; nothing is dimmed.
    open var obscuresBackgroundDuringPresentation = true
    /// `UISearchController.dimsBackgroundDuringPresentation`: stored only; nothing is dimmed.
    open var dimsBackgroundDuringPresentation = true
    /// `UISearchController.hidesNavigationBarDuringPresentation`: stored only; the bar stays.
    open var hidesNavigationBarDuringPresentation = true
    /// `UISearchController.automaticallyShowsCancelButton`: whether Cancel shows while searching.
    open var automaticallyShowsCancelButton = true
    /// `UISearchController.automaticallyShowsScopeBar`: whether the scope bar shows while searching.
    open var automaticallyShowsScopeBar = true
    /// `UISearchController.automaticallyShowsSearchResultsController`: shows the results controller
    /// once the search text is not empty.
    open var automaticallyShowsSearchResultsController = true
    /// `UISearchController.showsSearchResultsController`: shows the results controller while active.
    open var showsSearchResultsController = false { didSet { placeResults() } }
    /// The navigation item that shows the bar (set by `navigationItem.searchController`).
    weak var hostItem: UINavigationItem?

    /// `UISearchController(searchResultsController:)`: a search controller with a 320 × 56 point bar,
    /// showing results in `searchResultsController` (nil: in the searching screen).
    public init(searchResultsController: UIViewController?) {
        searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 320, height: 56))
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
        searchBar.searchController = self
    }
    /// `UISearchController()`: results shown in the searching screen.
    public convenience init() { self.init(searchResultsController: nil) }
    /// `UISearchController(coder:)`: results shown in the searching screen.
    public required init?(coder: NSCoder) {
        searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 320, height: 56))
        super.init(coder: coder)
        searchBar.searchController = self
    }

    /// Whether a search is going on. Setting it true focuses the bar; false ends the search.
    open var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            if isActive { activate() } else { deactivate() }
        }
    }

    fileprivate func fieldDidBeginEditing() { if !isActive { isActive = true } }
    private func activate() {
        delegate?.willPresentSearchController(self)
        if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(true, animated: true) }
        if automaticallyShowsScopeBar, !(searchBar.scopeButtonTitles ?? []).isEmpty { searchBar.showsScopeBar = true }
        if !searchBar.isFirstResponder { searchBar.becomeFirstResponder() }
        updateResults()
        delegate?.didPresentSearchController(self)
    }
    private func deactivate() {
        delegate?.willDismissSearchController(self)
        if searchBar.isFirstResponder { searchBar.resignFirstResponder() }
        if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(false, animated: true) }
        if automaticallyShowsScopeBar { searchBar.showsScopeBar = false }
        updateResults()
        delegate?.didDismissSearchController(self)
    }
    fileprivate func cancel() {
        searchBar.text = ""
        isActive = false
    }
    fileprivate func searchButtonClicked() { searchBar.resignFirstResponder() }

    /// Tells the updater and shows or hides the results controller.
    fileprivate func updateResults() {
        placeResults()
        searchResultsUpdater?.updateSearchResults(for: self)
    }
    fileprivate func barSizeDidChange() { hostItem?.engine.accessoryViewSizeDidChange() }

    /// The results controller's view covers the searched screen's view while the search is
    /// active and has text (or `showsSearchResultsController` is set).
    private func placeResults() {
        guard let results = searchResultsController else { return }
        let show = isActive && (showsSearchResultsController || (automaticallyShowsSearchResultsController && !(searchBar.text ?? "").isEmpty))
        if show, results.parent == nil, let host = hostItem?.owner {
            host.addChild(results)
            results.view.frame = host.view.bounds
            results.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            host.view.addSubview(results.view)
            results.didMove(toParent: host)
        } else if !show, results.parent != nil {
            results.willMove(toParent: nil)
            results.view.removeFromSuperview()
            results.removeFromParent()
        }
    }
}
