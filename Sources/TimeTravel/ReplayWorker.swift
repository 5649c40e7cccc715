#if canImport(Glibc)
import Glibc
#endif
import JSONParsing
import UpdateLoop

/// The code a replay's forked processes run (IN6). A checkpoint process holds a host stopped
/// at a multiple of the interval and waits on its channel; asked to resume, it forks the active
/// process, a copy of itself that goes forward and answers requests on the same channel until
/// released, while the checkpoint waits for it to end and stays as it was. An active process
/// that passes a multiple of the interval with no checkpoint yet forks one there.
///
/// Requests and replies are one line of JSON each; one request is outstanding at a time, so
/// at most one process reads a channel: the checkpoint only after its active child is gone.
@MainActor
final class ReplayWorker {
    let host: ReplayHost
    /// The workers' ends of the checkpoint channels, by checkpoint number.
    let channels: [ReplayChannel]
    let reply: ReplayChannel
    let interval: Int
    /// The highest checkpoint number known to exist.
    var kept = 0

    init(host: ReplayHost, channels: [ReplayChannel], reply: ReplayChannel, interval: Int) {
        self.host = host; self.channels = channels; self.reply = reply; self.interval = interval
    }

    /// Serves as checkpoint `k` until the controller closes the channel.
    func serveCheckpoint(_ k: Int) -> Never {
        while let line = channels[k].readLineUnbuffered() {
            guard line.contains("\"resume\"") else {
                reply.send("{\"error\": \"checkpoint \(k) was sent \(jsonString(line)), not resume\"}")
                continue
            }
            let pid = fork()
            if pid == 0 { serveActive(k) }
            if pid < 0 {
                reply.send("{\"error\": \"fork: \(String(cString: strerror(errno)))\"}")
                continue
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        _exit(0)
    }

    /// Serves requests on checkpoint `k`'s channel as the active process until released.
    private func serveActive(_ k: Int) -> Never {
        reply.send("{\"ready\": \(host.clock.position)}")
        while let line = channels[k].readLineUnbuffered() {
            guard let request = try? JSONParser.parse(line), case .string(let op, _)? = request["op"] else {
                reply.send("{\"error\": \"not a request: \(jsonString(line))\"}")
                continue
            }
            switch op {
            case "release":
                reply.send("{\"bye\": true}")
                _exit(0)
            case "goto":
                reply.send(goto(request))
            default:
                reply.send("{\"error\": \"unknown request \(jsonString(op))\"}")
            }
        }
        _exit(0)
    }

    /// Runs to the frame asked, leaving checkpoints behind, and answers with the frame's digest
    /// and, when asked, a value and the whole snapshot.
    private func goto(_ request: JSONValue) -> String {
        guard case .number(let f, _)? = request["frame"], case .number(let m, _)? = request["kept"] else {
            return "{\"error\": \"goto needs frame and kept\"}"
        }
        let target = Int(f)
        kept = max(kept, Int(m))
        guard target >= 0, target < host.frameCount, target >= (host.frame ?? -1) else {
            return "{\"error\": \"frame \(target) is behind this process or out of range\"}"
        }
        while host.clock.position <= target {
            let position = host.clock.position
            if position % interval == 0, position / interval > kept, position / interval < channels.count {
                let pid = fork()
                if pid == 0 { serveCheckpoint(position / interval) }
                if pid > 0 { kept = position / interval }
            }
            host.step()
        }
        var fields = ["\"frame\": \(target)", "\"kept\": \(kept)", "\"digest\": \"\(String(host.digest(), radix: 16))\""]
        if case .string(let view, _)? = request["view"], case .string(let keyPath, _)? = request["keyPath"] {
            do { fields.append("\"value\": \(try host.value(of: view, keyPath))") } catch {
                switch error {
                case .unknownView(let name): fields.append("\"unknownView\": \(jsonString(name))")
                case .unknownKeyPath(let k, _): fields.append("\"unknownKeyPath\": \(jsonString(k))")
                default: fields.append("\"error\": \(jsonString(error.description))")
                }
            }
        }
        if case .bool(true, _)? = request["snapshot"] { fields.append("\"snapshot\": \(jsonString(host.snapshot()))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
