import UIKit

// RU3: a small observable wrapper that watches any object by key path, as menu and header
// libraries write it: the observed object is held as AnyObject (Objective-C's id), the observer
// is a plain NSObject subclass that overrides observeValue(forKeyPath:...), and the context is
// the address of one of its own properties.

class ValueSource<Value>: NSObject {
    var onChange: ((Value) -> Void)?
}

final class KeyPathSource<Value>: ValueSource<Value> {
    private let keyPath: String
    private weak var target: AnyObject?
    private var token = UUID().uuidString

    init(keyPath: String, of target: AnyObject) {
        self.keyPath = keyPath
        self.target = target
        super.init()
        target.addObserver(self, forKeyPath: keyPath, options: [.new, .initial], context: &token)
    }

    deinit {
        target?.removeObserver(self, forKeyPath: keyPath, context: &token)
    }

    override func observeValue(forKeyPath keyPath: String?, of object: Any?,
                               change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
        guard context == &token, let value = change?[.newKey] as? Value else { return }
        onChange?(value)
    }
}

final class CollapsingHeaderController: UIViewController {
    private let list = UIScrollView()
    private let header = UIView()
    private var offsets: KeyPathSource<CGPoint>?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(list)
        view.addSubview(header)
        header.backgroundColor = .systemIndigo
        let source = KeyPathSource<CGPoint>(keyPath: #keyPath(UIScrollView.contentOffset), of: list)
        source.onChange = { [weak self] offset in
            guard let self else { return }
            self.header.frame.size.height = max(44, 120 - offset.y)
        }
        offsets = source
    }
}
