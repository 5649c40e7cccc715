// Scene errors carry the `SourceLocation` the JSON reader found their value at, so a module that
// reads scene files gets the reader's types with `import TimelineScene`.
@_exported import JSONParsing
// The scene-file error, the value checks and the scripted input (`SceneError`, `InputStep`) are
// SceneReading's, shared with the UIKit facade's input hook.
@_exported import SceneReading
