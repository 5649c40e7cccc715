import FlyingFox
import FlyingSocks
import Foundation
import Synchronization
import UpdateLoop

/// The inspector's server (IN1): HTTP and WebSocket on 127.0.0.1 only, on FlyingFox (docs/inspector.md,
/// "Starting it": why FlyingFox). It serves DevTools' discovery endpoints, `GET /json/version` and
/// `GET /json/list`, and one WebSocket at `/devtools/page/TOKEN`, where TOKEN is 128 random bits
/// made at start and printed with the URL, as Flutter's VM service does: a process on the
/// machine that was not told the URL cannot drive the app, and a web page cannot either (a
/// request whose Host is not the loopback address is refused, which stops DNS rebinding, and no
/// response allows another origin).
///
/// It runs on FlyingFox's tasks and its socket pool's thread, made when it starts; it touches no
/// engine object. A request is parsed here and posted to the run loop
/// (``MainRunLoop/post(_:)``), which carries it out on the main actor in phase 1 of the next
/// frame; the reply goes back through the connection's stream, which never blocks the frame.
/// One client at a time: a second is refused (HTTP 409) while the first is connected.
public final class InspectorServer: Sendable {
    /// The secret path component of the WebSocket URL.
    public let token: String
    let inspector: Inspector
    let runLoop: MainRunLoop
    let appName: String
    private let http: HTTPServer
    private let state = Mutex(State())

    private struct State {
        var hasClient = false
        var isStopping = false
        var runTask: Task<Void, Never>?
    }

    init(inspector: Inspector, runLoop: MainRunLoop, port: UInt16, appName: String) {
        var rng = SystemRandomNumberGenerator()
        token = (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &rng)) }.joined()
        self.inspector = inspector
        self.runLoop = runLoop
        self.appName = appName
        // Never another address than loopback (IN1).
        let address = sockaddr_in.loopbackIPv4(port: port)
        http = HTTPServer(config: HTTPServer.Configuration(address: address, timeout: 15, logger: .disabled))
    }

    /// Starts listening in the background; with `announce`, prints the URLs once it listens, or
    /// why it could not.
    func start(announce: Bool) {
        let task = Task.detached { [http, self] in
            await http.appendRoute("*", to: InspectorHTTPHandler(server: self))
            if announce {
                Task {
                    do {
                        let port = try await self.waitUntilListening()
                        print(self.announcement(port: port))
                    } catch {
                        FileHandle.standardError.write(Data("Timeline inspector: not listening: \(error)\n".utf8))
                    }
                }
            }
            do { try await http.run() } catch {
                if announce, !self.state.withLock({ $0.isStopping }) { FileHandle.standardError.write(Data("Timeline inspector: the server stopped: \(error)\n".utf8)) }
            }
        }
        state.withLock { $0.runTask = task }
    }

    /// Waits until the server listens; returns its port.
    public func waitUntilListening(timeout: TimeInterval = 10) async throws -> UInt16 {
        try await http.waitUntilListening(timeout: timeout)
        guard case .ip4(_, let port)? = await http.listeningAddress else { throw SocketError.unsupportedAddress }
        return port
    }

    /// The port the server listens on, once it listens.
    var listeningPort: UInt16? {
        get async {
            guard case .ip4(_, let port)? = await http.listeningAddress else { return nil }
            return port
        }
    }

    /// The address the server listens on (`127.0.0.1`), once it listens.
    public var listeningHost: String? {
        get async {
            guard case .ip4(let host, _)? = await http.listeningAddress else { return nil }
            return host
        }
    }

    /// The WebSocket URL a client connects to.
    public func webSocketURL(port: UInt16) -> String { "ws://127.0.0.1:\(port)/devtools/page/\(token)" }

    /// The constraint page's URL (IN5).
    public func constraintsPageURL(port: UInt16) -> String { "http://127.0.0.1:\(port)/constraints/\(token)" }

    /// What an app prints when the inspector starts.
    func announcement(port: UInt16) -> String {
        "Timeline inspector: \(webSocketURL(port: port))\n"
            + "  DevTools: chromium --remote-debugging-port=9222, then open"
            + " http://127.0.0.1:9222/devtools/inspector.html?ws=127.0.0.1:\(port)/devtools/page/\(token)"
            + " (or chrome://inspect with 127.0.0.1:\(port) added; targets: http://127.0.0.1:\(port)/json/list)\n"
            + "  constraints: \(constraintsPageURL(port: port))"
    }

    /// Stops listening and closes the connections.
    func stop() async {
        state.withLock { $0.isStopping = true }
        await http.stop(timeout: 1)
        let task = state.withLock { $0.runTask }
        task?.cancel()
        await task?.value
    }

    // MARK: The one client

    /// Whether a client is connected now.
    var hasClient: Bool { state.withLock { $0.hasClient } }

    /// Takes the one client slot; false when another client holds it.
    func claimClient() -> Bool {
        state.withLock { s in
            guard !s.hasClient else { return false }
            s.hasClient = true
            return true
        }
    }

    /// A client connected: events go to `reply` from now on.
    func clientConnected(_ reply: AsyncStream<WSMessage>.Continuation) {
        runLoop.post { [inspector] in
            inspector.eventSink = { reply.yield(.text($0)) }
        }
    }

    /// The client went away (closed, or its connection broke mid-message): its slot is free and
    /// its hooks are removed at the next frame boundary.
    func clientDisconnected() {
        state.withLock { $0.hasClient = false }
        runLoop.post { [inspector] in
            inspector.eventSink = nil
            inspector.clientDidLeave()
        }
    }

    /// One message of the client: a request goes to the run loop; what is no request is answered here.
    func receive(_ message: WSMessage, reply: AsyncStream<WSMessage>.Continuation) {
        switch message {
        case .text(let text):
            do {
                let request = try CDPRequest.parse(text)
                runLoop.post { [inspector] in reply.yield(.text(inspector.handle(request))) }
            } catch {
                reply.yield(.text(error.json))
            }
        case .data(let data):
            reply.yield(.text(CDPError(id: nil, code: CDPError.invalidRequest,
                                       message: "a binary message of \(data.count) bytes: CDP requests are JSON text messages").json))
        case .close:
            break
        }
    }

    // MARK: HTTP

    /// A request of the constraint page: parsed here, carried out in the next frame; only the
    /// Constraints domain is served (the page must not disturb a DevTools client's session).
    func pageCall(_ text: String) async -> String {
        let request: CDPRequest
        do { request = try CDPRequest.parse(text) } catch { return error.json }
        guard Inspector.constraintMethods.contains(request.method) else {
            return CDPError(id: request.id, code: CDPError.methodNotFound,
                            message: "'\(request.method)': the constraint page serves the Constraints domain only").json
        }
        return await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
            runLoop.post { [inspector] in done.resume(returning: inspector.handle(request)) }
        }
    }

    /// The JSON of `GET /json/version`.
    func versionJSON(port: UInt16) -> String {
        CDPValue.object([("Browser", .string("Timeline/\(appName)")), ("Protocol-Version", .string("1.3")),
                         ("User-Agent", .string("Timeline inspector")), ("webSocketDebuggerUrl", .string(webSocketURL(port: port)))]).json
    }

    /// The JSON of `GET /json/list`: the app as one page target.
    func listJSON(port: UInt16) -> String {
        CDPValue.array([.object([
            ("description", .string("Timeline app \(appName)")),
            ("devtoolsFrontendUrl", .string("devtools://devtools/bundled/inspector.html?ws=127.0.0.1:\(port)/devtools/page/\(token)")),
            ("id", .string(token)), ("title", .string(appName)), ("type", .string("page")),
            ("url", .string("timeline://\(appName)")), ("webSocketDebuggerUrl", .string(webSocketURL(port: port))),
        ])]).json
    }
}

extension SocketAddress where Self == sockaddr_in {
    /// 127.0.0.1:`port`.
    static func loopbackIPv4(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in.inet(port: port)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return address
    }
}

/// Routes the inspector's HTTP requests: discovery, the WebSocket, refusals.
struct InspectorHTTPHandler: HTTPHandler {
    let server: InspectorServer

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard Self.isLoopbackHost(request.headers[.host]) else {
            return Self.text(.forbidden, "the Host header must name 127.0.0.1 or localhost")
        }
        let port = await server.listeningPort ?? 0
        switch request.path {
        case "/json/version":
            return Self.json(server.versionJSON(port: port))
        case "/json", "/json/list":
            return Self.json(server.listJSON(port: port))
        case "/constraints/\(server.token)":
            return try await constraintsPage(request)
        case "/devtools/page/\(server.token)":
            guard !server.hasClient else {
                return Self.text(.conflict, "another client is connected to this inspector; close it first")
            }
            return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: CDPSocketHandler(server: server))).handleRequest(request)
        default:
            let wrongToken = request.path.hasPrefix("/devtools/") || request.path.hasPrefix("/constraints")
            return Self.text(.notFound, wrongToken ? "no such target (the token is wrong)" : "not found: \(request.path)")
        }
    }

    /// The constraint page (IN5): `GET` gives the page; `POST` with a CDP request of the
    /// Constraints domain as its body gives the reply, carried out on the run loop like a
    /// WebSocket request. Only reached with the token in the path.
    private func constraintsPage(_ request: HTTPRequest) async throws -> HTTPResponse {
        switch request.method {
        case .GET:
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=UTF-8", HTTPHeader("Cache-Control"): "no-store"],
                                body: Data(ConstraintsPage.html(token: server.token).utf8))
        case .POST:
            if let n = request.bodySequence.count, n > CDPRequest.maximumMessageBytes {
                return Self.text(.payloadTooLarge, "a request of \(n) bytes is over the limit of \(CDPRequest.maximumMessageBytes)")
            }
            let body = try await request.bodyData
            return Self.json(await server.pageCall(String(decoding: body, as: UTF8.self)))
        default:
            return Self.text(.methodNotAllowed, "GET the page or POST a Constraints request")
        }
    }

    /// Whether a Host header names the loopback address or localhost (with any port).
    static func isLoopbackHost(_ host: String?) -> Bool {
        guard let host else { return false }
        let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }) + "]"
                                       : String(host.prefix { $0 != ":" })
        return ["127.0.0.1", "localhost", "[::1]"].contains(name.lowercased())
    }

    static func json(_ body: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json; charset=UTF-8"], body: Data(body.utf8))
    }

    static func text(_ status: HTTPStatusCode, _ body: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=UTF-8"], body: Data(body.utf8))
    }
}

/// The WebSocket's messages: the first client takes the slot; a second that got past the HTTP
/// check (two at once) is told and closed.
struct CDPSocketHandler: WSMessageHandler {
    let server: InspectorServer

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (out, reply) = AsyncStream<WSMessage>.makeStream()
        guard server.claimClient() else {
            reply.yield(.text(CDPError(id: nil, code: CDPError.serverError, message: "another client is connected to this inspector").json))
            reply.yield(.close(WSCloseCode(1008, reason: "another client is connected")))
            reply.finish()
            return out
        }
        server.clientConnected(reply)
        Task { [server] in
            for await message in client { server.receive(message, reply: reply) }
            server.clientDisconnected()
            reply.finish()
        }
        return out
    }
}
