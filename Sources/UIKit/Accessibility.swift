import Foundation
import Geometry
import Timeline

// UIKit's accessibility objects over the engine's (AX1): each stands for an engine
// `AccessibilityElement` or `AccessibilityCustomAction`, and what it sets is what the engine's
// tree (and a bridge reading it) sees.

/// An object that stands for a part of a view to assistive technologies: the engine's
/// `AccessibilityElement`.
@preconcurrency @MainActor
open class UIAccessibilityElement: NSObject {
    /// The engine element this one stands for.
    public let engine: AccessibilityElement
    /// The view or element that contains this one.
    open weak var accessibilityContainer: AnyObject?
    /// `UIAccessibilityElement.isAccessibilityElement`: the engine element's `isAccessibilityElement`.
    open var isAccessibilityElement: Bool { get { engine.isAccessibilityElement } set { engine.isAccessibilityElement = newValue } }
    /// `UIAccessibilityElement.accessibilityLabel`: the engine element's `accessibilityLabel`.
    open var accessibilityLabel: String? { get { engine.accessibilityLabel } set { engine.accessibilityLabel = newValue } }
    /// `UIAccessibilityElement.accessibilityHint`: the engine element's `accessibilityHint`.
    open var accessibilityHint: String? { get { engine.accessibilityHint } set { engine.accessibilityHint = newValue } }
    /// `UIAccessibilityElement.accessibilityValue`: the engine element's `accessibilityValue`.
    open var accessibilityValue: String? { get { engine.accessibilityValue } set { engine.accessibilityValue = newValue } }
    /// `UIAccessibilityElement.accessibilityIdentifier`: the engine element's `accessibilityIdentifier`.
    open var accessibilityIdentifier: String? { get { engine.accessibilityIdentifier } set { engine.accessibilityIdentifier = newValue } }
    /// `UIAccessibilityElement.accessibilityTraits`: the engine element's `accessibilityTraits`.
    open var accessibilityTraits: UIAccessibilityTraits { get { engine.accessibilityTraits } set { engine.accessibilityTraits = newValue } }
    /// The element's frame in window points (UIKit's screen coordinates).
    open var accessibilityFrame: CGRect { get { CGRect(engine.accessibilityFrame) } set { engine.accessibilityFrame = newValue.rect } }
    /// The element's frame in its container's coordinates.
    open var accessibilityFrameInContainerSpace: CGRect {
        get { CGRect(engine.accessibilityFrameInContainerSpace) }
        set { engine.accessibilityFrameInContainerSpace = newValue.rect }
    }
    /// `UIAccessibilityElement(accessibilityContainer:)`: an engine `AccessibilityElement` inside the
    /// container's engine object.
    public init(accessibilityContainer container: Any) {
        accessibilityContainer = container as AnyObject
        engine = AccessibilityElement(accessibilityContainer: UIView.engineAccessibilityObject(container))
        super.init()
        engine.onActivate = { [weak self] in self?.accessibilityActivate() ?? false }
        engine.onAdjust = { [weak self] step in if step > 0 { self?.accessibilityIncrement() } else { self?.accessibilityDecrement() } }
    }
    /// `UIAccessibilityElement.accessibilityActivate()`: false by default (nothing done); override it.
    open func accessibilityActivate() -> Bool { false }
    /// `UIAccessibilityElement.accessibilityIncrement()`: does nothing by default; override it.
    open func accessibilityIncrement() {}
    /// `UIAccessibilityElement.accessibilityDecrement()`: does nothing by default; override it.
    open func accessibilityDecrement() {}
}

/// An action an assistive technology offers on an element besides activating it: the engine's
/// `AccessibilityCustomAction`, whose handler calls the target's selector or the handler here.
@preconcurrency @MainActor
open class UIAccessibilityCustomAction: NSObject {
    /// The engine action this one stands for.
    public private(set) var engine: AccessibilityCustomAction!
    /// `UIAccessibilityCustomAction.name`: the engine action's `name`.
    open var name: String { get { engine.name } set { engine.name = newValue } }
    /// `UIAccessibilityCustomAction.image`: stored only.
    open var image: UIImage?
    /// `UIAccessibilityCustomAction.target`: the object sent `selector` when no handler is set.
    open weak var target: AnyObject?
    /// `UIAccessibilityCustomAction.selector`: the selector sent to `target`.
    open var selector: Selector?
    /// `UIAccessibilityCustomAction.actionHandler`: run when the action is chosen (before the selector).
    open var actionHandler: ((UIAccessibilityCustomAction) -> Bool)?
    /// `UIAccessibilityCustomAction(name:target:selector:)`: an engine action sending `selector` to
    /// `target`.
    public init(name: String, target: Any?, selector: Selector) {
        self.target = target as AnyObject?
        self.selector = selector
        super.init()
        makeEngine(name)
    }
    /// `UIAccessibilityCustomAction(name:image:actionHandler:)`: an engine action running
    /// `actionHandler`.
    public init(name: String, image: UIImage? = nil, actionHandler: @escaping (UIAccessibilityCustomAction) -> Bool) {
        self.image = image
        self.actionHandler = actionHandler
        super.init()
        makeEngine(name)
    }
    private func makeEngine(_ name: String) {
        engine = AccessibilityCustomAction(name: name) { [weak self] _ in
            guard let self else { return false }
            if let h = self.actionHandler { return h(self) }
            guard let t = self.target, let s = self.selector else { return false }
            return s.perform(on: t, with: self).performed
        }
    }
}

extension UIView {
    /// The engine object `item` stands for: a view's engine view, an element's engine element.
    static func engineAccessibilityObject(_ item: Any) -> AccessibilityObject? {
        switch item {
        case let v as UIView: v.view
        case let e as UIAccessibilityElement: e.engine
        case let o as AccessibilityObject: o
        default: nil
        }
    }
}
