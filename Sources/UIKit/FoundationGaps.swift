import Foundation
import TextEngine

// What Foundation on Linux declares unavailable and UIKit code leans on. UIKit re-exports
// Foundation, and a module's own declaration shadows the one it imports, so code that says
// `DateComponentsFormatter()` after `import UIKit` gets this one.

/// Formats a duration as Foundation's `DateComponentsFormatter` does (swift-corelibs-foundation
/// has none): the allowed units from the largest down, in the positional (`1:05`),
/// abbreviated (`1h 5m`), brief (`1hr 5min`), short (`1 hr, 5 min`), full (`1 hour, 5 minutes`)
/// or spelled-out style, with the zero-formatting behaviours. Partial: English only; calendar
/// units longer than a week count fixed lengths (a month is 30 days, a year 365).
open class DateComponentsFormatter: Formatter, @unchecked Sendable {
    /// `DateComponentsFormatter.UnitsStyle`: positional (`1:05`), abbreviated, short, full, spelled out
    /// or brief.
    public enum UnitsStyle: Int, Sendable { case positional, abbreviated, short, full, spellOut, brief }
    /// `DateComponentsFormatter.ZeroFormattingBehavior`: what happens to units that are zero.
    public struct ZeroFormattingBehavior: OptionSet, Sendable {
        /// The behaviour as Foundation's bits.
        public let rawValue: UInt
        /// The behaviour whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// No rule: zero units are kept (in the non-positional styles).
        public static let none = ZeroFormattingBehavior([])
        /// The default: leading zeros go in the positional style, every zero unit in the others.
        public static let `default` = ZeroFormattingBehavior(rawValue: 1 << 0)
        /// Leading zero units go.
        public static let dropLeading = ZeroFormattingBehavior(rawValue: 1 << 1)
        /// Zero units go; here, outside the positional style, this drops every zero unit.
        public static let dropMiddle = ZeroFormattingBehavior(rawValue: 1 << 2)
        /// Zero units go; here, outside the positional style, this drops every zero unit.
        public static let dropTrailing = ZeroFormattingBehavior(rawValue: 1 << 3)
        /// Every zero unit goes.
        public static let dropAll: ZeroFormattingBehavior = [.dropLeading, .dropMiddle, .dropTrailing]
        /// Zero units are kept and padded to two digits (`01:05`).
        public static let pad = ZeroFormattingBehavior(rawValue: 1 << 16)
    }

    /// `DateComponentsFormatter.unitsStyle`: how units are written (positional by default).
    open var unitsStyle: UnitsStyle = .positional
    /// `DateComponentsFormatter.allowedUnits`: the units that may appear, largest first.
    open var allowedUnits: NSCalendar.Unit = [.year, .month, .day, .hour, .minute, .second]
    /// `DateComponentsFormatter.zeroFormattingBehavior`: what happens to zero units.
    open var zeroFormattingBehavior: ZeroFormattingBehavior = .default
    /// The most units shown (0: no limit), the largest non-zero first.
    open var maximumUnitCount = 0
    /// `DateComponentsFormatter.collapsesLargestUnit`: stored only.
    open var collapsesLargestUnit = false
    /// `DateComponentsFormatter.allowsFractionalUnits`: stored only; units are whole.
    open var allowsFractionalUnits = false
    /// `DateComponentsFormatter.includesApproximationPhrase`: prefixes "About ".
    open var includesApproximationPhrase = false
    /// `DateComponentsFormatter.includesTimeRemainingPhrase`: appends " remaining".
    open var includesTimeRemainingPhrase = false
    /// `DateComponentsFormatter.calendar`: stored only; units have fixed lengths.
    open var calendar: Calendar?
    /// `DateComponentsFormatter.referenceDate`: stored only; units have fixed lengths.
    open var referenceDate: Date?

    public override init() { super.init() }
    /// `DateComponentsFormatter(coder:)`: a formatter with the default settings.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The units in the order they are shown, with their lengths in seconds and their names.
    private static let units: [(unit: NSCalendar.Unit, seconds: Double, abbreviated: String, brief: String, short: String, full: String)] = [
        (.year, 365 * 86400, "y", "yr", "yr", "year"),
        (.month, 30 * 86400, "mo", "mth", "mth", "month"),
        (.weekOfMonth, 7 * 86400, "w", "wk", "wk", "week"),
        (.day, 86400, "d", "d", "day", "day"),
        (.hour, 3600, "h", "hr", "hr", "hour"),
        (.minute, 60, "m", "min", "min", "minute"),
        (.second, 1, "s", "sec", "sec", "second"),
    ]

    /// `DateComponentsFormatter.string(from:)`: a duration in seconds written in the allowed units;
    /// nil for an infinite or NaN one.
    open func string(from ti: TimeInterval) -> String? {
        guard ti.isFinite else { return nil }
        let chosen = Self.units.filter { allowedUnits.contains($0.unit) }
        guard !chosen.isEmpty else { return nil }
        let negative = ti < 0
        var rest = abs(ti).rounded(.toNearestOrAwayFromZero)
        var values: [Int] = []
        for u in chosen {
            let v = (rest / u.seconds).rounded(.down)
            values.append(Int(min(v, Double(Int.max / 2))))
            rest -= v * u.seconds
        }
        let text = format(values, chosen.map { ($0.abbreviated, $0.brief, $0.short, $0.full) })
        var out = (negative ? "-" : "") + text
        if includesApproximationPhrase { out = "About " + out }
        if includesTimeRemainingPhrase { out += " remaining" }
        return out
    }
    /// `DateComponentsFormatter.string(from:)` for components: their total in seconds (a month 30 days,
    /// a year 365), written as a duration.
    open func string(from components: DateComponents) -> String? {
        var seconds = 0.0
        seconds += Double(components.year ?? 0) * 365 * 86400 + Double(components.month ?? 0) * 30 * 86400
        seconds += Double(components.weekOfMonth ?? components.weekOfYear ?? 0) * 7 * 86400
        seconds += Double(components.day ?? 0) * 86400 + Double(components.hour ?? 0) * 3600
        seconds += Double(components.minute ?? 0) * 60 + Double(components.second ?? 0)
        return string(from: seconds)
    }
    /// `DateComponentsFormatter.string(from:to:)`: the interval between two dates, written as a duration.
    open func string(from startDate: Date, to endDate: Date) -> String? { string(from: endDate.timeIntervalSince(startDate)) }
    open override func string(for obj: Any?) -> String? {
        if let t = obj as? TimeInterval { return string(from: t) }
        if let c = obj as? DateComponents { return string(from: c) }
        return nil
    }
    /// `DateComponentsFormatter.localizedString(from:unitsStyle:)`: components written in `unitsStyle`
    /// with the default settings.
    open class func localizedString(from components: DateComponents, unitsStyle: UnitsStyle) -> String? {
        let f = DateComponentsFormatter()
        f.unitsStyle = unitsStyle
        return f.string(from: components)
    }

    private func format(_ values: [Int], _ names: [(String, String, String, String)]) -> String {
        var shown = Array(values.indices)
        let behavior = zeroFormattingBehavior
        if unitsStyle == .positional {
            // Leading zero units go (keeping the last two positions, minutes and seconds, when
            // those are allowed), unless padded.
            if !behavior.contains(.pad) || behavior.contains(.dropLeading) {
                while shown.count > min(2, values.count), values[shown[0]] == 0 { shown.removeFirst() }
            }
            if maximumUnitCount > 0, shown.count > maximumUnitCount { shown = Array(shown.prefix(maximumUnitCount)) }
            return shown.enumerated().map { i, k in
                let v = values[k]
                return i == 0 && !behavior.contains(.pad) ? String(v) : (v < 10 ? "0\(v)" : String(v))
            }.joined(separator: ":")
        }
        // Other styles drop zero units by default (all zero: the smallest unit, "0s").
        let dropsZeros = behavior.contains(.default) || behavior.isSubset(of: .dropAll) && !behavior.isEmpty
        if dropsZeros, !behavior.contains(.pad) { shown = shown.filter { values[$0] != 0 } }
        if shown.isEmpty { shown = [values.count - 1] }
        if maximumUnitCount > 0, shown.count > maximumUnitCount { shown = Array(shown.prefix(maximumUnitCount)) }
        let parts = shown.map { k -> String in
            let v = values[k], n = names[k]
            switch unitsStyle {
            case .abbreviated: return "\(v)\(n.0)"
            case .brief: return "\(v)\(n.1)"
            case .short: return "\(v) \(n.2)"
            case .full: return "\(v) \(n.3)\(v == 1 ? "" : "s")"
            case .spellOut:
                let f = NumberFormatter()
                f.numberStyle = .spellOut
                f.locale = Locale(identifier: "en_US")
                return "\(f.string(from: NSNumber(value: v)) ?? String(v)) \(n.3)\(v == 1 ? "" : "s")"
            case .positional: return String(v)
            }
        }
        switch unitsStyle {
        case .abbreviated, .brief: return parts.joined(separator: " ")
        default: return parts.joined(separator: ", ")
        }
    }
}

/// Stand-ins for UIKit's feedback generators that say in their name that they do nothing:
/// haptics do not exist on Linux desktops, so `UISelectionFeedbackGenerator` and the others are
/// unavailable (UK7), and the one-line change for code that keeps a generator is to make it
/// one of these (`let feedback = NoHaptics.SelectionFeedbackGenerator()`); the calls on it
/// then compile and do nothing.
public enum NoHaptics {
    /// Stands in for `UIImpactFeedbackGenerator`; does nothing.
    public final class ImpactFeedbackGenerator: Sendable {
        /// The impact's strength; ignored.
        public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }
        /// A generator that does nothing.
        public init(style: FeedbackStyle = .medium) {}
        /// Does nothing.
        public func prepare() {}
        /// Does nothing.
        public func impactOccurred() {}
        /// Does nothing.
        public func impactOccurred(intensity: CGFloat) {}
    }
    /// Stands in for `UINotificationFeedbackGenerator`; does nothing.
    public final class NotificationFeedbackGenerator: Sendable {
        /// The notification's kind; ignored.
        public enum FeedbackType: Int, Sendable { case success, warning, error }
        /// A generator that does nothing.
        public init() {}
        /// Does nothing.
        public func prepare() {}
        /// Does nothing.
        public func notificationOccurred(_ notificationType: FeedbackType) {}
    }
    /// Stands in for `UISelectionFeedbackGenerator`; does nothing.
    public final class SelectionFeedbackGenerator: Sendable {
        /// A generator that does nothing.
        public init() {}
        /// Does nothing.
        public func prepare() {}
        /// Does nothing.
        public func selectionChanged() {}
    }
}

/// Formats a date relative to another as Foundation's `RelativeDateTimeFormatter` does
/// (swift-corelibs-foundation has none): the largest unit that is at least one, "in 3 hours" or
/// "3 hours ago"; the named style says "now", "yesterday", "tomorrow", "last week", "next
/// year". Partial: English only.
open class RelativeDateTimeFormatter: Formatter, @unchecked Sendable {
    /// `RelativeDateTimeFormatter.DateTimeStyle`: numbers ("in 1 day") or names ("tomorrow").
    public enum DateTimeStyle: Int, Sendable { case numeric, named }
    /// `RelativeDateTimeFormatter.UnitsStyle`: full, spelled out, short or abbreviated unit names.
    public enum UnitsStyle: Int, Sendable { case full, spellOut, short, abbreviated }
    /// `RelativeDateTimeFormatter.Context`: where the text goes (for capitalisation); stored only.
    public enum Context: Int, Sendable { case unknown, dynamic, standalone, listItem, beginningOfSentence, middleOfSentence }

    /// `RelativeDateTimeFormatter.dateTimeStyle`: numbers or names (numeric by default).
    open var dateTimeStyle: DateTimeStyle = .numeric
    /// `RelativeDateTimeFormatter.unitsStyle`: how units are named (full by default).
    open var unitsStyle: UnitsStyle = .full
    /// `RelativeDateTimeFormatter.formattingContext`: stored only; text is not recapitalised.
    open var formattingContext: Context = .unknown
    /// `RelativeDateTimeFormatter.calendar`: stored only; units have fixed lengths.
    open var calendar: Calendar = .current
    /// `RelativeDateTimeFormatter.locale`: stored only; the text is English.
    open var locale: Locale = .current

    public override init() { super.init() }
    /// `RelativeDateTimeFormatter(coder:)`: a formatter with the default settings.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    private static let units: [(seconds: Double, full: String, short: String, abbreviated: String)] = [
        (365 * 86400, "year", "yr.", "y"), (30 * 86400, "month", "mo.", "mo"), (7 * 86400, "week", "wk.", "w"),
        (86400, "day", "day", "d"), (3600, "hour", "hr.", "h"), (60, "minute", "min.", "m"), (1, "second", "sec.", "s"),
    ]

    /// `RelativeDateTimeFormatter.localizedString(for:relativeTo:)`: `date` relative to
    /// `referenceDate` ("in 3 hours", "2 days ago").
    open func localizedString(for date: Date, relativeTo referenceDate: Date) -> String {
        localizedString(fromTimeInterval: date.timeIntervalSince(referenceDate))
    }
    /// `RelativeDateTimeFormatter.localizedString(fromTimeInterval:)`: an interval in seconds from now,
    /// in the largest unit that is at least one.
    open func localizedString(fromTimeInterval timeInterval: TimeInterval) -> String {
        guard timeInterval.isFinite else { return "" }
        let t = timeInterval.rounded(.towardZero), a = abs(t)
        let unit = Self.units.first { a >= $0.seconds } ?? Self.units[Self.units.count - 1]
        let n = Int((a / unit.seconds).rounded(.down))
        if dateTimeStyle == .named, let named = Self.named(n, unit.full, future: t > 0) { return named }
        let count: String
        switch unitsStyle {
        case .spellOut:
            let f = NumberFormatter()
            f.numberStyle = .spellOut
            f.locale = Locale(identifier: "en_US")
            count = f.string(from: NSNumber(value: n)) ?? String(n)
        default: count = String(n)
        }
        let name: String = switch unitsStyle {
        case .full, .spellOut: unit.full + (n == 1 ? "" : "s")
        case .short: unit.short == "day" && n != 1 ? "days" : unit.short
        case .abbreviated: unit.abbreviated
        }
        let amount = unitsStyle == .abbreviated ? "\(count)\(name)" : "\(count) \(name)"
        return t < 0 ? "\(amount) ago" : "in \(amount)"
    }
    /// `RelativeDateTimeFormatter.localizedString(from:)`: components as an interval from now.
    open func localizedString(from dateComponents: DateComponents) -> String {
        var s = Double(dateComponents.second ?? 0) + Double(dateComponents.minute ?? 0) * 60 + Double(dateComponents.hour ?? 0) * 3600
        s += Double(dateComponents.day ?? 0) * 86400 + Double(dateComponents.weekOfMonth ?? 0) * 7 * 86400
        s += Double(dateComponents.month ?? 0) * 30 * 86400 + Double(dateComponents.year ?? 0) * 365 * 86400
        return localizedString(fromTimeInterval: s)
    }
    open override func string(for obj: Any?) -> String? { (obj as? Date).map { localizedString(for: $0, relativeTo: Date()) } }

    /// The named forms for zero and one of a unit.
    private static func named(_ n: Int, _ unit: String, future: Bool) -> String? {
        if n == 0 || unit == "second" { return "now" }
        guard n == 1 else { return nil }
        switch unit {
        case "day": return future ? "tomorrow" : "yesterday"
        case "week", "month", "year": return (future ? "next " : "last ") + unit
        default: return nil
        }
    }
}

/// Inline styles Markdown gives text, as Foundation's `InlinePresentationIntent` (which
/// Foundation on Linux lacks).
public struct InlinePresentationIntent: OptionSet, Hashable, Codable, Sendable {
    /// The intents as Foundation's bits.
    public let rawValue: UInt
    /// The intents whose bits `rawValue` sets.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Emphasis (`*text*`).
    public static let emphasized = InlinePresentationIntent(rawValue: 1 << 0)
    /// Strong emphasis (`**text**`).
    public static let stronglyEmphasized = InlinePresentationIntent(rawValue: 1 << 1)
    /// Inline code.
    public static let code = InlinePresentationIntent(rawValue: 1 << 2)
    /// Strikethrough.
    public static let strikethrough = InlinePresentationIntent(rawValue: 1 << 5)
    /// A soft line break.
    public static let softBreak = InlinePresentationIntent(rawValue: 1 << 6)
    /// A hard line break.
    public static let lineBreak = InlinePresentationIntent(rawValue: 1 << 7)
    /// Inline HTML.
    public static let inlineHTML = InlinePresentationIntent(rawValue: 1 << 8)
    /// Block HTML.
    public static let blockHTML = InlinePresentationIntent(rawValue: 1 << 9)
}

/// The attribute Markdown's inline styles are kept in (UIKit's label draws them).
public enum InlinePresentationIntentAttribute: CodableAttributedStringKey {
    /// The attribute's value type.
    public typealias Value = InlinePresentationIntent
    /// The attribute's name in keyed attributes.
    public static let name = "NSInlinePresentationIntent"
}

extension AttributedString {
    /// Markdown's inline styles of the text.
    public var inlinePresentationIntent: InlinePresentationIntent? {
        get { self[InlinePresentationIntentAttribute.self] }
        set { self[InlinePresentationIntentAttribute.self] = newValue }
    }
    /// How Markdown is read, as Foundation's `AttributedString.MarkdownParsingOptions` (which
    /// Foundation on Linux lacks).
    public struct MarkdownParsingOptions: Hashable, Sendable {
        /// `MarkdownParsingOptions.InterpretedSyntax`: full Markdown or inline only (with or without
        /// keeping whitespace).
        public enum InterpretedSyntax: Hashable, Sendable { case full, inlineOnly, inlineOnlyPreservingWhitespace }
        /// `MarkdownParsingOptions.FailurePolicy`: throw or keep what parsed; nothing throws here.
        public enum FailurePolicy: Hashable, Sendable { case throwError, returnPartiallyParsedIfPossible }
        /// Stored only; extended attributes are not read.
        public var allowsExtendedAttributes: Bool
        /// The syntax read; only the whitespace-preserving choice changes parsing here.
        public var interpretedSyntax: InterpretedSyntax
        /// Stored only; CommonMark parses any text.
        public var failurePolicy: FailurePolicy
        /// Stored only.
        public var languageCode: String?
        /// Options of these values (full syntax, throwing, no extended attributes by default).
        public init(allowsExtendedAttributes: Bool = false, interpretedSyntax: InterpretedSyntax = .full,
                    failurePolicy: FailurePolicy = .throwError, languageCode: String? = nil) {
            self.allowsExtendedAttributes = allowsExtendedAttributes
            self.interpretedSyntax = interpretedSyntax
            self.failurePolicy = failurePolicy
            self.languageCode = languageCode
        }
    }

    /// Text with Markdown's inline styles as Foundation's attributes (`inlinePresentationIntent`
    /// for emphasis, strong emphasis and code; `link`), parsed by CommonMark's reference library.
    /// Partial: block structure becomes line breaks (no `presentationIntent`); CommonMark parses
    /// any text, so nothing is thrown.
    public init(markdown: String, options: MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws {
        self.init()
        let runs = Markdown.runs(markdown, preservingWhitespace: options.interpretedSyntax == .inlineOnlyPreservingWhitespace)
        for run in runs {
            var piece = AttributedString(run.text)
            var intent: InlinePresentationIntent = []
            if run.isEmphasized { intent.insert(.emphasized) }
            if run.isStrong { intent.insert(.stronglyEmphasized) }
            if run.isCode { intent.insert(.code) }
            if !intent.isEmpty { piece.inlinePresentationIntent = intent }
            if let link = run.link, let url = URL(string: link, relativeTo: baseURL) { piece.link = url }
            append(piece)
        }
    }
    /// `AttributedString(markdown:options:baseURL:)` for UTF-8 data: as the string form.
    public init(markdown: Data, options: MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws {
        try self.init(markdown: String(decoding: markdown, as: UTF8.self), options: options, baseURL: baseURL)
    }
}

extension NSAttributedString {
    /// The Foundation attributes of an `AttributedString` as UIKit's keyed attributes (Foundation
    /// on Linux has no such conversion): links and Markdown's inline intents.
    static func keyedAttributes(of run: AttributedString.Runs.Run) -> [NSAttributedString.Key: Any] {
        var a: [NSAttributedString.Key: Any] = [:]
        if let i = run[InlinePresentationIntentAttribute.self] { a[.inlinePresentationIntent] = NSNumber(value: i.rawValue) }
        if let l = run.link { a[.link] = l }
        return a
    }
    /// `NSAttributedString(_:)` from an `AttributedString`: its text, links and Markdown intents as
    /// keyed attributes.
    public convenience init(_ attrStr: AttributedString) {
        let m = NSMutableAttributedString(string: String(attrStr.characters))
        var location = 0
        for run in attrStr.runs {
            let length = String(attrStr[run.range].characters).utf16.count
            let attrs = NSAttributedString.keyedAttributes(of: run)
            if !attrs.isEmpty { m.addAttributes(attrs, range: NSRange(location: location, length: length)) }
            location += length
        }
        self.init(attributedString: m)
    }
}

// Darwin's time constants (from <dispatch/time.h>), which Glibc and Linux's Dispatch lack;
// UIKit code builds `DispatchTime` deadlines with them.

/// Nanoseconds per second.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds per millisecond.
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Microseconds per second.
public let USEC_PER_SEC: UInt64 = 1_000_000
/// Nanoseconds per microsecond.
public let NSEC_PER_USEC: UInt64 = 1_000

// MARK: - NSHashTable (Foundation on Linux has none)

/// `NSPointerFunctions`: only the memory options a hash table is made with.
public enum NSPointerFunctions {
    /// `NSPointerFunctions.Options`: how a hash table holds its objects.
    public struct Options: OptionSet, Sendable {
        /// The options as Foundation's bits.
        public let rawValue: UInt
        /// The options whose bits `rawValue` sets.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Held strongly (no bits).
        public static let strongMemory = Options([])
        /// Held weakly: gone from the table when released.
        public static let weakMemory = Options(rawValue: 5)
        /// Compared by identity (tables here always are).
        public static let objectPointerPersonality = Options(rawValue: 512)
    }
}

/// `NSHashTable`: a set of objects by identity, holding them weakly (`.weakMemory`) or strongly;
/// an object released while weakly held leaves the table (RU3).
public final class NSHashTable<ObjectType: AnyObject> {
    private struct Entry { weak var weak: ObjectType?; var strong: ObjectType? }
    private var entries: [ObjectIdentifier: Entry] = [:]
    private let weakly: Bool
    /// `NSHashTable(options:)`: an empty table holding objects weakly for `.weakMemory`, else strongly.
    public init(options: NSPointerFunctions.Options = .strongMemory) { weakly = options.contains(.weakMemory) }
    /// `NSHashTable(options:capacity:)`: as `init(options:)`; the capacity is ignored.
    public convenience init(options: NSPointerFunctions.Options, capacity: Int) { self.init(options: options) }
    /// `NSHashTable.weakObjects()`: an empty table holding objects weakly.
    public static func weakObjects() -> NSHashTable<ObjectType> { NSHashTable(options: .weakMemory) }
    /// `NSHashTable.hashTable(options:)`: an empty table of `options`.
    public static func hashTable(options: NSPointerFunctions.Options) -> NSHashTable<ObjectType> { NSHashTable(options: options) }

    private func live() -> [ObjectIdentifier: ObjectType] {
        entries = entries.filter { ($0.value.strong ?? $0.value.weak) != nil }
        return entries.compactMapValues { $0.strong ?? $0.weak }
    }
    /// `NSHashTable.allObjects`: the objects still in the table, in no order.
    public var allObjects: [ObjectType] { Array(live().values) }
    /// `NSHashTable.count`: how many objects are still in the table.
    public var count: Int { live().count }
    /// `NSHashTable.anyObject`: one object of the table, or nil.
    public var anyObject: ObjectType? { live().values.first }
    /// `NSHashTable.add(_:)`: adds an object (nil does nothing).
    public func add(_ object: ObjectType?) {
        guard let object else { return }
        entries[ObjectIdentifier(object)] = weakly ? Entry(weak: object, strong: nil) : Entry(weak: nil, strong: object)
    }
    /// `NSHashTable.remove(_:)`: removes an object.
    public func remove(_ object: ObjectType?) { object.map { entries[ObjectIdentifier($0)] = nil } }
    /// `NSHashTable.removeAllObjects()`: empties the table.
    public func removeAllObjects() { entries = [:] }
    /// `NSHashTable.contains(_:)`: whether the object is in the table.
    public func contains(_ object: ObjectType?) -> Bool { object.map { live()[ObjectIdentifier($0)] != nil } ?? false }
    /// `NSHashTable.member(_:)`: the object if it is in the table, else nil.
    public func member(_ object: ObjectType?) -> ObjectType? { contains(object) ? object : nil }
}
