import CSDL2
import Foundation
import Testing
import Timeline
import TimelineSDL
import TimelineTestSupport

/// Takes every drop, recording it.
@MainActor
final class TakingDrops: DropInteractionDelegate {
    var drops: [(paths: [String], location: Point)] = []
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        drops.append((session.filePaths, session.location(in: interaction.view!)))
    }
}

/// DK4 through SDL: the files of one desktop drop (a begin, a file event each, a complete)
/// reach the view under the pointer as one drop; the pointer's shape sets SDL's system cursor.
@MainActor
@Suite("DK4 drops and cursors in the SDL window", .serialized, .tags(.xvfb))
struct DropAndCursorTests {
    @Test("DK4: SDL's drop events are one drop at the pointer; an I-beam over a text field is SDL's system cursor")
    func DK4_sdlDropAndCursor() throws {
        try onPrivateDisplay { try run() }
    }

    func run() throws {
        let host = try SDLWindowHost(title: "drops", size: Size(width: 300, height: 200), software: true)
        let target = View(frame: Rect(x: 20, y: 30, width: 200, height: 120))
        let drops = TakingDrops()
        target.addInteraction(DropInteraction(delegate: drops))
        let field = TextField(text: "type here")
        field.translatesAutoresizingMaskIntoConstraints = true
        field.frame = Rect(x: 30, y: 40, width: 100, height: 30)
        target.addSubview(field)
        host.window.rootView.addSubview(target)
        let id = host.windowID
        var cursorChanged = false
        _ = host.runLoop.schedule(after: .milliseconds(50)) {
            SDL_WarpMouseInWindow(SDL_GetWindowFromID(id), 120, 110)      // over the target, not the field
        }
        _ = host.runLoop.schedule(after: .milliseconds(150)) {
            var e = SDL_Event()
            e.drop.type = SDL_DROPBEGIN.rawValue
            e.drop.windowID = id
            _ = SDL_PushEvent(&e)
            for path in ["/tmp/one.png", "/tmp/two words.txt"] {
                var f = SDL_Event()
                f.drop.type = SDL_DROPFILE.rawValue
                f.drop.windowID = id
                f.drop.file = SDL_strdup(path)                            // SDL frees it, as its own
                _ = SDL_PushEvent(&f)
            }
            var c = SDL_Event()
            c.drop.type = SDL_DROPCOMPLETE.rawValue
            c.drop.windowID = id
            _ = SDL_PushEvent(&c)
        }
        _ = host.runLoop.schedule(after: .milliseconds(250)) {
            var m = SDL_Event()
            m.motion.type = SDL_MOUSEMOTION.rawValue
            m.motion.windowID = id
            m.motion.x = 60; m.motion.y = 80                              // over the field
            _ = SDL_PushEvent(&m)
        }
        _ = host.runLoop.schedule(after: .milliseconds(450)) {
            cursorChanged = SDL_GetCursor() != SDL_GetDefaultCursor()
            host.runLoop.stop()
        }
        _ = host.runLoop.schedule(after: .seconds(5)) { host.runLoop.stop() }
        host.run()
        #expect(drops.drops.count == 1)
        #expect(drops.drops.first?.paths == ["/tmp/one.png", "/tmp/two words.txt"])
        if let p = drops.drops.first?.location {
            #expect(abs(p.x - 100) <= 1 && abs(p.y - 80) <= 1, "at the pointer, in the view: \(p)")
        }
        #expect(host.window.pointerShape == .iBeam)
        #expect(cursorChanged, "SDL shows the I-beam system cursor")
    }
}
