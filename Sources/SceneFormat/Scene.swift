public enum SceneFormatPlaceholder {}
