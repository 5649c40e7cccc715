import UpdateLoop

extension MainRunLoop {
    /// The run loop's view animation engine, which makes block, keyframe and constant
    /// animations and property animators' tracks into animations of the views' layers. Made on
    /// first use and kept by the layer engine, which evaluates what it makes: the loop has one
    /// animation driver (CA8).
    public var animations: AnimationEngine {
        let driver = layers
        if let engine = driver.viewAnimations as? AnimationEngine { return engine }
        let engine = AnimationEngine(runLoop: self)
        engine.layerEngine = driver
        driver.viewAnimations = engine
        return engine
    }

    /// The run loop's layer engine: it advances every animation (the views' through
    /// ``animations``, and explicit and implicit layer animations) and runs layer display and
    /// layout, for every layer tree of its windows (CA6-CA8). Made on first use and added as the
    /// loop's participant (``add(_:)`` makes it before the window), so presentations are ready when windows
    /// commit.
    public var layers: LayerEngine {
        if let engine = participant(ofType: LayerEngine.self) { return engine }
        return LayerEngine(runLoop: self)
    }

    /// Adds a window; its frames run from the next tick. Input events sent with
    /// `MainRunLoop/send(_:toWindow:)` reach the windows by the order they were added.
    ///
    /// - Precondition: the window belongs to no other run loop.
    public func add(_ window: Window) {
        precondition(window.runLoop == nil || window.runLoop === self, "add(_:): the window already belongs to another run loop")
        guard window.runLoop == nil else { return }
        let engine = animations
        _ = layers
        engine.attach(window)
        window.runLoop = self
        window.animations = engine
        window.layers = layers
        window.trace = trace
        window.diagnostics = diagnostics
        addParticipant(window, receivesInput: true)
    }

    /// The windows added to this run loop, in order.
    public var windows: [Window] { participants.compactMap { $0 as? Window } }
}
