import UIKit

/// Full-screen photo viewer: pinch or double-tap to zoom, single tap to toggle chrome.
final class ZoomingImageViewerController: UIViewController {
    private let image: UIImage
    private let scrollView = UIScrollView()
    private let imageView = UIImageView()
    private let closeButton = UIButton(type: .close)
    private var lastLaidOutSize: CGSize = .zero
    private var isChromeHidden = false

    init(image: UIImage) {
        self.image = image
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .fullScreen
        modalTransitionStyle = .crossDissolve
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var prefersStatusBarHidden: Bool { isChromeHidden }
    override var prefersHomeIndicatorAutoHidden: Bool { isChromeHidden }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black

        scrollView.frame = view.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.delegate = self
        scrollView.showsVerticalScrollIndicator = false
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.decelerationRate = .fast
        scrollView.contentInsetAdjustmentBehavior = .never
        view.addSubview(scrollView)

        imageView.image = image
        imageView.frame = CGRect(origin: .zero, size: image.size)
        imageView.isUserInteractionEnabled = true
        scrollView.addSubview(imageView)
        scrollView.contentSize = image.size

        closeButton.translatesAutoresizingMaskIntoConstraints = false
        closeButton.addTarget(self, action: #selector(closeTapped), for: .touchUpInside)
        view.addSubview(closeButton)
        NSLayoutConstraint.activate([
            closeButton.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 12),
            closeButton.trailingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -16)
        ])

        let doubleTap = UITapGestureRecognizer(target: self, action: #selector(handleDoubleTap(_:)))
        doubleTap.numberOfTapsRequired = 2
        scrollView.addGestureRecognizer(doubleTap)

        let singleTap = UITapGestureRecognizer(target: self, action: #selector(handleSingleTap(_:)))
        singleTap.numberOfTapsRequired = 1
        singleTap.require(toFail: doubleTap)
        scrollView.addGestureRecognizer(singleTap)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // Only recompute scales when the available size actually changed (e.g. rotation).
        guard scrollView.bounds.size != lastLaidOutSize else { return }
        lastLaidOutSize = scrollView.bounds.size
        configureZoomScales()
    }

    private func configureZoomScales() {
        let boundsSize = scrollView.bounds.size
        guard image.size.width > 0, image.size.height > 0, boundsSize.width > 0 else { return }

        let widthScale = boundsSize.width / image.size.width
        let heightScale = boundsSize.height / image.size.height
        let fitScale = min(widthScale, heightScale)

        scrollView.minimumZoomScale = fitScale
        // Allow zooming to at least 3x the fitted size, or native resolution for large photos.
        scrollView.maximumZoomScale = max(fitScale * 3, 1.0)
        scrollView.zoomScale = fitScale
        centerImage()
    }

    /// Keeps the image centered when it is smaller than the scroll view.
    private func centerImage() {
        let boundsSize = scrollView.bounds.size
        let contentSize = imageView.frame.size
        let horizontal = max(0, (boundsSize.width - contentSize.width) / 2)
        let vertical = max(0, (boundsSize.height - contentSize.height) / 2)
        scrollView.contentInset = UIEdgeInsets(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    private func zoomRect(for scale: CGFloat, centeredAt center: CGPoint) -> CGRect {
        let size = CGSize(width: scrollView.bounds.width / scale,
                          height: scrollView.bounds.height / scale)
        return CGRect(x: center.x - size.width / 2,
                      y: center.y - size.height / 2,
                      width: size.width,
                      height: size.height)
    }

    // MARK: - Gestures

    @objc private func handleDoubleTap(_ recognizer: UITapGestureRecognizer) {
        if scrollView.zoomScale > scrollView.minimumZoomScale * 1.01 {
            scrollView.setZoomScale(scrollView.minimumZoomScale, animated: true)
        } else {
            let targetScale = min(scrollView.maximumZoomScale, scrollView.minimumZoomScale * 2.5)
            let point = recognizer.location(in: imageView)
            scrollView.zoom(to: zoomRect(for: targetScale, centeredAt: point), animated: true)
        }
    }

    @objc private func handleSingleTap(_ recognizer: UITapGestureRecognizer) {
        isChromeHidden.toggle()
        UIView.animate(withDuration: 0.25) {
            self.closeButton.alpha = self.isChromeHidden ? 0 : 1
            self.setNeedsStatusBarAppearanceUpdate()
        }
        setNeedsUpdateOfHomeIndicatorAutoHidden()
    }

    @objc private func closeTapped() {
        dismiss(animated: true)
    }
}

// MARK: - UIScrollViewDelegate

extension ZoomingImageViewerController: UIScrollViewDelegate {
    func viewForZooming(in scrollView: UIScrollView) -> UIView? {
        imageView
    }

    func scrollViewDidZoom(_ scrollView: UIScrollView) {
        centerImage()
    }

    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        // Snap back if the user pinched slightly below the fitted size.
        if scale < scrollView.minimumZoomScale {
            scrollView.setZoomScale(scrollView.minimumZoomScale, animated: true)
        }
    }
}
