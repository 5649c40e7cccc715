import Foundation
import Timeline

// Sharing. A desktop has no share sheet with other applications in it; what sharing does here
// is what a desktop does with text: copy it. `UIActivityViewController` is an action sheet
// offering "Copy" (strings, URLs and attributed strings among the items, one per line, go to
// the clipboard) and any application activities given, then calls its completion handler as
// UIKit does.

/// `UIActivity.ActivityType` (declared at top level): a string naming an activity.
public struct UIActivity_ActivityType: RawRepresentable, Hashable, Sendable {
    /// The activity type's string.
    public let rawValue: String
    /// The activity type of string `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// A service an activity view controller offers (subclass it for your own).
@preconcurrency @MainActor
open class UIActivity: NSObject {
    /// `UIActivity.ActivityType`: a string naming an activity.
    public typealias ActivityType = UIActivity_ActivityType
    /// `UIActivity.Category`: an action or a share; not used to order the sheet here.
    public enum Category: Int, Sendable { case action, share }
    /// `UIActivity.activityCategory`: `.action` by default.
    open class var activityCategory: Category { .action }
    /// `UIActivity.activityType`: the activity's type; nil by default.
    open var activityType: ActivityType? { nil }
    /// `UIActivity.activityTitle`: the sheet button's title; nil by default.
    open var activityTitle: String? { nil }
    /// `UIActivity.activityImage`: the activity's image; nil by default (not drawn).
    open var activityImage: UIImage? { nil }
    /// `UIActivity.canPerform(withActivityItems:)`: whether the activity is offered for these items; true
    /// by default.
    open func canPerform(withActivityItems activityItems: [Any]) -> Bool { true }
    /// `UIActivity.prepare(withActivityItems:)`: called with the items before `perform()`; does nothing.
    open func prepare(withActivityItems activityItems: [Any]) {}
    /// `UIActivity.perform()`: does the activity; by default it finishes at once.
    open func perform() { activityDidFinish(true) }
    /// Called by the activity when it is done (the controller's completion runs).
    open func activityDidFinish(_ completed: Bool) { finished?(completed) }
    var finished: ((Bool) -> Void)?
}

extension UIActivity.ActivityType {
    /// Copy to the pasteboard (the one system activity offered here).
    public static let copyToPasteboard = UIActivity.ActivityType(rawValue: "com.apple.UIKit.activity.CopyToPasteboard")
    /// Mail; not offered on Linux.
    public static let mail = UIActivity.ActivityType(rawValue: "com.apple.UIKit.activity.Mail")
    /// Messages; not offered on Linux.
    public static let message = UIActivity.ActivityType(rawValue: "com.apple.UIKit.activity.Message")
    /// Print; not offered on Linux.
    public static let print = UIActivity.ActivityType(rawValue: "com.apple.UIKit.activity.Print")
    /// AirDrop; not offered on Linux.
    public static let airDrop = UIActivity.ActivityType(rawValue: "com.apple.UIKit.activity.AirDrop")
    /// Save to the photo library; not offered on Linux.
    public static let saveToCameraRoll = UIActivity.ActivityType(rawValue: "com.apple.UIKit.activity.SaveToCameraRoll")
    /// Add to a reading list; not offered on Linux.
    public static let addToReadingList = UIActivity.ActivityType(rawValue: "com.apple.UIKit.activity.AddToReadingList")
    /// Assign to a contact; not offered on Linux.
    public static let assignToContact = UIActivity.ActivityType(rawValue: "com.apple.UIKit.activity.AssignToContact")
    /// Open in Books; not offered on Linux.
    public static let openInIBooks = UIActivity.ActivityType(rawValue: "com.apple.UIKit.activity.OpenInIBooks")
    /// Mark up as PDF; not offered on Linux.
    public static let markupAsPDF = UIActivity.ActivityType(rawValue: "com.apple.UIKit.activity.MarkupAsPDF")
}

/// `UIActivityViewController`: an action sheet offering to copy the items and the application's
/// own activities. Partial: there are no other applications to share with, so only copying and
/// the given activities are offered.
@preconcurrency @MainActor
open class UIActivityViewController: UIViewController {
    /// Called when the sheet is done: the activity chosen (nil: cancelled), whether it completed, and
    /// no items or error here.
    public typealias CompletionWithItemsHandler = (UIActivity.ActivityType?, Bool, [Any]?, (any Error)?) -> Void
    /// `UIActivityViewController.activityItems`: the items to share.
    public let activityItems: [Any]
    private let activities: [UIActivity]
    /// `UIActivityViewController.completionWithItemsHandler`: called when the sheet is done.
    open var completionWithItemsHandler: CompletionWithItemsHandler?
    /// Activities not to offer (read when the sheet is shown).
    open var excludedActivityTypes: [UIActivity.ActivityType]?
    private var built = false

    /// `UIActivityViewController(activityItems:applicationActivities:)`: a sheet offering copying and
    /// `applicationActivities` for `activityItems`.
    public init(activityItems: [Any], applicationActivities: [UIActivity]?) {
        self.activityItems = activityItems
        activities = applicationActivities ?? []
        super.init(coder: EngineViewCoder(controller: AlertController(title: nil, message: nil, preferredStyle: .actionSheet)))!
        modalPresentationStyle = .custom
    }
    /// The sheet's actions are made when it loads (after `excludedActivityTypes` is set).
    open override func viewDidLoad() {
        super.viewDidLoad()
        rebuild()
    }
    /// `UIActivityViewController(coder:)`: a sheet with no items and no activities.
    public required init?(coder: NSCoder) {
        activityItems = []
        activities = []
        super.init(coder: coder)
    }

    /// The text the items copy as: strings, URLs and attributed strings, one per line.
    var copiedText: String {
        activityItems.compactMap { item -> String? in
            if let s = item as? String { return s }
            if let u = item as? URL { return u.absoluteString }
            if let a = item as? NSAttributedString { return a.string }
            return nil
        }.joined(separator: "\n")
    }

    /// The sheet's actions: the activities, Copy (when something copies), Cancel.
    private func rebuild() {
        guard !built, let sheet = controller as? AlertController else { return }
        built = true
        let excluded = Set(excludedActivityTypes ?? [])
        for activity in activities where activity.canPerform(withActivityItems: activityItems) {
            if let t = activity.activityType, excluded.contains(t) { continue }
            sheet.addAction(AlertAction(title: activity.activityTitle ?? "Activity") { [weak self] _ in self?.run(activity) })
        }
        if !copiedText.isEmpty, !excluded.contains(.copyToPasteboard) {
            sheet.addAction(AlertAction(title: "Copy") { [weak self] _ in
                guard let self else { return }
                UIPasteboard.general.string = self.copiedText
                self.completionWithItemsHandler?(.copyToPasteboard, true, nil, nil)
            })
        }
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel) { [weak self] _ in
            self?.completionWithItemsHandler?(nil, false, nil, nil)
        })
    }
    private func run(_ activity: UIActivity) {
        activity.finished = { [weak self] done in self?.completionWithItemsHandler?(activity.activityType, done, nil, nil) }
        activity.prepare(withActivityItems: activityItems)
        activity.perform()
    }
}
