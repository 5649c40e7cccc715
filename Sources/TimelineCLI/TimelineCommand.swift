import ArgumentParser

@main
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "UIKit's update cycle, Auto Layout and Core-Animation-style animation on Linux: lay out, step, render and measure.",
        subcommands: [LayoutCommand.self, StepCommand.self, RenderCommand.self, PlayCommand.self, ReplayCommand.self, BenchCommand.self,
                      CompletionsCommand.self, ManualCommand.self])
}

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the engine: the update cycle, the solver, the clocks, per-phase frame cost.",
        subcommands: [ClockBench.self, FrameBench.self, CycleBench.self, SolverBench.self, AnimationBench.self, RenderBench.self,
                      LoadBench.self, PresentBench.self, LayerBench.self, TextBench.self, ScrollBench.self, NavigationBench.self,
                      LottieBench.self, InspectorBench.self, ReplayBench.self,
                      AccessibilityBench.self])
}
