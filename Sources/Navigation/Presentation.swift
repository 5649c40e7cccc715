@_spi(Engine) import Views
import Geometry

/// A controller's own presentation animation (an alert's), instead of the style's slide.
@MainActor
protocol PresentationAnimating: AnyObject {
    /// Where the presented view sits in the window's `bounds` while presented.
    func presentationFrame(in bounds: Rect) -> Rect
    /// Puts `view`'s content where the appearance starts (before the animation).
    func prepareToAppear(_ view: View)
    /// The appearance's end state (set inside the animation).
    func appear(_ view: View)
    /// The dismissal's end state (set inside the animation).
    func disappear(_ view: View)
    /// The dimming's alpha while presented.
    var dimmingAlpha: Double { get }
}

extension ViewController {
    /// The gap above a page sheet, and how far the screen under it scales back.
    public static let sheetTopInset = 40.0
    /// How far the screen under a page sheet scales back (to 92%).
    public static let sheetScale = 0.92
    /// The dimming over the screen under a page sheet.
    public static let sheetDimming = 0.4

    /// Presents `controller` modally, as UIKit's `present(_:animated:completion:)`: a full-screen
    /// or page-sheet controller slides up from the bottom edge (the presenting screen, for a sheet,
    /// scales back under a dimming); an alert scales in from 1.2 with a fade. Presenting while
    /// presenting, or a controller already presented or in a container, is a misuse diagnostic
    /// and no change.
    public func present(_ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        guard let window = view.window else {
            return reportMisuse("present: \(type(of: self)) is not in a window; nothing was presented")
        }
        guard presentedViewController == nil else {
            return reportMisuse("present: \(type(of: self)) is already presenting \(type(of: presentedViewController!)); nothing was presented")
        }
        guard controller.presentingViewController == nil, controller.parent == nil, controller !== self else {
            return reportMisuse("present: \(type(of: controller)) is already presented or in a container; nothing was presented")
        }
        presentedViewController = controller
        controller.presentingViewController = self
        controller.isBeingPresented = true
        let container = window.rootView, bounds = container.bounds
        let style = controller.modalPresentationStyle
        let custom = controller as? any PresentationAnimating
        let dimming = View(frame: bounds)
        dimming.backgroundColor = .black
        dimming.alpha = 0
        container.addSubview(dimming)
        controller.presentationDimming = dimming
        let presented = controller.view
        let final = custom?.presentationFrame(in: bounds) ?? frame(for: style, in: bounds)
        presented.frame = final
        container.addSubview(presented)
        // Reduce motion (AX4): the presented view cross-fades in where it ends, no slide or zoom.
        let reduced = animated && window.prefersReducedMotion
        if let custom {
            custom.prepareToAppear(presented)
            if reduced { custom.appear(presented) }
        } else if !reduced {
            presented.center.y += bounds.height - final.minY
        }
        if reduced { presented.alpha = 0 }
        // The screen under: a full-screen cover hides it, a sheet scales it back (not when it
        // is the window's root view, which holds the presentation itself).
        let presentingView = view
        if style == .pageSheet, custom == nil { presented.cornerRadius = 10 }
        let covers = style == .fullScreen && custom == nil
        if covers { beginAppearanceTransition(false, animated: animated) }
        controller.beginAppearanceTransition(true, animated: animated)
        let changes = {
            if reduced {
                presented.alpha = 1
            } else if let custom {
                custom.appear(presented)
            } else {
                presented.center = Point(x: final.midX, y: final.midY)
            }
            dimming.alpha = custom?.dimmingAlpha ?? (style == .pageSheet ? Self.sheetDimming : 0)
            if style == .pageSheet, custom == nil, presentingView !== container, !reduced {
                presentingView.transform = AffineTransform(scaleX: Self.sheetScale, y: Self.sheetScale)
            }
        }
        let done = { [weak self, weak controller] in
            controller?.isBeingPresented = false
            controller?.endAppearanceTransition()
            if covers { self?.endAppearanceTransition() }
            if style == .pageSheet, custom == nil, let controller { self?.installSheetPan(on: controller) }
            if let v = controller?.view, v.window?.hasAccessibilityObservers == true {
                v.postAccessibilityNotification(.screenChanged(v.firstAccessibilityElement))   // read from its first element
            }
            completion?()
        }
        guard animated else { changes(); done(); return }
        if reduced {
            return View.animate(withDuration: NavigationController.crossFadeDuration, animations: changes, completion: { _ in done() })
        }
        let duration = custom == nil ? NavigationController.transitionDuration : 0.25
        View.animate(springDuration: duration, bounce: 0, animations: changes, completion: { _ in done() })
    }

    /// Dismisses the controller this one presents (or, called on a presented controller, itself),
    /// as UIKit's `dismiss(animated:completion:)`: the presentation runs backwards.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        let presenter = presentedViewController != nil ? self : presentingViewController
        guard let presenter, let controller = presenter.presentedViewController else { completion?(); return }
        guard !controller.isBeingDismissed, !controller.isBeingPresented else {
            return reportMisuse("dismiss: a presentation of \(type(of: controller)) is running; nothing changed")
        }
        controller.isBeingDismissed = true
        let style = controller.modalPresentationStyle
        let custom = controller as? any PresentationAnimating
        let presented = controller.view, dimming = controller.presentationDimming
        let bounds = presented.superview?.bounds ?? presented.frame
        let covers = style == .fullScreen && custom == nil
        controller.beginAppearanceTransition(false, animated: animated)
        if covers { presenter.beginAppearanceTransition(true, animated: animated) }
        let reduced = animated && presented.window?.prefersReducedMotion == true
        let changes = {
            if reduced {
                presented.alpha = 0
            } else if let custom {
                custom.disappear(presented)
            } else {
                presented.center.y += bounds.height - presented.frame.minY
            }
            dimming?.alpha = 0
            if style == .pageSheet, custom == nil { presenter.view.transform = .identity }
        }
        let done = { [weak presenter, weak controller] in
            guard let controller else { return }
            presenter?.finishDismissal(of: controller)
            if reduced { presented.alpha = 1 }
            if covers { presenter?.endAppearanceTransition() }
            // The screen under it again: read from the window's first element.
            if let presenter, presenter.isViewLoaded, let w = presenter.view.window, w.hasAccessibilityObservers {
                w.postAccessibilityNotification(.screenChanged(w.rootView.firstAccessibilityElement))
            }
            completion?()
        }
        guard animated else { changes(); done(); return }
        if reduced {
            return View.animate(withDuration: NavigationController.crossFadeDuration, animations: changes, completion: { _ in done() })
        }
        let duration = custom == nil ? NavigationController.transitionDuration : 0.2
        View.animate(springDuration: duration, bounce: 0, animations: changes, completion: { _ in done() })
    }

    /// Ends a dismissal of `controller` (presented by this one): its views go, the links are cut
    /// and it hears its didDisappear.
    private func finishDismissal(of controller: ViewController) {
        let presented = controller.view
        presented.removeFromSuperview()
        controller.presentationDimming?.removeFromSuperview()
        controller.presentationDimming = nil
        if let pan = controller.sheetPan { presented.removeGestureRecognizer(pan); controller.sheetPan = nil }
        controller.isBeingDismissed = false
        controller.presentingViewController = nil
        presentedViewController = nil
        controller.endAppearanceTransition()
    }

    // MARK: Pulling a sheet down (CN6)

    /// A pan on a presented page sheet pulls it down by hand: it follows the finger, the screen
    /// under scales back up and the dimming fades with the share of the height travelled; on
    /// release past half the height or flung down it dismisses from there, otherwise it springs
    /// back, with the appearance calls of a cancelled dismissal.
    func installSheetPan(on controller: ViewController) {
        guard controller.sheetPan == nil else { return }
        let pan = PanGestureRecognizer()
        pan.addAction { [weak self, weak controller] g in
            guard let self, let controller, let pan = g as? PanGestureRecognizer else { return }
            self.sheetPanChanged(pan, controller)
        }
        controller.view.addGestureRecognizer(pan)
        controller.sheetPan = pan
    }

    private func sheetPanChanged(_ pan: PanGestureRecognizer, _ controller: ViewController) {
        guard let container = controller.view.superview else { return }
        let top = Self.sheetTopInset, height = max(1, container.bounds.height - top)
        let dy = max(0, pan.translation(in: container).y)
        let f = min(dy / height, 1)
        func place(_ f: Double) {
            controller.view.center = Point(x: container.bounds.midX, y: top + height / 2 + f * height)
            controller.presentationDimming?.alpha = Self.sheetDimming * (1 - f)
            let s = Self.sheetScale + (1 - Self.sheetScale) * f
            if view !== container { view.transform = AffineTransform(scaleX: s, y: s) }
        }
        switch pan.state {
        case .began:
            controller.beginAppearanceTransition(false, animated: true)
            place(f)
        case .changed:
            place(f)
        case .ended, .cancelled, .failed:
            let v = pan.state == .ended ? pan.velocity(in: container).y : 0
            if pan.state == .ended && (v > 1000 || (f > 0.5 && v > -500)) {
                // Dismissed from where the finger left it (the calls already began).
                controller.isBeingDismissed = true
                View.animate(springDuration: NavigationController.transitionDuration, bounce: 0,
                             initialSpringVelocity: (1 - f) * height > 1 ? v / ((1 - f) * height) : 0, animations: {
                    place(1)
                }, completion: { [weak self, weak controller] _ in
                    guard let self, let controller else { return }
                    self.view.transform = .identity
                    self.finishDismissal(of: controller)
                })
            } else {
                controller.beginAppearanceTransition(true, animated: true)
                View.animate(springDuration: NavigationController.transitionDuration, bounce: 0, animations: { place(0) },
                             completion: { [weak controller] _ in controller?.endAppearanceTransition() })
            }
        default: break
        }
    }

    /// Where a presented controller of `style` ends up in `bounds`.
    func frame(for style: ModalPresentationStyle, in bounds: Rect) -> Rect {
        switch style {
        case .fullScreen, .overFullScreen: bounds
        case .pageSheet: Rect(x: 0, y: Self.sheetTopInset, width: bounds.width, height: max(0, bounds.height - Self.sheetTopInset))
        }
    }

    /// Reports a refused call: to the window the controller's view is in, or (off screen) to
    /// the log alone.
    func reportMisuse(_ message: String) {
        if isViewLoaded, let w = view.window { w.report(misuse: message) } else {
            let log = DiagnosticLog()
            log.keepsEntries = false
            log.report(Diagnostic(kind: .misuse, frame: -1, message: message))
        }
    }
}

extension ViewController {
    /// Records `controller` as presented by this one for a presentation someone else runs (a
    /// facade's custom transition): the links are set and it is being presented. False, with
    /// a misuse diagnostic, where ``present(_:animated:completion:)`` would refuse.
    public func beginExternalPresentation(of controller: ViewController) -> Bool {
        guard view.window != nil else {
            reportMisuse("present: \(type(of: self)) is not in a window; nothing was presented")
            return false
        }
        guard presentedViewController == nil, controller.presentingViewController == nil, controller.parent == nil, controller !== self else {
            reportMisuse("present: \(type(of: self)) is already presenting, or \(type(of: controller)) is already presented or in a container; nothing was presented")
            return false
        }
        presentedViewController = controller
        controller.presentingViewController = self
        controller.isBeingPresented = true
        return true
    }
    /// The external presentation of `controller` ended: completed, it stays presented;
    /// cancelled, the links are cut.
    public func endExternalPresentation(of controller: ViewController, completed: Bool) {
        controller.isBeingPresented = false
        if !completed, presentedViewController === controller {
            presentedViewController = nil
            controller.presentingViewController = nil
        }
    }
    /// Marks `controller` (presented by this one) as being dismissed by someone else.
    public func beginExternalDismissal(of controller: ViewController) -> Bool {
        guard presentedViewController === controller, !controller.isBeingDismissed, !controller.isBeingPresented else { return false }
        controller.isBeingDismissed = true
        return true
    }
    /// The external dismissal ended: completed, the links are cut; cancelled, it stays.
    public func endExternalDismissal(of controller: ViewController, completed: Bool) {
        controller.isBeingDismissed = false
        guard completed, presentedViewController === controller else { return }
        presentedViewController = nil
        controller.presentingViewController = nil
    }
}
