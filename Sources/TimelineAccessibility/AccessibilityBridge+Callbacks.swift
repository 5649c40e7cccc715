import CAtkShim
import Foundation
import Geometry

// The table of C functions every node's ATK object calls (CAtkShim.h's TLAtkCallbacks). Each
// turns the node pointer back into its ``AccessibleNode`` and answers on the main actor: the
// shim is only ever called from ``AccessibilityBridge/dispatchPending()`` and the events the
// bridge emits, both on the main thread. A constant: no state lives here.

extension AccessibilityBridge {
    nonisolated static let table = TLAtkCallbacks(
        name: { p in string(p) { n in n.isFrame ? n.bridge.title : n.target.flatMap(AccessibleMapping.name(of:)) } },
        description: { p in string(p) { n in n.target?.accessibilityHint } },
        role: { p in answer(p) { n in code(n.isFrame ? .frame : n.target.map(AccessibleMapping.role(of:)) ?? .unknown) } ?? 0 },
        states: { p in answer(p) { n in n.bridge.states(of: n).rawValue } ?? 0 },
        childCount: { p in answer(p) { n in Int32(n.bridge.children(of: n).count) } ?? 0 },
        // A node's ATK object goes back to the shim as its address: answered on the main thread,
        // handed straight back to the shim on it, and never dereferenced in Swift.
        child: { p, i in handle(answer(p) { n -> UInt in
            let list = n.bridge.children(of: n)
            guard list.indices.contains(Int(i)) else { return 0 }
            return UInt(bitPattern: n.bridge.node(for: list[Int(i)], parent: n).raw)
        }) },
        parent: { p in handle(answer(p) { n -> UInt in
            n.isFrame ? 0 : UInt(bitPattern: n.parent?.raw)
        }) },
        indexInParent: { p in answer(p) { n -> Int32 in
            guard let parent = n.parent, let o = n.target else { return n.isFrame ? 0 : -1 }
            return Int32(n.bridge.children(of: parent).firstIndex { $0 === o } ?? -1)
        } ?? -1 },
        extents: { p, rect, origin in
            // Answered on the main actor as values; the shim's buffers are written here.
            guard let (r, o) = answer(p, { n in n.bridge.extents(of: n) }) else { return }
            rect[0] = r.minX; rect[1] = r.minY; rect[2] = r.width; rect[3] = r.height
            origin[0] = o.x; origin[1] = o.y
        },
        grabFocus: { p in answer(p) { n in n.bridge.grabFocus(n) } ?? false },
        actionCount: { p in answer(p) { n -> Int32 in
            n.actions = n.target.map(AccessibleMapping.actions(of:)) ?? []
            return Int32(n.actions.count)
        } ?? 0 },
        actionName: { p, i in string(p) { n -> String? in
            if n.actions.isEmpty { n.actions = n.target.map(AccessibleMapping.actions(of:)) ?? [] }
            return n.actions.indices.contains(Int(i)) ? n.actions[Int(i)].name : nil
        } },
        doAction: { p, i in answer(p) { n -> Bool in
            guard let o = n.target else { return false }
            let list = AccessibleMapping.actions(of: o)
            guard list.indices.contains(Int(i)) else { return false }
            return AccessibleMapping.perform(list[Int(i)], on: o)
        } ?? false },
        value: { p, out in
            guard let v = answer(p, { n in n.target.flatMap(AccessibleMapping.value(of:)) }) ?? nil else { return false }
            out[0] = v.current; out[1] = v.minimum; out[2] = v.maximum; out[3] = v.step
            return true
        },
        setValue: { p, v in answer(p) { n in n.target.map { AccessibleMapping.setValue(v, on: $0) } ?? false } ?? false },
        text: { p in string(p) { n in n.target.flatMap(AccessibleText.text(of:)) } },
        selection: { p, start, end in
            guard let r = answer(p, { n in n.target.flatMap(AccessibleText.selection(of:)) }) ?? nil else { return false }
            start.pointee = Int32(clamping: r.lowerBound)
            end.pointee = Int32(clamping: r.upperBound)
            return true
        },
        setSelection: { p, start, end in answer(p) { n -> Bool in
            guard let o = n.target else { return false }
            let lo = max(0, Int(min(start, end))), hi = max(lo, Int(max(start, end)))
            return AccessibleText.select(lo..<hi, in: o)
        } ?? false },
        replaceText: { p, start, end, text in
            let string = String(cString: text)
            return answer(p) { n -> Bool in
                guard let o = n.target else { return false }
                let lo = max(0, Int(min(start, end))), hi = max(lo, Int(max(start, end)))
                return AccessibleText.replace(lo..<hi, with: string, in: o)
            } ?? false
        },
        characterExtents: { p, offset, rect, origin in
            guard let (r, o) = answer(p, { n in n.bridge.characterExtents(of: n, at: Int(offset)) }) ?? nil else { return false }
            rect[0] = r.minX; rect[1] = r.minY; rect[2] = r.width; rect[3] = r.height
            origin[0] = o.x; origin[1] = o.y
            return true
        },
        offsetAtPoint: { p, x, y in answer(p) { n in n.bridge.characterOffset(of: n, atWindowX: x, y: y) } ?? -1 },
        setPosition: { p, position, count in
            guard let set = answer(p, { n in n.target?.accessibilitySetPosition }) ?? nil else { return false }
            position.pointee = Int32(clamping: set.position)
            count.pointee = Int32(clamping: set.count)
            return true
        })

    /// Runs `body` with the node `pointer` stands for, on the main actor (where the shim calls:
    /// `assumeIsolated` traps otherwise), and returns its answer, a value.
    private nonisolated static func answer<T: Sendable>(_ pointer: UnsafeMutableRawPointer,
                                                        _ body: @MainActor (AccessibleNode) -> T) -> T? {
        // The node's context pointer through a C callback (AM4): the shim holds it unretained.
        let node = Unmanaged<AccessibleNode>.fromOpaque(pointer)
        return MainActor.assumeIsolated { body(node.takeUnretainedValue()) }
    }

    /// An ATK object's address as the pointer the shim takes (0 and nil: NULL).
    private nonisolated static func handle(_ address: UInt?) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: address ?? 0)
    }

    /// A string answer, copied with malloc for the shim (which frees it); nil stays NULL.
    private nonisolated static func string(_ pointer: UnsafeMutableRawPointer,
                                           _ body: @MainActor (AccessibleNode) -> String?) -> UnsafeMutablePointer<CChar>? {
        answer(pointer, body).flatMap { $0 }.flatMap { strdup($0) }
    }

    /// The shim's number for `role`.
    nonisolated static func code(_ role: AccessibleRole) -> Int32 {
        let r: TLRole = switch role {
        case .frame: TLRoleFrame
        case .panel: TLRolePanel
        case .pushButton: TLRolePushButton
        case .toggleButton: TLRoleToggleButton
        case .checkBox: TLRoleCheckBox
        case .radioButton: TLRoleRadioButton
        case .slider: TLRoleSlider
        case .spinButton: TLRoleSpinButton
        case .progressBar: TLRoleProgressBar
        case .label: TLRoleLabel
        case .entry: TLRoleEntry
        case .text: TLRoleText
        case .image: TLRoleImage
        case .list: TLRoleList
        case .listItem: TLRoleListItem
        case .table: TLRoleTable
        case .tableCell: TLRoleTableCell
        case .heading: TLRoleHeading
        case .link: TLRoleLink
        case .pageTabList: TLRolePageTabList
        case .pageTab: TLRolePageTab
        case .scrollPane: TLRoleScrollPane
        case .toolBar: TLRoleToolBar
        case .animation: TLRoleAnimation
        case .menu: TLRoleMenu
        case .menuItem: TLRoleMenuItem
        case .unknown: TLRoleUnknown
        }
        return Int32(r.rawValue)
    }
}
