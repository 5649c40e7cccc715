import UIKit

/// Simple in-memory image cache backed by NSCache, with request de-duplication.
final class ImageLoader {

    static let shared = ImageLoader()

    private let cache = NSCache<NSURL, UIImage>()
    private let session: URLSession
    private var runningRequests: [UUID: URLSessionDataTask] = [:]
    private let lock = NSLock()

    init(session: URLSession = .shared) {
        self.session = session
        cache.totalCostLimit = 50 * 1024 * 1024
    }

    func cachedImage(for url: URL) -> UIImage? {
        cache.object(forKey: url as NSURL)
    }

    @discardableResult
    func loadImage(from url: URL, completion: @escaping (Result<UIImage, Error>) -> Void) -> UUID? {
        if let image = cachedImage(for: url) {
            completion(.success(image))
            return nil
        }

        let token = UUID()
        let task = session.dataTask(with: url) { [weak self] data, response, error in
            defer {
                self?.lock.lock()
                self?.runningRequests.removeValue(forKey: token)
                self?.lock.unlock()
            }

            if let error = error as NSError?, error.code == NSURLErrorCancelled { return }

            guard let data = data,
                  let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode),
                  let image = UIImage(data: data) else {
                DispatchQueue.main.async { completion(.failure(error ?? URLError(.badServerResponse))) }
                return
            }

            self?.cache.setObject(image, forKey: url as NSURL, cost: data.count)
            DispatchQueue.main.async { completion(.success(image)) }
        }

        lock.lock()
        runningRequests[token] = task
        lock.unlock()
        task.resume()
        return token
    }

    func cancelLoad(_ token: UUID) {
        lock.lock()
        runningRequests.removeValue(forKey: token)?.cancel()
        lock.unlock()
    }
}

/// UIImageView subclass that loads its image from a URL and cancels when reused.
class RemoteImageView: UIImageView {

    var placeholder: UIImage? = UIImage(systemName: "photo")
    private var currentToken: UUID?
    private var currentURL: URL?
    private let spinner = UIActivityIndicatorView(style: .medium)

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .scaleAspectFill
        clipsToBounds = true
        backgroundColor = .secondarySystemFill
        spinner.hidesWhenStopped = true
        spinner.translatesAutoresizingMaskIntoConstraints = false
        addSubview(spinner)
        spinner.centerXAnchor.constraint(equalTo: centerXAnchor).isActive = true
        spinner.centerYAnchor.constraint(equalTo: centerYAnchor).isActive = true
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func setImage(from url: URL?) {
        cancel()
        currentURL = url
        guard let url = url else { image = placeholder; return }
        if let cached = ImageLoader.shared.cachedImage(for: url) {
            image = cached
            return
        }

        image = placeholder
        spinner.startAnimating()
        currentToken = ImageLoader.shared.loadImage(from: url) { [weak self] result in
            guard let self = self, self.currentURL == url else { return }
            self.spinner.stopAnimating()
            self.currentToken = nil
            switch result {
            case .success(let loaded):
                let targetSize = CGSize(width: self.bounds.width * 2, height: self.bounds.height * 2)
                let display = loaded.preparingThumbnail(of: targetSize) ?? loaded
                UIView.transition(with: self, duration: 0.25, options: .transitionCrossDissolve) {
                    self.image = display
                }
            case .failure:
                self.image = UIImage(systemName: "exclamationmark.triangle")
            }
        }
    }

    func cancel() {
        if let token = currentToken { ImageLoader.shared.cancelLoad(token) }
        currentToken = nil
        spinner.stopAnimating()
    }
}

// MARK: - Cell usage

final class AvatarCell: UITableViewCell {
    let avatarView = RemoteImageView(frame: CGRect(x: 0, y: 0, width: 44, height: 44))

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        avatarView.layer.cornerRadius = 22
        avatarView.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(avatarView)
        NSLayoutConstraint.activate([
            avatarView.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            avatarView.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            avatarView.widthAnchor.constraint(equalToConstant: 44),
            avatarView.heightAnchor.constraint(equalToConstant: 44)
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func prepareForReuse() {
        super.prepareForReuse()
        avatarView.cancel()
        avatarView.image = nil
    }
}
