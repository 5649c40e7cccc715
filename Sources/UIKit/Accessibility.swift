import Foundation

// Accessibility objects UIKit code makes and keeps: elements that stand for parts of a view
// drawn without subviews (a chart's bars), and custom actions. Partial: they are kept for the
// code that makes and reads them; no assistive technology reads them on Linux yet.

/// An object that stands for a part of a view to assistive technologies.
@preconcurrency @MainActor
open class UIAccessibilityElement: NSObject {
    /// The view or element that contains this one.
    open weak var accessibilityContainer: AnyObject?
    open var isAccessibilityElement = true
    open var accessibilityLabel: String?
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    open var accessibilityIdentifier: String?
    open var accessibilityTraits: UIAccessibilityTraits = .none
    /// The element's frame in screen coordinates.
    open var accessibilityFrame = CGRect.zero
    /// The element's frame in its container's coordinates.
    open var accessibilityFrameInContainerSpace = CGRect.zero
    public init(accessibilityContainer container: Any) {
        accessibilityContainer = container as AnyObject
        super.init()
    }
}

/// An action an assistive technology offers on an element besides activating it.
@preconcurrency @MainActor
open class UIAccessibilityCustomAction: NSObject {
    open var name: String
    open var image: UIImage?
    open weak var target: AnyObject?
    open var selector: Selector?
    open var actionHandler: ((UIAccessibilityCustomAction) -> Bool)?
    public init(name: String, target: Any?, selector: Selector) {
        self.name = name
        self.target = target as AnyObject?
        self.selector = selector
        super.init()
    }
    public init(name: String, image: UIImage? = nil, actionHandler: @escaping (UIAccessibilityCustomAction) -> Bool) {
        self.name = name
        self.image = image
        self.actionHandler = actionHandler
        super.init()
    }
}
