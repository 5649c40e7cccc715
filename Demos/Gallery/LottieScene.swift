import Foundation
import Geometry
import Lottie
import Timeline
import TimelineSDL

/// The "Lottie" page (LT7): the demo animations (one, `expressions`, moved by After Effects
/// expressions alone, LT9) and the conformance corpus playing on the layer tree. The big player is scrubbed with the slider (a drag pauses it), and the keys change its
/// speed, loop mode and a colour value provider on every fill named "Fill 1".
@MainActor
final class LottieScene: GalleryScene {
    let title = "Lottie: Bodymovin files on the layer tree, scrubbed, sped up, looped, recoloured"
    var help: String {
        "space play/pause  n next  s speed \(format(speeds[speed], 1))x  l loop: \(loopNames[loop])  c colour provider: \(recoloured ? "on" : "off")  (drag the slider to scrub)"
    }
    static let demos = ["loader", "expressions", "like", "checkmark", "waves"]
    static let corpus = ["repeater", "trim_paths_simultaneous", "gradient_fill_radial", "matte_luma", "mask_add",
                         "shape_polystar_star", "precomp", "auto_orient", "group_transform", "stroke_dashes"]
    private let speeds = [1.0, 2.0, 0.5, -1.0]
    private let loops: [LottieLoopMode] = [.loop, .autoReverse, .playOnce, .repeat(2)]
    private let loopNames = ["loop", "autoReverse", "playOnce", "repeat(2)"]
    private var speed = 0, loop = 0, current = 0, recoloured = false
    private var big: LottieAnimationView?
    private var caption: Label?
    private var slider: Slider?
    private var animations: [(name: String, animation: LottieAnimation)] = []

    func build(in container: View, runLoop: MainRunLoop) {
        let folder = (try? AssetLocator.path(of: "lottie/loader.json")).map { ($0 as NSString).deletingLastPathComponent } ?? "Assets/lottie"
        let corpusFolder = ((folder as NSString).appendingPathComponent("../../Tests/LottieTests/Corpus") as NSString).standardizingPath
        for name in Self.demos {
            if let a = try? LottieAnimation.load(contentsOfFile: folder + "/\(name).json") { animations.append((name, a)) }
        }
        var small: [(String, LottieAnimation)] = animations.map { ($0.name, $0.animation) }
        for name in Self.corpus {
            if let a = try? LottieAnimation.load(contentsOfFile: corpusFolder + "/\(name).json") { small.append((name, a)) }
        }
        let h = container.bounds.height
        let side = min(320, max(160, h - 110))
        let player = LottieAnimationView(animation: animations.first?.animation)
        player.frame = Rect(x: 20, y: 10, width: side, height: side)
        player.backgroundColor = Palette.card
        player.cornerRadius = 10
        container.addSubview(player)
        big = player
        player.frameDidChange = { [weak self] _ in self?.updateCaption() }
        let s = Slider(frame: Rect(x: 20, y: side + 20, width: side, height: 34))      // keeps its frame (MR6)
        s.accessibilityLabel = "Playback position"
        s.addAction(for: .valueChanged) { [weak self] _ in
            guard let self, let big = self.big, let slider = self.slider else { return }
            big.pause()
            big.currentProgress = slider.value
            self.updateCaption()
        }
        container.addSubview(s)
        slider = s
        let c = makeLabel("", size: 13, color: Palette.dim, at: Point(x: 20, y: side + 60))
        container.addSubview(c)
        caption = c

        // The grid: every animation small, looping.
        let x0 = 20 + side + 30, cell = 112.0
        let columns = max(1, Int((container.bounds.width - x0 - 10) / (cell + 10)))
        for (k, item) in small.enumerated() {
            let frame = Rect(x: x0 + Double(k % columns) * (cell + 10), y: 10 + Double(k / columns) * (cell + 26), width: cell, height: cell)
            guard frame.maxY + 20 < h else { break }
            let v = LottieAnimationView(animation: item.1)
            v.frame = frame
            v.backgroundColor = Palette.card
            v.cornerRadius = 6
            container.addSubview(v)
            // A long file name ends in an ellipsis at the tile's width instead of running into the next.
            let name = makeLabel(item.0, size: 11, color: Palette.dim, at: Point(x: frame.minX, y: frame.maxY + 3))
            name.frame.size.width = min(name.frame.width, frame.width)
            container.addSubview(name)
            v.loopMode = .loop
            v.play()
        }
        restart()
    }

    /// Plays the big player from the start with the current speed and loop mode.
    private func restart() {
        guard let big else { return }
        big.animationSpeed = speeds[speed]
        big.loopMode = loops[loop]
        big.currentProgress = speeds[speed] < 0 ? 1 : 0
        big.play(fromProgress: speeds[speed] < 0 ? 1 : 0, toProgress: speeds[speed] < 0 ? 0 : 1, loopMode: loops[loop]) { [weak self] _ in
            self?.updateCaption()
        }
        updateCaption()
    }

    private func updateCaption() {
        guard let big, let a = big.animation else { return }
        let name = animations.indices.contains(current) ? animations[current].name : ""
        caption?.text = "\(name): \(Int(a.width))x\(Int(a.height)), \(Int(a.endFrame - a.startFrame)) frames at \(format(a.framerate, 0)) fps, "
            + "frame \(Int(big.currentFrame))\(big.isAnimationPlaying ? "" : " (paused)")"
        if let caption { caption.frame.size = caption.intrinsicContentSize }
        slider?.value = big.currentProgress
    }

    func handleKey(_ key: Key) -> Bool {
        guard let big else { return false }
        switch key.name {
        case "space": if big.isAnimationPlaying { big.pause() } else { big.play(toProgress: speeds[speed] < 0 ? 0 : 1) }
        case "n":
            current = (current + 1) % max(1, animations.count)
            big.animation = animations.indices.contains(current) ? animations[current].animation : nil
            if recoloured { recolour() }
            restart()
        case "s": speed = (speed + 1) % speeds.count; restart()
        case "l": loop = (loop + 1) % loops.count; restart()
        case "c":
            recoloured.toggle()
            if recoloured { recolour() } else { big.animation = nil; big.animation = animations[current].animation; restart() }
        default: return false
        }
        updateCaption()
        return true
    }

    /// Every fill named "Fill 1" in mint, as lottie-ios's `ColorValueProvider`.
    private func recolour() {
        big?.setValueProvider(ColorValueProvider(Color(red: 0.2, green: 0.85, blue: 0.65)), keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
        big?.setValueProvider(ColorValueProvider(Color(red: 0.2, green: 0.85, blue: 0.65)), keypath: AnimationKeypath(keypath: "**.Stroke 1.Color"))
    }

    func tearDown() {
        big = nil
        slider = nil
        caption = nil
    }
}
