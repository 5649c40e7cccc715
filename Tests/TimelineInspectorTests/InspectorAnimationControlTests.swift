import Foundation
import Testing
import Timeline
import TimelineInspector
import TimelineTestSupport

/// One kind of animation the Animations panel scrubs: how to start it on the tree, and the
/// presented value it moves.
enum ScrubCase: String, CaseIterable, Sendable, CustomStringConvertible {
    case block, spring, keyframe, layer

    var description: String { rawValue }

    @MainActor func start(_ card: View, _ sublayer: Layer) {
        switch self {
        case .block: View.animate(withDuration: 1) { card.alpha = 0 }
        case .spring: View.animate(springDuration: 1, bounce: 0.3) { card.center.x = 300 }
        case .keyframe:
            View.animateKeyframes(withDuration: 1) {
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.3) { card.alpha = 0.2 }
                View.addKeyframe(withRelativeStartTime: 0.3, relativeDuration: 0.7) { card.alpha = 0.9 }
            }
        case .layer:
            let a = BasicAnimation(keyPath: "position.x")
            a.fromValue = 0.0
            a.toValue = 100.0
            a.duration = 1
            sublayer.add(a, forKey: "slide")
        }
    }

    @MainActor func read(_ card: View, _ sublayer: Layer) -> Double {
        switch self {
        case .block, .keyframe: card.presentation.opacity
        case .spring: card.presentation.position.x
        case .layer: sublayer.presentation()?.position.x ?? .nan
        }
    }
}

@Suite(.endsIdle)
@MainActor
struct InspectorAnimationControlTests {
    /// The value a kind shows 0.5 s after it began, with no inspector: the reference a scrub to 500 ms must show.
    func reference(_ kind: ScrubCase) -> Double {
        let host = makeHost()
        let (card, _, sublayer) = makeTree(host)
        kind.start(card, sublayer)
        host.step()                 // the frame it begins in
        host.step(frames: 30)       // 0.5 s at 60 Hz
        let value = kind.read(card, sublayer)
        host.runUntilIdle()
        return value
    }

    @Test("IN3: seekAnimations scrubs block, spring, keyframe and layer animations through their layer's time; setPaused holds; release resumes",
          arguments: ScrubCase.allCases)
    func in3PauseSeekRelease(_ kind: ScrubCase) async throws {
        let expected = reference(kind)
        let host = makeHost()
        let (card, _, sublayer) = makeTree(host)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        #expect(try await session.call("Animation.enable")["result"] != nil)
        kind.start(card, sublayer)
        let started = try #require(try await session.event("Animation.animationStarted"))
        let id = try #require(((started["params"] as? [String: Any])?["animation"] as? [String: Any])?["id"] as? String)
        host.step(frames: 3)

        #expect(try await session.call("Animation.setPaused", "{\"animations\": [\"\(id)\"], \"paused\": true}")["result"] != nil)
        host.step()
        let held = kind.read(card, sublayer)
        host.step(frames: 20)
        #expect(kind.read(card, sublayer) == held, "\(kind): paused, the value holds")

        #expect(try await session.call("Animation.seekAnimations", "{\"animations\": [\"\(id)\"], \"currentTime\": 500}")["result"] != nil)
        host.step()
        #expect(abs(kind.read(card, sublayer) - expected) < 1e-6, "\(kind): at 500 ms shows \(kind.read(card, sublayer)), a run to 0.5 s shows \(expected)")
        host.step(frames: 10)
        #expect(abs(kind.read(card, sublayer) - expected) < 1e-6, "\(kind): a seek leaves it paused")

        #expect(try await session.call("Animation.releaseAnimations", "{\"animations\": [\"\(id)\"]}")["result"] != nil)
        host.step(frames: 5)
        #expect(kind.read(card, sublayer) != expected, "\(kind): released, it runs on from there")
        let gone = try await session.call("Animation.seekAnimations", "{\"animations\": [\"\(id)\"], \"currentTime\": 0}")
        #expect(((gone["error"] as? [String: Any])?["message"] as? String)?.contains("no animation") == true)
        host.runUntilIdle()
        #expect(card.layer.speed == 1 && sublayer.speed == 1)
        await finish(inspector, session, host)
    }

    @Test("IN3: bad pause and seek requests are CDP errors; a client that leaves resumes what it paused")
    func in3BadInputAndLeaving() async throws {
        let host = makeHost()
        let (card, _, _) = makeTree(host)
        let (inspector, port) = try await startInspector(host)
        let session = try await connect(inspector, port: port, host: host)
        #expect(try await session.call("Animation.enable")["result"] != nil)
        View.animate(withDuration: 1) { card.alpha = 0 }
        let started = try #require(try await session.event("Animation.animationStarted"))
        let id = try #require(((started["params"] as? [String: Any])?["animation"] as? [String: Any])?["id"] as? String)
        for params in ["{}", "{\"animations\": \"x\", \"paused\": true}", "{\"animations\": [1], \"paused\": true}",
                       "{\"animations\": [\"nope\"], \"paused\": true}", "{\"animations\": [\"\(id)\"]}"] {
            let reply = try await session.call("Animation.setPaused", params)
            #expect((reply["error"] as? [String: Any])?["code"] as? Int == -32602, "\(params): \(reply)")
        }
        for ms in ["-1", "1e300", "\"soon\""] {
            let reply = try await session.call("Animation.seekAnimations", "{\"animations\": [\"\(id)\"], \"currentTime\": \(ms)}")
            #expect((reply["error"] as? [String: Any])?["code"] as? Int == -32602, "\(ms): \(reply)")
        }
        #expect(try await session.call("Animation.setPaused", "{\"animations\": [\"\(id)\"], \"paused\": true}")["result"] != nil)
        #expect(card.layer.speed == 0)
        await session.client.close()
        for _ in 0..<200 where card.layer.speed == 0 {
            host.step()
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(card.layer.speed == 1, "the client left: the paused layer runs again")
        host.runUntilIdle()
        #expect(card.presentation.opacity == 0)
        await finish(inspector, nil, host)
    }
}
