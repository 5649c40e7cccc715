import Foundation
import Layers
import UpdateLoop
import Views

/// A live inspector of one run loop's windows (IN1): answers Chrome DevTools Protocol requests
/// about their views and layers and edits them. It lives on the main actor; the server
/// (``InspectorServer``) reads messages on its own threads and posts each request to the run
/// loop, so every request is carried out in phase 1 of a frame, between the settled previous
/// frame and this one's update cycle.
///
/// Made by ``startIfRequested(on:environment:appName:)`` (what an app calls) or
/// ``start(on:port:appName:announce:)``; ``init(runLoop:appName:)`` makes one without a server,
/// for driving it directly (tests, the fuzz target). An app that never makes one pays nothing:
/// no thread, no frame participant, no hook.
@MainActor
public final class Inspector {
    /// The run loop whose windows are inspected.
    public private(set) weak var runLoop: MainRunLoop?
    /// The name shown in the target list and the document's URL.
    public let appName: String
    /// The server, when the inspector has one.
    public private(set) var server: InspectorServer?
    /// Where events go: the connected client, if any (set by the server).
    var eventSink: (@Sendable (String) -> Void)?
    let nodes = NodeRegistry()
    var animationCount = 0
    /// The playback rate set by `Animation.setPlaybackRate`.
    var playbackRate = 1.0
    /// The overlays of IN7 (OverlayFlashing.swift): paint and layout flashing, slow animations.
    var showsPaintRects = false
    var showsLayoutRects = false
    var slowAnimations = false
    /// The Tracing domain's recorder while a client traces (TracingDomain.swift).
    var tracing: TracingSession?
    /// The screencast while a client watches one (Screencast.swift).
    var screencast: Screencast?
    /// The nodes the client was sent, and those whose children it was sent (TreeEvents.swift).
    var sentNodes: Set<Int> = []
    var expandedNodes: Set<Int> = []
    /// Whether the windows' tree hooks are installed (a client has the document).
    var watchesTree = false
    /// The animations announced, by id, and the layers `Animation.setPaused` or `seekAnimations`
    /// froze (AnimationControl.swift).
    var trackedAnimations: [String: TrackedAnimation] = [:]
    var pausedLayers: [ObjectIdentifier: PausedLayer] = [:]
    /// The node last selected: by `DOM.setInspectedNode` (DevTools' Elements selection),
    /// `Overlay.highlightNode` or a pick in the window. The Constraints domain's default node.
    var selectedNode: Int?
    /// Class names by type: describing a type is slow, and a document names thousands of nodes.
    var classNames: [ObjectIdentifier: String] = [:]
    /// The recording `Replay.startRecording` began, when the loop kept none from launch (ReplayDomain.swift).
    var recorder: SessionRecorder?
    /// The frame `Replay.startRecording` marked in the recording kept from launch, and the scene it named.
    var replayMark: (frame: Int, scene: String?)?

    /// An inspector of `runLoop`'s windows with no server.
    public init(runLoop: MainRunLoop, appName: String = ProcessInfo.processInfo.processName) {
        self.runLoop = runLoop
        self.appName = appName
    }

    // MARK: Starting

    /// Starts an inspector on `runLoop` when the environment has `TIMELINE_INSPECT=PORT` (0 for
    /// a port the system picks), and prints where to connect; nil when it is not set, or set to
    /// something that is no port (said on standard error). Keep the inspector while the app runs.
    ///
    /// Call it at launch, before the first frame: it also makes the loop keep the session's input
    /// and clock from launch (`SessionRecorder.startIfRequested(on:windowSize:app:environment:)`),
    /// so that what `Replay.startRecording` saves replays from launch (IN6).
    public static func startIfRequested(on runLoop: MainRunLoop,
                                        environment: [String: String] = ProcessInfo.processInfo.environment,
                                        appName: String = ProcessInfo.processInfo.processName) -> Inspector? {
        guard let text = environment["TIMELINE_INSPECT"] else { return nil }
        guard let port = UInt16(text.trimmingCharacters(in: .whitespaces)) else {
            FileHandle.standardError.write(Data("Timeline inspector: TIMELINE_INSPECT must be a port from 0 to 65535; got '\(text)'. Not started\n".utf8))
            return nil
        }
        SessionRecorder.startIfRequested(on: runLoop, environment: environment)?.nameAppIfUnnamed(appName)
        return start(on: runLoop, port: port, appName: appName, announce: true)
    }

    /// Starts an inspector with a server on 127.0.0.1:`port` (0: any free port). With
    /// `announce`, prints the WebSocket URL once the server listens.
    public static func start(on runLoop: MainRunLoop, port: UInt16, appName: String = ProcessInfo.processInfo.processName,
                             announce: Bool = false) -> Inspector {
        let inspector = Inspector(runLoop: runLoop, appName: appName)
        let server = InspectorServer(inspector: inspector, runLoop: runLoop, port: port, appName: appName)
        inspector.server = server
        server.start(announce: announce)
        return inspector
    }

    /// Stops the server (if any), closing its connections.
    public func stop() async {
        await server?.stop()
        clientDidLeave()
    }

    /// Sends events to `sink` as the server sends them to a connected client: for a client in
    /// the same process (a bench, a test). Nil detaches it and removes the hooks it asked for.
    public func attach(eventSink sink: (@Sendable (String) -> Void)?) {
        eventSink = sink
        if sink == nil { clientDidLeave() }
    }

    /// The node id of a window, view or layer (or the id of a layout constraint), given now if
    /// it had none: for a client in the same process.
    public func nodeID(of object: AnyObject) -> Int { nodes.id(for: object) }

    // MARK: Requests

    /// Parses and carries out one message; returns the reply to send.
    public func handle(text: String) -> String {
        do { return handle(try CDPRequest.parse(text)) } catch { return error.json }
    }

    /// Carries out one request; returns the reply (a result or an error) to send.
    public func handle(_ request: CDPRequest) -> String {
        do { return CDPValue.reply(id: request.id, result: try dispatch(request)) } catch { return error.json }
    }

    /// The methods served, by domain (docs/inspector.md lists them).
    public static let methods: [String] = [
        "DOM.enable", "DOM.disable", "DOM.getDocument", "DOM.requestChildNodes", "DOM.getBoxModel", "DOM.setAttributeValue",
        "DOM.describeNode", "CSS.enable", "CSS.disable", "CSS.getComputedStyleForNode",
        "Animation.enable", "Animation.disable", "Animation.setPlaybackRate", "Animation.getPlaybackRate",
        "Animation.setPaused", "Animation.seekAnimations", "Animation.releaseAnimations",
        "Overlay.enable", "Overlay.disable", "Overlay.highlightNode", "Overlay.hideHighlight", "Overlay.setInspectMode",
        "Overlay.setShowPaintRects", "Overlay.setShowLayoutShiftRegions", "Overlay.setShowSlowAnimations", "Page.captureScreenshot",
        "Tracing.start", "Tracing.end", "Page.enable", "Page.disable", "Runtime.enable", "Runtime.disable",
        "Log.enable", "Log.disable", "Inspector.enable", "Target.setAutoAttach", "Target.setDiscoverTargets",
        "Runtime.runIfWaitingForDebugger", "Page.getResourceTree", "DOM.setInspectedNode",
        "Page.startScreencast", "Page.screencastFrameAck", "Page.stopScreencast",
    ] + constraintMethods + replayMethods

    private func dispatch(_ request: CDPRequest) throws(CDPError) -> CDPValue {
        switch request.method {
        case "DOM.getDocument":
            let depth = request.param("depth") == nil ? -1 : try request.int("depth")
            sentNodes.removeAll(keepingCapacity: true)
            expandedNodes.removeAll(keepingCapacity: true)
            let root = document(depth: depth)
            setTreeHooks(enabled: eventSink != nil)
            return .object([("root", root)])
        case "DOM.disable":
            setTreeHooks(enabled: false)
            return .object([])
        case "DOM.requestChildNodes":
            let id = try request.int("nodeId")
            let node = try resolve(id, request)
            let depth = request.param("depth") == nil ? 1 : try request.int("depth")
            send(event: "DOM.setChildNodes", .object([("parentId", .int(id)), ("nodes", .array(childNodes(of: node, depth: depth)))]))
            return .object([])
        case "DOM.describeNode":
            let id = try request.int("nodeId")
            let node = try resolve(id, request)
            let described: CDPValue = switch node {
            case .document: document(depth: 0)
            case .window, .view, .layer: .object([("nodeId", .int(id)), ("backendNodeId", .int(id)), ("nodeType", .int(1)),
                                                   ("nodeName", .string(className(of: node)))])
            }
            return .object([("node", described)])
        case "DOM.getBoxModel":
            return try boxModel(resolve(try request.int("nodeId"), request), request: request)
        case "DOM.setAttributeValue":
            let node = try resolve(try request.int("nodeId"), request)
            try setAttribute(node, name: try request.string("name"), value: try request.string("value"), request: request)
            return .object([])
        case "CSS.getComputedStyleForNode":
            return try computedStyle(resolve(try request.int("nodeId"), request), request: request)
        case "Animation.enable":
            setAnimationHook(enabled: true)
            return .object([])
        case "Animation.disable":
            setAnimationHook(enabled: false)
            return .object([])
        case "Animation.setPlaybackRate":
            let rate = try request.double("playbackRate")
            guard rate.isFinite, rate >= 0, rate <= 100 else { throw request.invalid("playbackRate must be from 0 to 100; got \(rate)") }
            setPlaybackRate(rate)
            return .object([])
        case "Animation.setPaused":
            try setPaused(request)
            return .object([])
        case "Animation.seekAnimations":
            try seekAnimations(request)
            return .object([])
        case "Animation.releaseAnimations":
            try releaseAnimations(request)
            return .object([])
        case "Overlay.highlightNode":
            try highlightNode(request)
            return .object([])
        case "Overlay.setShowPaintRects":
            setFlashing(paint: try request.bool("result", default: false))
            return .object([])
        case "Overlay.setShowLayoutShiftRegions":
            setFlashing(layout: try request.bool("result", default: false))
            return .object([])
        case "Overlay.setShowSlowAnimations":
            setSlowAnimations(try request.bool("result", default: false))
            return .object([])
        case "Tracing.start":
            try startTracing(request)
            return .object([])
        case "Tracing.end":
            try endTracing(request)
            return .object([])
        case "Page.captureScreenshot":
            return try captureScreenshot(request)
        case "Page.startScreencast":
            try startScreencast(request)
            return .object([])
        case "Page.screencastFrameAck":
            try acknowledgeScreencastFrame(request)
            return .object([])
        case "Page.stopScreencast":
            stopScreencast()
            return .object([])
        case "Overlay.hideHighlight":
            setHighlight(nil)
            return .object([])
        case "Overlay.setInspectMode":
            let mode = try request.string("mode")
            guard ["searchForNode", "searchForUAShadowDOM", "captureAreaScreenshot", "showDistances", "none"].contains(mode) else {
                throw request.invalid("mode must be searchForNode or none; got '\(mode)'")
            }
            setInspectMode(enabled: mode != "none")
            if mode == "none" { setHighlight(nil) }
            return .object([])
        case "Animation.getPlaybackRate":
            return .object([("playbackRate", .double(playbackRate))])
        case "Page.getResourceTree":
            return .object([("frameTree", .object([("frame", .object([
                ("id", .string("main")), ("loaderId", .string("main")), ("url", .string("timeline://\(appName)")),
                ("domainAndRegistry", .string("")), ("securityOrigin", .string("timeline://\(appName)")),
                ("mimeType", .string("text/html")), ("secureContextType", .string("Secure")),
                ("crossOriginIsolatedContextType", .string("NotIsolated")), ("gatedAPIFeatures", .array([])),
            ])), ("resources", .array([]))]))])
        case "DOM.setInspectedNode":
            let id = try request.int("nodeId")
            _ = try resolve(id, request)
            selectedNode = id
            return .object([])
        case let m where Self.constraintMethods.contains(m):
            return try dispatchConstraints(request)
        case let m where Self.replayMethods.contains(m):
            return try dispatchReplay(request)
        case let m where Self.methods.contains(m):
            // Enabling a domain whose events are not sent (yet), or a target request of the
            // DevTools frontend: acknowledged, so the frontend goes on.
            return .object([])
        default:
            throw CDPError(id: request.id, code: CDPError.methodNotFound,
                           message: "'\(request.method)' is not served (docs/inspector.md lists the methods)")
        }
    }

    private func resolve(_ id: Int, _ request: CDPRequest) throws(CDPError) -> InspectedNode {
        guard let node = nodes.resolve(id) else {
            throw request.invalid("no node with id \(id) (ids come from DOM.getDocument; a removed view's id names nothing)")
        }
        return node
    }

    private func className(of node: InspectedNode) -> String {
        switch node {
        case .document: "#document"
        case .window(let w): Self.className(of: w, facade: w.facade)
        case .view(let v): Self.className(of: v, facade: v.facade)
        case .layer(let l, _): Self.className(of: l, facade: l.facade)
        }
    }

    /// Sends an event to the connected client, if any.
    /// Returns once every event the inspector handed to a queue of its own (the screencast's
    /// frames, encoded off the app's thread) has gone to the event sink: for tests and tools
    /// that read events right after a frame.
    public func waitForPendingEvents() {
        screencast?.waitUntilSent()
    }

    func send(event method: String, _ params: CDPValue) {
        eventSink?(CDPValue.event(method, params))
    }
}
