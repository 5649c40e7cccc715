import Combine
import UIKit

// RU3: a view model written with Combine, as loading-bar and form libraries write one: the key
// window published through a subject and NotificationCenter, a @Published progress assigned to
// a view, a timer that ticks on the main run loop, and the subscriptions kept in a set.

final class ProgressModel: ObservableObject {
    @Published var progress: Float = 0
    @Published var isLoading = false
}

@MainActor
final class LoadingBarController {
    let bar = UIProgressView(progressViewStyle: .bar)
    private let model = ProgressModel()
    private let window = CurrentValueSubject<UIWindow?, Never>(nil)
    private var subscriptions = Set<AnyCancellable>()

    var windowPublisher: AnyPublisher<UIWindow?, Never> { window.eraseToAnyPublisher() }

    init(notificationCenter: NotificationCenter = .default) {
        notificationCenter
            .publisher(for: UIWindow.didBecomeKeyNotification)
            .compactMap { $0.object as? UIWindow }
            .sink { [weak self] window in self?.window.value = window }
            .store(in: &subscriptions)
        model.$progress
            .receive(on: DispatchQueue.main)
            .assign(to: \.progress, on: bar)
            .store(in: &subscriptions)
        model.$isLoading
            .map { !$0 }
            .removeDuplicates()
            .sink { [weak self] hidden in self?.bar.isHidden = hidden }
            .store(in: &subscriptions)
        Timer.publish(every: 0.1, on: .main, in: .common)
            .autoconnect()
            .sink { [weak self] _ in
                guard let self, self.model.isLoading else { return }
                self.model.progress = min(1, self.model.progress + 0.1)
            }
            .store(in: &subscriptions)
    }

    func start() { model.isLoading = true }
    func finish() {
        model.progress = 1
        model.isLoading = false
        subscriptions.removeAll()
    }
}
