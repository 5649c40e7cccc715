/// The view whose layer time a property animator or a timeline measures by (CA8), noticing
/// when it changes (another view, or the view gone away) so the clock's owner rebases.
struct ClockView {
    /// The view followed, nil once it is gone (not a weak reference: see ``ObjectReference``).
    private var reference: ObjectReference<View>?
    private var hadView = false

    /// Follows `current`; true when it is not the view followed so far.
    @MainActor
    mutating func follow(_ current: View?) -> Bool {
        let view = reference?.object
        guard current !== view || (view == nil && hadView) else { return false }
        reference = current?.reference
        hadView = current != nil
        return true
    }
}
