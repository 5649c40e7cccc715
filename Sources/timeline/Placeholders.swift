import ArgumentParser
struct LayoutCommand: ParsableCommand { static let configuration = CommandConfiguration(commandName: "layout", abstract: "Lay out a scene file once and print every frame."); func run() throws {} }
struct StepCommand: ParsableCommand { static let configuration = CommandConfiguration(commandName: "step", abstract: "Step a scene file frame by frame."); func run() throws {} }
struct SolverBench: ParsableCommand { static let configuration = CommandConfiguration(commandName: "solver"); func run() throws {} }
