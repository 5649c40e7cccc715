import Foundation
import Geometry
import Layers
import Testing

@Suite("CA9 transforms interpolate as Core Animation does")
@MainActor
struct TransformAnimationTests {
    func hosted(_ host: LayerHost) -> Layer {
        let l = Layer()
        Transaction.begin(); Transaction.setDisableActions(true)
        l.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        host.root.addSublayer(l)
        Transaction.commit()
        return l
    }

    /// The area scale of a transform's 2-D part.
    func areaScale(_ t: Transform3D) -> Double { abs(t.m11 * t.m22 - t.m12 * t.m21) }

    @Test("CA9 a transform animation from 0 to 90 degrees keeps the layer's area halfway")
    func quarterTurnKeepsArea() {
        let host = LayerHost()
        let l = hosted(host)
        let a = BasicAnimation(keyPath: "transform")
        a.fromValue = Transform3D.identity
        a.toValue = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        a.duration = 1
        l.add(a, forKey: nil)
        host.run(to: 0.5)
        let t = l.presentation()!.transform
        #expect(close(areaScale(t), 1, 1e-9))
        #expect(close(atan2(t.m12, t.m11), .pi / 4, 1e-9))
        host.runUntilIdle()
    }

    @Test("CA9 0 to 180 degrees with a scale to 0.5 passes through a quarter turn at 0.75 scale, additive or not")
    func halfTurnWithScale() {
        for additive in [false, true] {
            let host = LayerHost()
            let l = hosted(host)
            let a = BasicAnimation(keyPath: "transform")
            a.fromValue = Transform3D.identity
            a.toValue = Transform3D(rotationAngle: .pi * 0.999, x: 0, y: 0, z: 1).concatenating(Transform3D(scaleX: 0.5, y: 0.5, z: 1))
            a.isAdditive = additive
            a.duration = 1
            l.add(a, forKey: nil)
            host.run(to: 0.5)
            let t = l.presentation()!.transform
            #expect(close(areaScale(t), 0.75 * 0.75, 1e-6))
            host.runUntilIdle()
        }
    }

    @Test("CA9 transform.rotation.z from 0 to 2π turns a full circle")
    func fullTurn() {
        let host = LayerHost()
        let l = hosted(host)
        let a = BasicAnimation(keyPath: "transform.rotation.z")
        a.fromValue = 0.0
        a.toValue = 2 * Double.pi
        a.duration = 1
        l.add(a, forKey: nil)
        var angles: [Double] = []
        for q in 1...3 {
            host.run(to: Double(q) * 0.25)
            let t = l.presentation()!.transform
            angles.append(atan2(t.m12, t.m11))
        }
        #expect(close(angles[0], .pi / 2, 1e-9))
        #expect(close(abs(angles[1]), .pi, 1e-9))
        #expect(close(angles[2], -.pi / 2, 1e-9))
        host.runUntilIdle()
    }

    @Test("CA9 transform.scale keeps a rotation the layer has; translation.x moves it")
    func subPathsKeepOtherParts() {
        let host = LayerHost()
        let l = hosted(host)
        Transaction.begin(); Transaction.setDisableActions(true)
        l.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        Transaction.commit()
        let a = BasicAnimation(keyPath: "transform.scale")
        a.fromValue = 1.0; a.toValue = 3.0; a.duration = 1
        let b = BasicAnimation(keyPath: "transform.translation.x")
        b.toValue = 40.0; b.duration = 1
        l.add(a, forKey: "s")
        l.add(b, forKey: "t")
        host.run(to: 0.5)
        let t = l.presentation()!.transform
        #expect(close(atan2(t.m12, t.m11), .pi / 2, 1e-9))
        #expect(close(areaScale(t), 4, 1e-9))
        #expect(close(t.m41, 20, 1e-9))
        host.runUntilIdle()
    }
}
