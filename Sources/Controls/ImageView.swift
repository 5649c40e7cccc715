@_spi(Engine) import Views
import Geometry
import Images
import Motion

/// A view that shows an image, as `UIImageView` (CN2): the image is its layer's contents, placed
/// by `View/contentMode` (scale to fill by default), its intrinsic size the image's size in
/// points. A template image is drawn in `tintColor`. An animated image plays by itself;
/// ``animationImages`` play over ``animationDuration`` between ``startAnimating()`` and
/// ``stopAnimating()``. Both are functions of the frame's time, never counted frame by frame.
@MainActor
open class ImageView: View {
    /// The image shown (when not animating ``animationImages``).
    public var image: Image? {
        didSet {
            guard image !== oldValue else { return }
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
            updateContents()
        }
    }
    /// The image shown while ``isHighlighted`` (nil: ``image``).
    public var highlightedImage: Image? { didSet { if isHighlighted { updateContents() } } }
    /// Whether ``highlightedImage`` is shown instead of ``image``.
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { updateContents() } } }
    /// The image trait; not an element until the app says so, as in UIKit (AX1).
    open override var accessibilityDefaults: AccessibilityDefaults { AccessibilityDefaults(traits: .image) }
    /// Template images are drawn in the tint (inherited, `View.tintColor`).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        layer.contentsTintColor = tintColor
    }

    /// Frames played by ``startAnimating()``, each for ``animationDuration`` over their count.
    public var animationImages: [Image]? { didSet { if isAnimating { makePlaying() } } }
    /// Seconds one pass through ``animationImages`` takes (0: a thirtieth of a second a frame).
    public var animationDuration: Double = 0 { didSet { if isAnimating { makePlaying() } } }
    /// Passes to play (0: until stopped).
    public var animationRepeatCount = 0
    /// Whether ``animationImages`` are playing.
    public private(set) var isAnimating = false
    private var animationTimer: TimerToken?

    /// An image view showing `image`, sized to it (its frame set by hand, as UIKit's).
    public init(image: Image? = nil) {
        self.image = image
        super.init(frame: image.map { Rect(origin: .zero, size: $0.size) } ?? .zero)
        isUserInteractionEnabled = false
        layer.contentsTintColor = tintColor
        updateContents()
    }

    /// An image view without an image placed by `frame` (MR6).
    public convenience override init(frame: Rect) {
        self.init(image: nil)
        self.frame = frame
    }

    open override var intrinsicContentSize: Size {
        guard let image else { return Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }
        return image.size
    }

    /// The image's size (as UIKit's image view answers).
    open func sizeThatFits(_ size: Size) -> Size { image?.size ?? .zero }

    /// Plays ``animationImages`` from this frame.
    public func startAnimating() {
        guard let frames = animationImages, !frames.isEmpty else { return }
        stopTimer()
        isAnimating = true
        makePlaying()
        if animationRepeatCount > 0, let pass = playing?.duration, let runLoop = window?.runLoop {
            // Shown until the passes are done, then the still image again.
            let nanoseconds = MediaTime.nanoseconds(pass * Double(animationRepeatCount))
            animationTimer = runLoop.schedule(after: .nanoseconds(nanoseconds)) { [weak self] in self?.stopAnimating() }
        }
    }

    /// Stops playing ``animationImages`` and shows ``image`` again.
    public func stopAnimating() {
        guard isAnimating else { return }
        stopTimer()
        isAnimating = false
        playing = nil
        updateContents()
    }

    private func stopTimer() {
        if let t = animationTimer { window?.runLoop?.cancel(t) }
        animationTimer = nil
    }

    /// The animated image ``startAnimating()`` plays (made once a start, not per update).
    private var playing: Image?

    private func makePlaying() {
        if let frames = animationImages, !frames.isEmpty {
            playing = Image.animatedImage(with: frames, duration: animationDuration > 0 ? animationDuration : Double(frames.count) / 30)
        } else {
            playing = nil
        }
        updateContents()
    }

    private func updateContents() {
        let shown = playing ?? (isHighlighted ? highlightedImage ?? image : image)
        layer.contentsScale = shown?.scale ?? 1
        layer.contents = shown
    }
}
