import Geometry
import Timeline
import TextEngine

extension SceneLoader.Reader {
    /// `"font": {"family", "weight", "italic"}` (TX11): a family name (absent: the system font),
    /// a weight by UIFont's names or a number in -1...1, and whether italic.
    func font(_ v: JSONValue) throws(SceneError) -> FontSpec {
        let members = try object(v, "a font", keys: ["family", "weight", "italic"])
        var spec = FontSpec()
        for (key, value) in members {
            switch key {
            case "family": spec.family = try string(value, "family")
            case "italic": spec.italic = try bool(value, "italic")
            case "weight":
                if case .string(let name, _) = value {
                    let weights: [String: Font.Weight] = [
                        "ultraLight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular, "medium": .medium,
                        "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black]
                    guard let w = weights[name] else {
                        throw fail(value, "weight must be one of \(weights.keys.sorted().joined(separator: ", ")) or a number in -1...1, found '\(name)'")
                    }
                    spec.weight = w
                } else {
                    let n = try number(value, "weight")
                    guard (-1...1).contains(n) else { throw fail(value, "weight must lie in -1...1, found \(n)") }
                    spec.weight = Font.Weight(rawValue: n)
                }
            default: break
            }
        }
        return spec
    }

    /// One run of attributed text (TX11): `{"text", "color", "fontSize", "font", "kern",
    /// "underline", "strikethrough", "baselineOffset"}`; what it leaves out comes from the view.
    func textRun(_ v: JSONValue) throws(SceneError) -> TextRunSpec {
        let members = try object(v, "a text run", keys: ["text", "color", "fontSize", "font", "kern", "underline",
                                                          "strikethrough", "baselineOffset"])
        guard let t = v["text"] else { throw fail(v, "a text run needs \"text\"") }
        var spec = TextRunSpec(text: try string(t, "text"))
        for (key, value) in members {
            switch key {
            case "color": spec.color = try color(value, "color")
            case "fontSize":
                let n = try number(value, "fontSize", limit: SceneLoader.Limits.fontSize)
                guard n > 0 else { throw fail(value, "fontSize must be positive, found \(n)") }
                spec.fontSize = n
            case "font": spec.font = try font(value)
            case "kern": spec.kern = try number(value, "kern", limit: SceneLoader.Limits.fontSize)
            case "baselineOffset": spec.baselineOffset = try number(value, "baselineOffset", limit: SceneLoader.Limits.fontSize)
            case "underline", "strikethrough":
                let style: UnderlineStyle
                switch try string(value, key) {
                case "single": style = .single
                case "thick": style = .thick
                case "double": style = .double
                case let other: throw fail(value, "\(key) must be single, thick or double, found '\(other)'")
                }
                if key == "underline" { spec.underline = style } else { spec.strikethrough = style }
            default: break
            }
        }
        return spec
    }
}
