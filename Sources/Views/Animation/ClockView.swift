/// The view whose layer time a property animator or a timeline measures by (CA8), noticing
/// when it changes (another view, or the view gone away) so the clock's owner rebases.
struct ClockView {
    private weak var view: View?
    private var hadView = false

    /// Follows `current`; true when it is not the view followed so far.
    mutating func follow(_ current: View?) -> Bool {
        guard current !== view || (view == nil && hadView) else { return false }
        view = current
        hadView = current != nil
        return true
    }
}
