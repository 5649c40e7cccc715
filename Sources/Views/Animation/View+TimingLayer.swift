import Layers

extension View {
    /// The layer whose time this view's animations run on: its own, or the nearest superview's
    /// (a view whose layer was never asked for has none of its own).
    var timingLayer: Layer? {
        var v: View? = self
        while let c = v {
            if let l = c.loadedLayer { return l }
            v = c.superview
        }
        return nil
    }
}
