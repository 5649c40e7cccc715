import Geometry
import Timeline

/// A scroll view in a scene file (SC8): `"scroll": {"contentSize": [w, h], "offset": [x, y],
/// "paging": false, "bounces": true, "rate": "normal" | "fast" | a number in (0, 1),
/// "indicators": true}`. The views listed with it as their parent are its content.
public struct ScrollSpec: Sendable, Equatable {
    /// The scrollable content's size in points.
    public var contentSize = Size.zero
    /// The starting content offset in points.
    public var offset = Point.zero
    /// Whether scrolling stops on multiples of the view's size.
    public var paging = false
    /// Whether the content can be pulled past its edges and springs back.
    public var bounces = true
    /// The deceleration rate: the fraction of velocity kept each millisecond after a fling (0.998, UIKit's normal).
    public var rate = 0.998
    /// Whether scroll indicators show while scrolling.
    public var indicators = true
}

extension SceneLoader.Reader {
    func scrollSpec(_ v: JSONValue) throws(SceneError) -> ScrollSpec {
        let members = try object(v, "a scroll view", keys: ["contentSize", "offset", "paging", "bounces", "rate", "indicators"])
        var spec = ScrollSpec()
        for (key, value) in members {
            switch key {
            case "contentSize":
                let s = try numbers(value, "contentSize", count: 2)
                guard s[0] >= 0, s[1] >= 0 else { throw fail(value, "contentSize must not be negative, found \(s[0])x\(s[1])") }
                spec.contentSize = Size(width: s[0], height: s[1])
            case "offset":
                spec.offset = try point(value, "offset")
            case "paging": spec.paging = try bool(value, "paging")
            case "bounces": spec.bounces = try bool(value, "bounces")
            case "indicators": spec.indicators = try bool(value, "indicators")
            case "rate":
                if case .string(let name, _) = value {
                    switch name {
                    case "normal": spec.rate = 0.998
                    case "fast": spec.rate = 0.99
                    default: throw fail(value, "rate must be \"normal\", \"fast\" or a number between 0 and 1, found '\(name)'")
                    }
                } else {
                    let r = try number(value, "rate")
                    guard r > 0, r < 1 else { throw fail(value, "rate must lie between 0 and 1 (per millisecond), found \(r)") }
                    spec.rate = r
                }
            default: break
            }
        }
        return spec
    }
}
