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
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
    /// Partial: asked by nothing; the bar has no bookmark or results-list button.
    func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar)
    func searchBarResultsListButtonClicked(_ searchBar: UISearchBar)
}
extension UISearchBarDelegate {
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {}
    public func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar) {}
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
    public enum Style: UInt, Sendable { case `default`, prominent, minimal }
    public enum Icon: Int, Sendable { case search, clear, bookmark, resultsList }

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
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }
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

    open weak var delegate: (any UISearchBarDelegate)?
    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    open var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }
    /// Partial: kept; no prompt line is shown.
    open var prompt: String?
    open var searchBarStyle: Style = .default {
        didSet { backgroundColor = searchBarStyle == .minimal ? .clear : UIColor(white: 0.97, alpha: 1) }
    }
    open var barTintColor: UIColor? { didSet { if let c = barTintColor { backgroundColor = c } } }
    open var isTranslucent = true
    open var barStyle: UIBarStyle = .default
    /// Partial: kept; the bar draws its own background.
    open var backgroundImage: UIImage?
    open func setImage(_ image: UIImage?, for icon: Icon, state: UIControl.State) {}
    open func setBackgroundImage(_ image: UIImage?, for barPosition: UIBarPosition, barMetrics: UIBarMetrics) { backgroundImage = image }

    // MARK: Cancel button and scope bar

    open var showsCancelButton: Bool {
        get { !cancelButton.isHidden }
        set { setShowsCancelButton(newValue, animated: false) }
    }
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        guard cancelButton.isHidden == showsCancelButton else { return }
        cancelButton.isHidden = !showsCancelButton
        setNeedsLayout()
    }
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
    open var selectedScopeButtonIndex: Int {
        get { scopeIndex }
        set {
            scopeIndex = newValue
            if newValue >= 0, newValue < (scopeButtonTitles ?? []).count { scopeBar.selectedSegmentIndex = newValue }
        }
    }
    /// Whether the scope bar shows (with titles to show).
    open var showsScopeBar = false { didSet { sizeDidChange() } }
    open func setShowsScope(_ show: Bool, animated: Bool) { showsScopeBar = show }
    private var scopeShown: Bool { showsScopeBar && !(scopeButtonTitles ?? []).isEmpty }

    // MARK: Traits of the field

    open var keyboardType: UIKeyboardType { get { searchTextField.keyboardType } set { searchTextField.keyboardType = newValue } }
    open var returnKeyType: UIReturnKeyType { get { searchTextField.returnKeyType } set { searchTextField.returnKeyType = newValue } }
    open var autocapitalizationType: UITextAutocapitalizationType {
        get { searchTextField.autocapitalizationType } set { searchTextField.autocapitalizationType = newValue }
    }
    open var autocorrectionType: UITextAutocorrectionType {
        get { searchTextField.autocorrectionType } set { searchTextField.autocorrectionType = newValue }
    }
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

public enum UIBarPosition: Int, Sendable { case any, bottom, top, topAttached }
public enum UIBarMetrics: Int, Sendable { case `default`, compact, defaultPrompt, compactPrompt }

/// Told when a search controller's search changes.
@preconcurrency @MainActor
public protocol UISearchResultsUpdating: AnyObject {
    func updateSearchResults(for searchController: UISearchController)
}

/// Told when a search controller becomes active or inactive; every method is optional.
@preconcurrency @MainActor
public protocol UISearchControllerDelegate: AnyObject {
    func willPresentSearchController(_ searchController: UISearchController)
    func didPresentSearchController(_ searchController: UISearchController)
    func willDismissSearchController(_ searchController: UISearchController)
    func didDismissSearchController(_ searchController: UISearchController)
    func presentSearchController(_ searchController: UISearchController)
}
extension UISearchControllerDelegate {
    public func willPresentSearchController(_ searchController: UISearchController) {}
    public func didPresentSearchController(_ searchController: UISearchController) {}
    public func willDismissSearchController(_ searchController: UISearchController) {}
    public func didDismissSearchController(_ searchController: UISearchController) {}
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
    public let searchBar: UISearchBar
    public private(set) var searchResultsController: UIViewController?
    open weak var searchResultsUpdater: (any UISearchResultsUpdating)?
    open weak var delegate: (any UISearchControllerDelegate)?
    open var obscuresBackgroundDuringPresentation = true
    open var dimsBackgroundDuringPresentation = true
    open var hidesNavigationBarDuringPresentation = true
    open var automaticallyShowsCancelButton = true
    open var automaticallyShowsScopeBar = true
    open var automaticallyShowsSearchResultsController = true
    open var showsSearchResultsController = false { didSet { placeResults() } }
    /// The navigation item that shows the bar (set by `navigationItem.searchController`).
    weak var hostItem: UINavigationItem?

    public init(searchResultsController: UIViewController?) {
        searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 320, height: 56))
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
        searchBar.searchController = self
    }
    public convenience init() { self.init(searchResultsController: nil) }
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
