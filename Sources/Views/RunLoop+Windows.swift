import UpdateLoop

extension MainRunLoop {
    /// The run loop's animation engine: block, keyframe and constant animations and property
    /// animators. Made on first use and added as the loop's first participant, so the animation
    /// tick runs before any window's update cycle.
    public var animations: AnimationEngine {
        if let engine = participant(ofType: AnimationEngine.self) { return engine }
        let engine = AnimationEngine(runLoop: self)
        precondition(participants.isEmpty || !participants.contains { $0 is Window },
                     "MainRunLoop.animations: the engine must be made before any window is added")
        addParticipant(engine)
        return engine
    }

    /// The run loop's layer engine: explicit and implicit layer animations, layer display and
    /// layout, for every layer tree of its windows (CA6-CA8). Made with the animation engine,
    /// before any window, so presentations are ready when windows commit.
    public var layers: LayerEngine {
        if let engine = participant(ofType: LayerEngine.self) { return engine }
        return LayerEngine(runLoop: self)
    }

    /// Adds a window; its frames run from the next tick. Input events sent with
    /// ``MainRunLoop/send(_:toWindow:)`` reach the windows by the order they were added.
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
