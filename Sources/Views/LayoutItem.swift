import LayoutSolver

/// The engine's record of one view or guide that takes part in Auto Layout: four solver
/// variables for its alignment rect in window coordinates, and the constraints the engine adds on
/// its own behalf (autoresizing, intrinsic size, guide edges).
@MainActor
final class LayoutItem {
    /// The view, nil once it is gone (or for a guide's item).
    var view: View? { viewReference?.object }
    /// The guide, nil once it is gone (or for a view's item).
    var guide: LayoutGuide? { guideReference?.object }
    // Not weak references, which would give every constrained view a side table (AM5).
    var viewReference: ObjectReference<View>?
    var guideReference: ObjectReference<LayoutGuide>?
    let left: Variable, top: Variable, width: Variable, height: Variable
    /// Queued for a refresh of the engine's own constraints (frame or intrinsic size changed).
    var isQueuedStale = false
    var changeMark = false
    /// Its solved rect changed, or its view's frame was set by hand, since the frame was last set
    /// from the solution (the view is then listed in its superview's record in the layout table).
    var frameIsStale = false
    /// Its left or top changed in the solve being collected.
    var positionChanged = false
    /// Left, top, width and height as last collected from the solver (NaN before the first).
    var solved = SIMD4<Double>(repeating: .nan)
    /// Its variables went back to the solver (its view or guide left the window).
    var isReleased = false

    struct Owned { var id: ConstraintID; var constant: Double; var priority: Double }
    /// Autoresizing (tAMIC) constraints: left, top, width, height; and what left/top are relative to.
    var autoresizing: [Owned] = []
    /// Held strongly (a weak reference would give the item a side table, AM5): it is the
    /// superview's item, which holds no reference back to this one.
    var autoresizingReference: LayoutItem?
    var autoresizingIsAbsolute = false
    /// Intrinsic-size constraints: width <=, width >=, height <=, height >=.
    var intrinsic: [Owned?] = [nil, nil, nil, nil]
    /// Guide edge constraints.
    var guideConstraints: [ConstraintID] = []
    /// Tie-breaks holding the frame ``View/exerciseAmbiguityInLayout()`` chose (IN5).
    var exercisePins: [ConstraintID] = []
    var guideConstants: [Double] = []

    init(solver: Solver, name: String) {
        left = solver.makeVariable(name + ".left")
        top = solver.makeVariable(name + ".top")
        width = solver.makeVariable(name + ".width")
        height = solver.makeVariable(name + ".height")
    }

    var name: String { view?.traceName ?? guide?.layoutName ?? "?" }
}
