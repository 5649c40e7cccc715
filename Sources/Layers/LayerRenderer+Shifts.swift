import Geometry
import RenderModel

/// A move of a display list's commands (LT11): a group re-emitted in place with another command
/// count moved every command after its old end by `delta` (negative when it shrank).
public struct ListShift: Sendable, Equatable {
    /// The old index of the re-emitted group's last command: commands after it moved.
    public var after: Int
    /// How far they moved.
    public var delta: Int

    /// `index`, an index in the list before the move, in the list after it.
    @inline(__always)
    public func moved(_ index: Int) -> Int { index > after ? index + delta : index }
}

// Patching a group whose command count changed (a layer shown or hidden, a path trimmed to
// nothing) instead of rebuilding the list: the group is replaced, the `end` of every group
// around or after it moves, and the places layers recorded move as they are read.
extension LayerRenderer {
    /// At most this many moves between builds: past them the list is rebuilt (each layer's
    /// first read of its place applies the moves since it was placed).
    public static let maximumListShifts = 32

    /// Where `layer`'s group starts in the list now: its recorded place moved by the moves
    /// since it was placed, which it then records. -1 when it has no place.
    /// - Complexity: O(the moves since the layer's place was last read).
    func place(of layer: Layer) -> Int {
        var at = layer.listStart
        let seen = layer.shiftsSeen, count = listShifts.count
        guard at >= 0, seen < count, layer.listGeneration == generation else { return at }
        for k in seen..<count { at = listShifts[k].moved(at) }
        layer.listStart = at
        layer.shiftsSeen = count
        return at
    }

    /// After `list[start ..< past]` replaced a group whose old last command was at `after`, moves
    /// the ends of the groups around and after it by `delta` and records the move. The groups
    /// before it that end before it are skipped whole; the new group's own ends are right.
    mutating func moveGroups(in list: inout [DrawCommand], replaced start: Int, past: Int, after: Int, by delta: Int) {
        let shift = ListShift(after: after, delta: delta)
        var i = 0
        while i < list.count {
            if i == start, past > start { i = past; continue }
            if case .beginGroup(var g) = list[i], g.end >= 0 {
                if i < start, g.end < start { i = max(g.end, i) + 1; continue }
                g.end = shift.moved(g.end)
                list[i] = .beginGroup(g)
            }
            i += 1
        }
        listShifts.append(shift)
    }

    /// Whether `t` drew nothing when its superlayer (in the list, or `host`) was last emitted
    /// (it was hidden, say) and may draw now, and a sibling of it is in the list: its group can be inserted next to the
    /// sibling's (``insert(_:host:in:scratch:)``).
    func isShownAgain(_ t: Layer, host: Layer) -> Bool {
        guard t.listGeneration == generation, t.listStart < 0, let parent = t.superlayer, !(parent is ReplicatorLayer),
              parent === host || parent.listGeneration == generation && parent.listStart >= 0 else { return false }
        let s = t.shown
        guard !s.isHidden, s.opacity > 0, s.zPosition == t.emittedZ else { return false }
        return parent.children.contains { $0.listGeneration == generation && $0.listStart >= 0 }
    }

    /// Emits the group of `t` (``isShownAgain(_:host:)``) into `list` after the group of the sublayer
    /// drawn before it, or before the group of the one drawn after it, and moves what follows
    /// (a ``ListShift``); grows its superlayers' boxes to hold it. Its box, null when it still
    /// draws nothing; nil when the list must be rebuilt (no sibling's group is where the list
    /// says, or the moves reached ``maximumListShifts``).
    /// - Complexity: O(the group's commands + its siblings + the list).
    mutating func insert(_ t: Layer, host: Layer, in list: inout [DrawCommand], scratch: inout [DrawCommand]) -> Rect? {
        guard listShifts.count < Self.maximumListShifts, let parent = t.superlayer else { return nil }
        // Between the superlayer's own drawings and its end (a host's: anywhere).
        var first = 0, last = list.count
        if parent !== host {
            guard let (start, g) = placedGroup(of: parent, host: host, in: list) else { return nil }
            (first, last) = (start + 1, g.end)
        }
        let kids = parent.sublayersInDrawingOrder
        guard let k = kids.firstIndex(where: { $0 === t }) else { return nil }
        var at = -1
        for s in kids[..<k].reversed() where s.listGeneration == generation && s.listStart >= 0 {
            guard let (_, g) = placedGroup(of: s, host: host, in: list) else { return nil }
            at = g.end + 1
            break
        }
        if at < 0 {
            for s in kids[(k + 1)...] where s.listGeneration == generation && s.listStart >= 0 {
                guard let (start, _) = placedGroup(of: s, host: host, in: list) else { return nil }
                at = start
                break
            }
        }
        guard at >= first, at <= last else { return nil }
        let box = emitAlone(t, at: at, into: &scratch)
        guard !scratch.isEmpty else { return .null }
        list.insert(contentsOf: scratch, at: at)
        moveGroups(in: &list, replaced: at, past: at + scratch.count, after: at - 1, by: scratch.count)
        placedAfterLastShift(t)
        growGroups(above: t, host: host, toHold: box, in: &list)
        return box
    }

    /// Records that `t`'s subtree, just re-emitted, was placed after the last move.
    func placedAfterLastShift(_ t: Layer) {
        t.shiftsSeen = listShifts.count
        for c in t.children where c.listGeneration == generation { placedAfterLastShift(c) }
    }
}
