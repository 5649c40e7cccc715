#if canImport(Glibc)
import Glibc
#endif

// The byte plumbing between a replay session and its processes (IN6): Unix stream sockets used
// one way each (a socket, unlike a pipe, is written with MSG_NOSIGNAL, so a process that died
// is an error to report, never a SIGPIPE that ends the caller), lines of JSON text on them.

/// One end of a socket pair that carries lines of text; reads wait at most a timeout.
struct ReplayChannel {
    let fd: Int32

    /// A connected pair of stream sockets: (the controller's end, the worker's end).
    static func pair() throws(ReplayError) -> (ReplayChannel, ReplayChannel) {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw .workerFailed("socketpair: \(String(cString: strerror(errno)))")
        }
        return (ReplayChannel(fd: fds[0]), ReplayChannel(fd: fds[1]))
    }

    /// Sends `line` and a newline; false when the other end is gone.
    @discardableResult
    func send(_ line: String) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(10)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// The next line (without its newline), read a byte at a time so nothing after it is taken
    /// from the socket (another process may read the rest); nil at end of file. Waits for ever:
    /// for workers, which have nothing else to do.
    func readLineUnbuffered() -> String? {
        var bytes: [UInt8] = []
        var b: UInt8 = 0
        while true {
            let n = read(fd, &b, 1)
            if n < 0, errno == EINTR { continue }
            guard n == 1 else { return nil }
            if b == 10 { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(b)
        }
    }

    func close() { _ = Glibc.close(fd) }
}

/// The controller's reader of replies: buffered (only workers write, one at a time, one reply a
/// request), with a timeout per reply.
struct ReplyReader {
    let channel: ReplayChannel
    private var buffer: [UInt8] = []

    init(channel: ReplayChannel) { self.channel = channel }

    /// The next reply line, waiting at most `timeout` seconds for it.
    mutating func readLine(timeout: Double, request: String) throws(ReplayError) -> String {
        let deadline = Self.now() + timeout
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let nl = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                return line
            }
            let left = deadline - Self.now()
            guard left > 0 else { throw .workerTimedOut(request: request, seconds: timeout) }
            var p = pollfd(fd: channel.fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(min(left * 1000, 1e9)) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { read(channel.fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw .workerFailed("its processes closed the reply channel while '\(request)' waited (one crashed)") }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Closes every descriptor the process holds but `keep` and the standard three: a forked replay
/// process must not hold the caller's sockets and files open (a server's socket, a test's).
func closeInheritedDescriptors(keeping keep: Set<Int32>) {
    guard let dir = opendir("/proc/self/fd") else { return }
    var open: [Int32] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if let fd = Int32(name) { open.append(fd) }
    }
    let own = dirfd(dir)
    closedir(dir)
    for fd in open where fd > 2 && fd != own && !keep.contains(fd) { _ = Glibc.close(fd) }
}

