
// How controls answer the keyboard once Tab focused them (AX3) and how they put values into
// words for assistive technologies (AX1). The per-class defaults live beside each class.

extension Control {
    /// Handles a key for the focused control: space and return activate it
    /// (``accessibilityActivate()``), the arrows adjust an adjustable one (right and up
    /// increment). False for a disabled control, one not focused, one editing text (its keys
    /// are its own), or any other key.
    func performFocusKey(_ name: String) -> Bool {
        guard isEnabled, !acceptsTextInput, window?.focusedView === self else { return false }
        switch name {
        case "space", "return", "keypad enter":
            return accessibilityActivate()
        case "right", "up", "left", "down":
            guard accessibilityTraits.contains(.adjustable) else { return false }
            if name == "right" || name == "up" { accessibilityIncrement() } else { accessibilityDecrement() }
            return true
        default:
            return false
        }
    }
}

/// Values put into words as UIKit's controls put them.
enum AccessibilityFormat {
    /// `fraction` (0...1) as a whole percentage: "50%".
    static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "0%" }
        return "\(Int((min(max(fraction, 0), 1) * 100).rounded()))%"
    }
    /// A number without a trailing ".0" when whole: "3", "2.5".
    static func number(_ v: Double) -> String {
        v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
