import FlyingSocks
import Foundation
import Synchronization
import Testing
import Timeline

/// A WebSocket client written for the tests (RFC 6455's client side: masked frames, the
/// upgrade handshake), over a loopback socket. A reader task collects every text message in
/// ``inbox``; the test, on the main actor, steps the headless host while it waits, since the
/// server's requests run in the host's frames.
final class CDPTestClient: Sendable {
    let socket: AsyncSocket
    private let state = Mutex<(inbox: [String], closed: Bool)>(([], false))
    private let reader = Mutex<Task<Void, Never>?>(nil)

    private init(socket: AsyncSocket) { self.socket = socket }

    /// Connects to 127.0.0.1:`port` and upgrades `path`; returns the client, or the HTTP status
    /// and body of a refusal.
    static func connect(port: UInt16, path: String) async throws -> Result<CDPTestClient, HTTPRefusal> {
        let socket = try await AsyncSocket.connected(to: .inet(ip4: "127.0.0.1", port: port))
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try await socket.write(Data(request.utf8))
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) { head.append(try await socket.read()) }
        let text = String(decoding: head, as: UTF8.self)
        let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        guard status == 101 else {
            let length = text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            let body = length > 0 ? try await socket.read(bytes: length) : []
            try? socket.close()
            return .failure(HTTPRefusal(status: status, body: String(decoding: body, as: UTF8.self)))
        }
        let client = CDPTestClient(socket: socket)
        client.startReading()
        return .success(client)
    }

    struct HTTPRefusal: Error, Equatable { var status: Int; var body: String }

    private func startReading() {
        let task = Task.detached { [self] in
            do {
                var message: [UInt8] = []
                while true {
                    let b0 = try await socket.read(), b1 = try await socket.read()
                    var length = Int(b1 & 0x7f)
                    if length == 126 { length = Int(try await socket.read()) << 8 | Int(try await socket.read()) }
                    else if length == 127 { length = 0; for _ in 0..<8 { length = length << 8 | Int(try await socket.read()) } }
                    let payload = try await socket.read(bytes: length)
                    let opcode = b0 & 0x0f
                    if opcode == 8 { break }
                    if opcode == 1 || opcode == 0 { message += payload }
                    if b0 & 0x80 != 0, opcode == 1 || opcode == 0 {
                        let text = String(decoding: message, as: UTF8.self)
                        message = []
                        state.withLock { $0.inbox.append(text) }
                    }
                }
            } catch {}
            state.withLock { $0.closed = true }
        }
        reader.withLock { $0 = task }
    }

    /// Sends `text` as one masked text frame.
    func send(_ text: String) async throws {
        try await socket.write(Data(Self.frame(opcode: 1, payload: Array(text.utf8))))
    }

    /// Sends raw bytes (for broken frames).
    func sendRaw(_ bytes: [UInt8]) async throws { try await socket.write(Data(bytes)) }

    static func frame(opcode: UInt8, payload: [UInt8], fin: Bool = true) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let n = payload.count
        if n < 126 { out.append(0x80 | UInt8(n)) }
        else if n <= 0xffff { out += [0x80 | 126, UInt8(n >> 8), UInt8(n & 0xff)] }
        else { out.append(0x80 | 127); for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((n >> shift) & 0xff)) } }
        let mask: [UInt8] = (0..<4).map { _ in UInt8.random(in: 0...255) }
        out += mask
        out += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return out
    }

    /// The messages received so far, taken out of the inbox.
    func takeMessages() -> [String] { state.withLock { s in defer { s.inbox = [] }; return s.inbox } }

    var isClosed: Bool { state.withLock { $0.closed } }

    /// Closes the connection as a client should: a close frame, the server's close frame back
    /// (2 s at most), then the socket.
    func close() async {
        try? await socket.write(Data(Self.frame(opcode: 8, payload: [0x03, 0xe8])))
        for _ in 0..<400 where !isClosed { try? await Task.sleep(for: .milliseconds(5)) }
        await abort()
    }

    /// Drops the connection with no close frame (a client that goes away mid-message). The
    /// reader is cancelled and has ended before the socket closes: FlyingSocks' shared client
    /// pool keeps a socket registered while a read waits on it, and a closed socket's number,
    /// reused, would then fail.
    func abort() async {
        let task = reader.withLock { $0 }
        task?.cancel()
        await task?.value
        try? socket.close()
    }
}

/// A CDP session in a test: sends requests with counting ids and waits for their replies.
@MainActor
final class CDPSession {
    let client: CDPTestClient
    let host: HeadlessHost
    private var nextID = 1
    /// Messages received and not yet matched (events among them).
    var pending: [String] = []

    init(client: CDPTestClient, host: HeadlessHost) {
        self.client = client
        self.host = host
    }

    /// Sends `method` with `params` (JSON text of an object) and returns the reply.
    func call(_ method: String, _ params: String = "{}", sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let id = nextID
        nextID += 1
        try await client.send("{\"id\":\(id),\"method\":\"\(method)\",\"params\":\(params)}")
        return try await reply(to: id, sourceLocation: sourceLocation) ?? [:]
    }

    /// Steps the host until the client received a message that `matches`, or 90 seconds pass
    /// (the whole suite shares the main actor and two cores); returns it, parsed, or nil after recording an issue. Messages that do not match stay in
    /// ``pending``.
    func awaitMessage(where matches: ([String: Any]) -> Bool,
                      sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any]? {
        let deadline = ContinuousClock.now + .seconds(90)
        while ContinuousClock.now < deadline {
            pending += client.takeMessages()
            for (i, text) in pending.enumerated() {
                if let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], matches(object) {
                    pending.remove(at: i)
                    return object
                }
            }
            host.step()
            try await Task.sleep(for: .milliseconds(2))
        }
        Issue.record("no matching message within 90 s; received: \(pending)", sourceLocation: sourceLocation)
        return nil
    }

    /// Waits for the reply with `id`.
    func reply(to id: Int?, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any]? {
        try await awaitMessage(where: { object in
            guard object["method"] == nil else { return false }
            if let id { return (object["id"] as? Int) == id }
            return object["id"] is NSNull
        }, sourceLocation: sourceLocation)
    }

    /// Waits for the event `method`.
    func event(_ method: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any]? {
        try await awaitMessage(where: { ($0["method"] as? String) == method },
                               sourceLocation: sourceLocation)
    }
}

/// Plain HTTP GET on loopback with `Connection: close`; returns the status and the body.
func httpGet(port: UInt16, path: String, host: String? = nil) async throws -> (status: Int, body: String) {
    let socket = try await AsyncSocket.connected(to: .inet(ip4: "127.0.0.1", port: port))
    defer { try? socket.close() }
    let request = "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n"
    try await socket.write(Data(request.utf8))
    var bytes: [UInt8] = []
    do { while true { bytes += try await socket.read(atMost: 4096) } } catch {}
    let text = String(decoding: bytes, as: UTF8.self)
    let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
    let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
    return (status, body)
}
