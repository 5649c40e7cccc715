@_spi(Engine) import Views
import Geometry

extension Button {
    /// How a button looks (CN1), as `UIButton.Configuration`: one of UIKit's four styles, a
    /// title and a subtitle, colours derived from the tint unless given, content insets, the
    /// padding between title and subtitle, and a corner style. The highlight animates.
    public struct Configuration: Sendable, Equatable {
        /// UIKit's four button styles: text only, a tint-tinted fill, a grey fill, or a solid tint fill.
        public enum Style: Sendable, Equatable { case plain, tinted, gray, filled }
        /// How round the corners are: by the button's size (dynamic), ``cornerRadius`` (fixed), three preset radii, or half the height (capsule).
        public enum CornerStyle: Sendable, Equatable { case dynamic, fixed, small, medium, large, capsule }
        /// The style colours are derived from.
        public var style: Style
        /// The title; nil: none.
        public var title: String?
        /// A second, smaller line under the title; nil: none.
        public var subtitle: String?
        /// The title's colour; nil: derived from the tint and style.
        public var baseForegroundColor: Color?
        /// The fill's colour; nil: derived from the tint and style.
        public var baseBackgroundColor: Color?
        /// Points between the button's edges and its content (7 above and below, 12 at the sides).
        public var contentInsets = EdgeInsets(top: 7, left: 12, bottom: 7, right: 12)
        /// Points between the title and the subtitle.
        public var titlePadding = 2.0
        /// Which side of the title the image sits on (`NSDirectionalRectEdge` of one edge).
        public enum ImagePlacement: Sendable, Equatable { case leading, trailing, top, bottom }
        /// An image beside the title (a template one is drawn in the foreground colour).
        public var image: Image?
        /// Where the image sits against the title (a tab bar's items put it on top).
        public var imagePlacement: ImagePlacement = .leading
        /// Points between the image and the title.
        public var imagePadding = 4.0
        /// The space actually left between image and title (none without a title).
        var imageGap: Double { (title ?? "").isEmpty ? 0 : imagePadding }
        /// How round the corners are (dynamic by default).
        public var cornerStyle: CornerStyle = .dynamic
        /// The corner radius for `.fixed` (and what `.dynamic` uses).
        public var cornerRadius = 8.0

        /// A configuration of `style` with no title.
        public init(style: Style) { self.style = style }
        /// The plain style: a title in the tint colour, no fill.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// The tinted style: a light fill of the tint, the title in the tint.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// The gray style: a grey fill, the title in the tint.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// The filled style: a solid fill of the tint, a white title.
        public static func filled() -> Configuration { Configuration(style: .filled) }

        /// The title colour for a tint, as UIKit derives it.
        public func foregroundColor(tint: Color) -> Color {
            if let c = baseForegroundColor { return c }
            return style == .filled ? .white : tint
        }

        /// The background for a tint and the highlight.
        public func backgroundColor(tint: Color, highlighted: Bool) -> Color {
            let base: Color = baseBackgroundColor ?? {
                switch style {
                case .filled: tint
                case .tinted: tint.withAlphaMultiplied(by: 0.18)
                case .gray: Color(red: 0.46, green: 0.46, blue: 0.5, alpha: 0.24)
                case .plain: .clear
                }
            }()
            guard highlighted else { return base }
            return style == .plain ? Color(red: 0.5, green: 0.5, blue: 0.55, alpha: 0.2)
                : Color(red: base.red * 0.8, green: base.green * 0.8, blue: base.blue * 0.8, alpha: base.alpha)
        }

        /// The corner radius for a button `height` tall.
        public func corner(height: Double) -> Double {
            switch cornerStyle {
            case .dynamic, .fixed: cornerRadius
            case .small: 4
            case .medium: 8
            case .large: 12
            case .capsule: height / 2
            }
        }
    }

    /// Applies ``configuration``'s content: title, subtitle, image, insets (the button's size
    /// follows them), then its colours. Without a configuration the per-state titles and colours
    /// come back and the configuration's pieces go.
    func applyConfiguration() {
        guard let c = configuration else {
            subtitleLabel?.isHidden = true
            imageView?.isHidden = true
            titleCenterX?.constant = 0
            titleCenterY?.constant = 0
            applyState()
            invalidateIntrinsicContentSize()
            return
        }
        let title = c.title ?? ""
        if titleLabel.text != title { titleLabel.text = title }
        if let subtitle = c.subtitle, !subtitle.isEmpty {
            let sub = subtitleLabel ?? {
                let l = Label(text: "", fontSize: 13)
                l.isUserInteractionEnabled = false
                addSubview(l)
                let top = l.topAnchor.constraint(equalTo: titleLabel.bottomAnchor)
                subtitleTop = top
                LayoutConstraint.activate([l.centerXAnchor.constraint(equalTo: centerXAnchor), top])
                subtitleLabel = l
                return l
            }()
            sub.text = subtitle
            sub.isHidden = false
            subtitleTop?.constant = c.titlePadding
            titleCenterY?.constant = -(sub.intrinsicContentSize.height + c.titlePadding) / 2
        } else {
            subtitleLabel?.isHidden = true
            titleCenterY?.constant = 0
        }
        if let image = c.image {
            let iv = imageView ?? {
                let v = ImageView()
                v.translatesAutoresizingMaskIntoConstraints = false
                addSubview(v)
                imageView = v
                return v
            }()
            iv.image = image
            iv.isHidden = false
            placeImage(iv, c.imagePlacement)
            imageGap?.constant = -c.imageGap
            // Image and title together are centred: the title moves away from the image by half
            // of it and the gap.
            let w = (image.size.width + c.imageGap) / 2, h = (image.size.height + c.imageGap) / 2
            switch c.imagePlacement {
            case .leading: titleCenterX?.constant = w
            case .trailing: titleCenterX?.constant = -w
            case .top: titleCenterX?.constant = 0; titleCenterY?.constant = (titleCenterY?.constant ?? 0) + h
            case .bottom: titleCenterX?.constant = 0; titleCenterY?.constant = (titleCenterY?.constant ?? 0) - h
            }
        } else {
            imageView?.isHidden = true
            titleCenterX?.constant = 0
        }
        if contentInsets != c.contentInsets { contentInsets = c.contentInsets }
        invalidateIntrinsicContentSize()
        applyConfigurationColors(animated: false)
    }

    /// Ties the image to the title on the side `placement` names (the two constraints are
    /// replaced when the side changes; ``imageGap`` is the one that keeps the padding).
    private func placeImage(_ iv: ImageView, _ placement: Configuration.ImagePlacement) {
        guard placement != placedImageSide || imageGap == nil else { return }
        LayoutConstraint.deactivate(imagePlacementConstraints)
        let gap: LayoutConstraint, across: LayoutConstraint
        switch placement {
        case .leading:
            gap = iv.trailingAnchor.constraint(equalTo: titleLabel.leadingAnchor)
            across = iv.centerYAnchor.constraint(equalTo: titleLabel.centerYAnchor)
        case .trailing:
            gap = titleLabel.trailingAnchor.constraint(equalTo: iv.leadingAnchor)
            across = iv.centerYAnchor.constraint(equalTo: titleLabel.centerYAnchor)
        case .top:
            gap = iv.bottomAnchor.constraint(equalTo: titleLabel.topAnchor)
            across = iv.centerXAnchor.constraint(equalTo: titleLabel.centerXAnchor)
        case .bottom:
            gap = titleLabel.bottomAnchor.constraint(equalTo: iv.topAnchor)
            across = iv.centerXAnchor.constraint(equalTo: titleLabel.centerXAnchor)
        }
        imageGap = gap
        placedImageSide = placement
        imagePlacementConstraints = [gap, across]
        LayoutConstraint.activate(imagePlacementConstraints)
    }

    /// The configuration's colours and corners for the current state and tint (a press or an
    /// enabled change needs only these; the highlight's colour change animates).
    func applyConfigurationColors(animated: Bool) {
        guard let c = configuration else { return }
        let fg = isEnabled ? c.foregroundColor(tint: tintColor) : c.foregroundColor(tint: tintColor).withAlphaMultiplied(by: 0.35)
        titleLabel.textColor = fg
        subtitleLabel?.textColor = fg.withAlphaMultiplied(by: 0.8)
        imageView?.tintColor = fg
        let bg = c.backgroundColor(tint: tintColor, highlighted: isHighlighted)
        if animated, window != nil {
            View.animate(withDuration: isHighlighted ? 0.08 : 0.2, animations: { self.backgroundColor = bg })
        } else {
            backgroundColor = bg
        }
        cornerRadius = c.corner(height: max(bounds.height, intrinsicContentSize.height))
    }
}
