// Scene errors carry the `SourceLocation` the JSON reader found their value at, so a module that
// reads scene files gets the reader's types with `import TimelineScene`.
@_exported import JSONParsing
