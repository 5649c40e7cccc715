#if canImport(Glibc)
import Glibc
#endif
import UpdateLoop

/// Reads the process's resident memory in bytes; nil when it cannot be read. A window's
/// ``MemoryMonitor`` calls it at most once per ``MemoryMonitor/checkInterval`` of frame time.
public typealias ResidentMemoryReader = @MainActor () -> Int?

/// Why a memory warning was raised.
public enum MemoryWarningReason: Sendable, Equatable {
    /// Resident memory passed the app's budget (``MemoryMonitor/budget``): the bytes read.
    case budgetExceeded(residentBytes: Int)
    /// The kernel's memory-pressure trigger (PSI) fired.
    case kernelPressure
    /// ``Window/simulateMemoryWarning()`` was called.
    case simulated
}

/// Watches the process's memory for one window (MR5): resident memory against a budget the app
/// sets, and, where the kernel offers it and the app turns it on, the memory-pressure
/// notification (PSI, `/proc/pressure/memory`). Either raises the window's memory warning
/// (``Window/simulateMemoryWarning()`` raises it by hand).
///
/// It checks during the frames that run anyway, once per ``checkInterval`` of frame time (a
/// second by default, 60 frames at 60 Hz): it never keeps an idle run loop awake (R6), so an
/// idle window checks at its next frame. A check reads `/proc/self/statm` into a buffer on the
/// stack and polls the trigger without blocking: it allocates nothing.
///
/// The budget has hysteresis: a warning is raised once when resident memory passes the budget,
/// and not again until it has fallen below ``rearmFraction`` of it and passes it again.
@MainActor
public final class MemoryMonitor {
    /// Resident bytes past which a memory warning is raised; nil (the default) watches no budget.
    /// A budget of zero or less is refused (it stays nil) with a diagnostic.
    public var budget: Int? {
        didSet {
            if let b = budget, b <= 0 {
                budget = nil
                report?("memoryWarningBudget \(b) is not a number of bytes above zero; no budget is watched")
            }
            isArmed = true
        }
    }
    /// The fraction of ``budget`` resident memory must fall below before passing the budget warns
    /// again (clamped to 0...1; default 0.9).
    public var rearmFraction = 0.9 {
        didSet { if !(rearmFraction >= 0 && rearmFraction <= 1) { rearmFraction = rearmFraction > 1 ? 1 : 0 } }
    }
    /// Frame time between two checks (default one second). Zero or less checks every frame.
    public var checkInterval: Duration = .seconds(1)
    /// Reads resident memory; the default reads `/proc/self/statm`. Tests put a reader of their
    /// own here to drive the figure.
    public var residentReader: ResidentMemoryReader = MemoryMonitor.readResidentBytes
    /// The resident bytes the last check read (nil before the first, or when unreadable).
    public private(set) var lastResidentBytes: Int?
    /// Checks made so far (for tests and figures).
    public private(set) var checkCount = 0
    /// Whether passing the budget warns again (false after a warning until memory falls below
    /// ``rearmFraction`` of the budget).
    public private(set) var isArmed = true
    /// Whether the kernel's memory-pressure trigger is open and polled.
    public var isWatchingPressure: Bool { pressure != nil }
    /// Why the pressure trigger is not open, when ``startWatchingPressure(trigger:path:)`` could
    /// not open it (no PSI in this kernel, or not allowed); nil when it is open or was never asked.
    public private(set) var pressureUnavailableReason: String?

    /// Raises the warning on the owner (the window, held weakly through the closure).
    var onWarning: (@MainActor (MemoryWarningReason) -> Void)?
    /// Reports a refused setting to the owner's diagnostics.
    var report: (@MainActor (String) -> Void)?
    private var lastCheck: Int64?
    private var pressure: PressureTrigger?

    /// A monitor with no budget and no pressure trigger; a window makes its own
    /// (``Window/memoryMonitor``).
    public init() {}

    /// The pressure trigger the engine asks for by default: 150 ms of stall in any task over a
    /// 2 s window (unprivileged processes may ask only for windows that are multiples of 2 s).
    public static let defaultPressureTrigger = "some 150000 2000000"

    /// Opens the kernel's memory-pressure trigger (PSI) with `trigger` ("some|full STALL_US
    /// WINDOW_US") written to it; returns whether it is watched. Where the file is absent or not
    /// writable it stays off: ``pressureUnavailableReason`` says why, and nothing is raised.
    @discardableResult
    public func startWatchingPressure(trigger: String = MemoryMonitor.defaultPressureTrigger,
                                      path: String = "/proc/pressure/memory") -> Bool {
        if pressure != nil { return true }
        switch PressureTrigger.open(path: path, trigger: trigger) {
        case .success(let t):
            pressure = t
            pressureUnavailableReason = nil
            return true
        case .failure(let why):
            pressureUnavailableReason = why.message
            return false
        }
    }

    /// Closes the pressure trigger.
    public func stopWatchingPressure() { pressure = nil }

    /// Called by the window at the start of each frame's animation phase: checks when
    /// ``checkInterval`` has passed since the last check.
    func frameDidStart(at mediaTime: Int64) {
        if let last = lastCheck, mediaTime - last < checkInterval.nanoseconds, mediaTime >= last { return }
        lastCheck = mediaTime
        _ = check()
    }

    /// Checks now: reads resident memory against the budget and polls the pressure trigger;
    /// returns the warning raised, if any (at most one per check).
    @discardableResult
    public func check() -> MemoryWarningReason? {
        checkCount += 1
        var raised: MemoryWarningReason?
        if let trigger = pressure {
            switch trigger.poll() {
            case .fired: raised = .kernelPressure
            case .quiet: break
            case .failed:
                pressure = nil
                pressureUnavailableReason = "the pressure trigger reported an error and was closed"
            }
        }
        if let budget {
            let resident = residentReader()
            lastResidentBytes = resident
            if let r = resident {
                if isArmed, r > budget {
                    isArmed = false
                    if raised == nil { raised = .budgetExceeded(residentBytes: r) }
                } else if !isArmed, Double(r) < Double(budget) * rearmFraction {
                    isArmed = true
                }
            }
        }
        if let raised { onWarning?(raised) }
        return raised
    }

    /// The process's resident bytes from `/proc/self/statm` (its second field, in pages); nil
    /// where there is no such file. Reads into a stack buffer: allocates nothing.
    public nonisolated static func readResidentBytes() -> Int? {
        #if canImport(Glibc)
        let fd = Glibc.open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = Glibc.close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer -> Int? in
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            guard n > 0 else { return nil }
            guard let pages = parseStatmResident(UnsafeBufferPointer(rebasing: buffer[..<n])) else { return nil }
            let pageSize = sysconf(Int32(_SC_PAGESIZE))
            return pages.multipliedReportingOverflow(by: pageSize > 0 ? pageSize : 4096).partialValue
        }
        #else
        return nil
        #endif
    }

    /// The second number of a `statm` line ("size resident shared ..."), or nil.
    nonisolated static func parseStatmResident(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var field = 0, value = 0, inNumber = false
        for b in bytes {
            if b >= 48 && b <= 57 {
                inNumber = true
                if field == 1 {
                    let (m, o1) = value.multipliedReportingOverflow(by: 10)
                    let (s, o2) = m.addingReportingOverflow(Int(b - 48))
                    guard !o1, !o2 else { return nil }
                    value = s
                }
            } else if inNumber {
                if field == 1 { return value }
                field += 1
                inNumber = false
            }
        }
        return field == 1 && inNumber ? value : nil
    }
}

/// An open PSI trigger: the file descriptor the threshold was written to, polled without
/// blocking, closed when released.
final class PressureTrigger {
    enum Poll { case quiet, fired, failed }
    struct Failure: Error { let message: String }
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }
    deinit {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #endif
    }

    static func open(path: String, trigger: String) -> Result<PressureTrigger, Failure> {
        #if canImport(Glibc)
        let fd = Glibc.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Failure(message: "\(path): \(String(cString: strerror(errno)))")) }
        // The kernel takes the trigger with its terminating NUL.
        let written = trigger.withCString { Glibc.write(fd, $0, strlen($0) + 1) }
        guard written > 0 else {
            let why = String(cString: strerror(errno))
            _ = Glibc.close(fd)
            return .failure(Failure(message: "\(path): the trigger \"\(trigger)\" was refused: \(why)"))
        }
        return .success(PressureTrigger(fd: fd))
        #else
        return .failure(Failure(message: "no memory-pressure notification on this system"))
        #endif
    }

    /// Whether the trigger fired since the last poll (the kernel clears its event when polled).
    func poll() -> Poll {
        #if canImport(Glibc)
        var p = pollfd(fd: fd, events: Int16(POLLPRI), revents: 0)
        let n = Glibc.poll(&p, 1, 0)
        guard n > 0 else { return n < 0 && errno != EINTR ? .failed : .quiet }
        if p.revents & Int16(POLLERR | POLLNVAL) != 0 { return .failed }
        return p.revents & Int16(POLLPRI) != 0 ? .fired : .quiet
        #else
        return .failed
        #endif
    }
}
