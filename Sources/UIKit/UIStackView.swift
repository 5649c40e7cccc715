// `UIStackView` over the engine's stack view (UK1).
import Geometry
import RenderModel
import TextEngine
import Timeline
import UpdateLoop

/// `UIStackView`: the engine's `StackView`.
@preconcurrency @MainActor
open class UIStackView: UIView {
    package var stack: StackView { view as! StackView }
    /// `UIStackView.Distribution`: how arranged views share the axis. Proportional fill is approximated
    /// by fill, and equal centering by equal spacing.
    public enum Distribution: Int, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
    /// `UIStackView.Alignment`: where arranged views sit across the axis. The baseline alignments are
    /// approximated by leading and trailing.
    public enum Alignment: Int, Sendable { case fill, leading, firstBaseline, center, trailing, lastBaseline
        /// `top`: the same as `.leading`.
        public static let top = Alignment.leading
        /// `bottom`: the same as `.trailing`.
        public static let bottom = Alignment.trailing
    }
    /// `UIStackView(arrangedSubviews:)`: an engine `StackView` with `views` arranged in order.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        views.forEach(addArrangedSubview)
    }
    public override init(frame: CGRect) {
        super.init(coder: EngineViewCoder(StackView(arrangedSubviews: []), frame: frame))!
    }
    /// `UIStackView(coder:)`: an empty engine `StackView`; the coder's keys are not decoded.
    public required init?(coder: NSCoder) {
        super.init(coder: EngineViewCoder.carrying(coder) { StackView(arrangedSubviews: []) })
    }
    /// `UIStackView.arrangedSubviews`: the engine stack view's `arrangedSubviews`.
    open var arrangedSubviews: [UIView] { stack.arrangedSubviews.map(UIView.wrap) }
    /// `UIStackView.addArrangedSubview(_:)`: the engine stack view's `addArrangedSubview(_:)`.
    open func addArrangedSubview(_ v: UIView) { v.view.facadeRetainer = v; stack.addArrangedSubview(v.view) }
    /// `UIStackView.insertArrangedSubview(_:at:)`: the engine stack view's `insertArrangedSubview(_:at:)`.
    open func insertArrangedSubview(_ v: UIView, at index: Int) { v.view.facadeRetainer = v; stack.insertArrangedSubview(v.view, at: index) }
    /// `UIStackView.removeArrangedSubview(_:)`: the engine stack view's `removeArrangedSubview(_:)`.
    open func removeArrangedSubview(_ v: UIView) { stack.removeArrangedSubview(v.view) }
    /// `UIStackView.axis`: the engine stack view's `axis`.
    open var axis: NSLayoutConstraint.Axis {
        get { stack.axis == .horizontal ? .horizontal : .vertical } set { stack.axis = newValue == .horizontal ? .horizontal : .vertical }
    }
    /// `UIStackView.spacing`: the engine stack view's `spacing`, in points.
    open var spacing: CGFloat { get { CGFloat(stack.spacing) } set { stack.spacing = newValue.double } }
    /// `UIStackView.distribution`: sets the engine stack view's `distribution` (see `Distribution`).
    open var distribution: Distribution = .fill {
        didSet {
            stack.distribution = switch distribution {
            case .fill: .fill
            case .fillEqually: .fillEqually
            case .fillProportionally: .fill
            case .equalSpacing, .equalCentering: .equalSpacing
            }
        }
    }
    /// `UIStackView.alignment`: sets the engine stack view's `alignment` (see `Alignment`).
    open var alignment: Alignment = .fill {
        didSet {
            stack.alignment = switch alignment {
            case .fill: .fill
            case .leading, .firstBaseline: .leading
            case .center: .center
            case .trailing, .lastBaseline: .trailing
            }
        }
    }
    /// `UIStackView.isLayoutMarginsRelativeArrangement`: stored only; the stack lays out in its bounds.
    open var isLayoutMarginsRelativeArrangement = false
    /// `UIStackView.isBaselineRelativeArrangement`: stored only; baselines are not used.
    open var isBaselineRelativeArrangement = false
    /// `UIStackView.setCustomSpacing(_:after:)`: the engine stack view's `setCustomSpacing(_:after:)`, in points.
    open func setCustomSpacing(_ spacing: CGFloat, after view: UIView) { stack.setCustomSpacing(spacing.double, after: view.view) }
    /// `UIStackView.customSpacing(after:)`: the engine stack view's `customSpacing(after:)`, in points.
    open func customSpacing(after view: UIView) -> CGFloat { CGFloat(stack.customSpacing(after: view.view)) }
    /// `UIStackView.spacingUseDefault`: the engine's `StackView.useDefaultSpacing`.
    public static let spacingUseDefault = CGFloat(StackView.useDefaultSpacing)
    /// `UIStackView.spacingUseSystem`: 8 points.
    public static let spacingUseSystem = CGFloat(8)
}
