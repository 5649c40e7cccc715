import Geometry
import Layers
import RenderModel
import Testing

@Suite("CA4 transitions between a layer's old and new rendering")
@MainActor
struct TransitionTests {
    func rendered(_ l: Layer, _ host: LayerHost) -> [DrawCommand] {
        var r = LayerRenderer(engine: host.engine)
        var list: [DrawCommand] = []
        _ = r.emit(l, parent: .identity, into: &list)
        return list
    }

    /// The transforms and opacities of the groups directly inside the layer's group.
    func innerGroups(_ list: [DrawCommand]) -> [GroupState] {
        var out: [GroupState] = []
        var i = 1
        while i < list.count - 1 {
            if case .beginGroup(let g) = list[i] { out.append(g); i = g.end + 1 } else { i += 1 }
        }
        return out
    }

    func card(_ host: LayerHost) -> Layer {
        let l = Layer()
        Transaction.begin(); Transaction.setDisableActions(true)
        l.frame = Rect(x: 50, y: 20, width: 100, height: 60)
        l.backgroundColor = Color(red: 1, green: 0, blue: 0)
        host.root.addSublayer(l)
        Transaction.commit()
        host.step()
        return l
    }

    @Test("CA4 a push from the right moves the old rendering out left and the new one in from the right")
    func push() throws {
        let host = LayerHost()
        let l = card(host)
        let t = TransitionAnimation()
        t.type = .push; t.subtype = .fromRight; t.duration = 1
        l.add(t, forKey: TransitionAnimation.key)
        Transaction.begin(); Transaction.setDisableActions(true)
        l.backgroundColor = Color(red: 0, green: 0, blue: 1)            // the change it shows
        Transaction.commit()
        host.run(to: 0.5 + 1.0 / 60)                                   // began at the next frame
        let groups = innerGroups(rendered(l, host))
        try #require(groups.count == 2)
        // The old rendering (red) half way out to the left, the new (blue) half way in.
        #expect(abs(groups[0].transform.tx - (50 - 50)) < 1e-6)
        #expect(abs(groups[1].transform.tx - (50 + 50)) < 1e-6)
        let list = rendered(l, host)
        #expect(list.contains { if case .fillRect(_, let c, _) = $0 { c.red == 1 } else { false } })
        #expect(list.contains { if case .fillRect(_, let c, _) = $0 { c.blue == 1 } else { false } })
        host.runUntilIdle()
        #expect(innerGroups(rendered(l, host)).isEmpty)                 // ended: the new rendering alone
        #expect(!rendered(l, host).contains { if case .fillRect(_, let c, _) = $0 { c.red == 1 } else { false } })
    }

    @Test("CA4 a fade crosses the opacities; move-in and reveal move only one side")
    func kinds() throws {
        for kind in TransitionAnimation.Kind.allCases {
            let host = LayerHost()
            let l = card(host)
            let t = TransitionAnimation()
            t.type = kind; t.subtype = .fromBottom; t.duration = 1
            l.add(t, forKey: "t")
            host.run(to: 0.25 + 1.0 / 60)
            let g = innerGroups(rendered(l, host))
            try #require(g.count == 2, "\(kind)")
            switch kind {
            case .fade:
                #expect(abs(g[0].opacity - 0.75) < 1e-6 && abs(g[1].opacity - 0.25) < 1e-6)
            case .moveIn:
                #expect(abs(g[0].transform.ty - 20) < 1e-6 && abs(g[1].transform.ty - (20 + 45)) < 1e-6)
            case .push:
                #expect(abs(g[0].transform.ty - (20 - 15)) < 1e-6 && abs(g[1].transform.ty - (20 + 45)) < 1e-6)
            case .reveal:
                // The new rendering below, still; the old one above, leaving upwards.
                #expect(abs(g[0].transform.ty - 20) < 1e-6 && abs(g[1].transform.ty - (20 - 15)) < 1e-6)
            }
            host.runUntilIdle()
        }
    }

    @Test("CA4 progress out of 0...1 is reported and the transition not added")
    func badProgress() {
        let host = LayerHost()
        let l = card(host)
        let t = TransitionAnimation()
        t.endProgress = 2
        l.add(t, forKey: "t")
        #expect(l.animationKeys() == nil)
        #expect(host.messages.contains { $0.contains("endProgress") })
    }
}
