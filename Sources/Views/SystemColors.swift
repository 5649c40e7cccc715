import Geometry

/// UIKit's semantic system colours, each with its light and dark appearance (Apple's Human
/// Interface Guidelines values, sRGB): a view given one draws the value for its interface style
/// and follows a change of style (DK5). The facade's `UIColor.systemBackground`, `label` and the
/// rest name these.
extension DynamicColor {
    private static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color {
        Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }
    private static func pair(_ light: Color, _ dark: Color) -> DynamicColor { DynamicColor(light: light, dark: dark) }

    /// Red: (255, 59, 48) light, (255, 69, 58) dark.
    public static var systemRed: DynamicColor { pair(rgb(255, 59, 48), rgb(255, 69, 58)) }
    /// Orange: (255, 149, 0) light, (255, 159, 10) dark.
    public static var systemOrange: DynamicColor { pair(rgb(255, 149, 0), rgb(255, 159, 10)) }
    /// Yellow: (255, 204, 0) light, (255, 214, 10) dark.
    public static var systemYellow: DynamicColor { pair(rgb(255, 204, 0), rgb(255, 214, 10)) }
    /// Green: (52, 199, 89) light, (48, 209, 88) dark.
    public static var systemGreen: DynamicColor { pair(rgb(52, 199, 89), rgb(48, 209, 88)) }
    /// Mint: (0, 199, 190) light, (102, 212, 207) dark.
    public static var systemMint: DynamicColor { pair(rgb(0, 199, 190), rgb(102, 212, 207)) }
    /// Teal: (48, 176, 199) light, (64, 200, 224) dark.
    public static var systemTeal: DynamicColor { pair(rgb(48, 176, 199), rgb(64, 200, 224)) }
    /// Cyan: (50, 173, 230) light, (100, 210, 255) dark.
    public static var systemCyan: DynamicColor { pair(rgb(50, 173, 230), rgb(100, 210, 255)) }
    /// Blue: (0, 122, 255) light, (10, 132, 255) dark; also the default tint and links.
    public static var systemBlue: DynamicColor { pair(rgb(0, 122, 255), rgb(10, 132, 255)) }
    /// Indigo: (88, 86, 214) light, (94, 92, 230) dark.
    public static var systemIndigo: DynamicColor { pair(rgb(88, 86, 214), rgb(94, 92, 230)) }
    /// Purple: (175, 82, 222) light, (191, 90, 242) dark.
    public static var systemPurple: DynamicColor { pair(rgb(175, 82, 222), rgb(191, 90, 242)) }
    /// Pink: (255, 45, 85) light, (255, 55, 95) dark.
    public static var systemPink: DynamicColor { pair(rgb(255, 45, 85), rgb(255, 55, 95)) }
    /// Brown: (162, 132, 94) light, (172, 142, 104) dark.
    public static var systemBrown: DynamicColor { pair(rgb(162, 132, 94), rgb(172, 142, 104)) }
    /// The base grey, (142, 142, 147) in both.
    public static var systemGray: DynamicColor { pair(rgb(142, 142, 147), rgb(142, 142, 147)) }
    /// Grey 2: (174, 174, 178) light, (99, 99, 102) dark.
    public static var systemGray2: DynamicColor { pair(rgb(174, 174, 178), rgb(99, 99, 102)) }
    /// Grey 3: (199, 199, 204) light, (72, 72, 74) dark.
    public static var systemGray3: DynamicColor { pair(rgb(199, 199, 204), rgb(72, 72, 74)) }
    /// Grey 4: (209, 209, 214) light, (58, 58, 60) dark.
    public static var systemGray4: DynamicColor { pair(rgb(209, 209, 214), rgb(58, 58, 60)) }
    /// Grey 5: (229, 229, 234) light, (44, 44, 46) dark.
    public static var systemGray5: DynamicColor { pair(rgb(229, 229, 234), rgb(44, 44, 46)) }
    /// Grey 6: (242, 242, 247) light, (28, 28, 30) dark.
    public static var systemGray6: DynamicColor { pair(rgb(242, 242, 247), rgb(28, 28, 30)) }

    /// A screen's background: white light, black dark.
    public static var systemBackground: DynamicColor { pair(.white, .black) }
    /// Content on the background: (242, 242, 247) light, (28, 28, 30) dark.
    public static var secondarySystemBackground: DynamicColor { pair(rgb(242, 242, 247), rgb(28, 28, 30)) }
    /// Content on the secondary background: white light, (44, 44, 46) dark.
    public static var tertiarySystemBackground: DynamicColor { pair(.white, rgb(44, 44, 46)) }
    /// A grouped list's background: (242, 242, 247) light, black dark.
    public static var systemGroupedBackground: DynamicColor { pair(rgb(242, 242, 247), .black) }
    /// A grouped list's cells: white light, (28, 28, 30) dark.
    public static var secondarySystemGroupedBackground: DynamicColor { pair(.white, rgb(28, 28, 30)) }
    /// Content in a grouped list's cells: (242, 242, 247) light, (44, 44, 46) dark.
    public static var tertiarySystemGroupedBackground: DynamicColor { pair(rgb(242, 242, 247), rgb(44, 44, 46)) }

    /// Primary text: black light, white dark.
    public static var label: DynamicColor { pair(.black, .white) }
    /// Secondary text: (60, 60, 67) at 60% light, (235, 235, 245) at 60% dark.
    public static var secondaryLabel: DynamicColor { pair(rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6)) }
    /// Tertiary text: at 30% in both appearances.
    public static var tertiaryLabel: DynamicColor { pair(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)) }
    /// Quaternary text: (60, 60, 67) at 18% light, (235, 235, 245) at 16% dark.
    public static var quaternaryLabel: DynamicColor { pair(rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16)) }
    /// Placeholder text in fields: as ``tertiaryLabel``.
    public static var placeholderText: DynamicColor { pair(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)) }
    /// A separator over content: (60, 60, 67) at 29% light, (84, 84, 88) at 60% dark.
    public static var separator: DynamicColor { pair(rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6)) }
    /// An opaque separator: (198, 198, 200) light, (56, 56, 58) dark.
    public static var opaqueSeparator: DynamicColor { pair(rgb(198, 198, 200), rgb(56, 56, 58)) }
    /// Links: (0, 122, 255) light, (9, 132, 255) dark.
    public static var link: DynamicColor { pair(rgb(0, 122, 255), rgb(9, 132, 255)) }
    /// Fill for thin, small shapes: (120, 120, 128) at 20% light, 36% dark.
    public static var systemFill: DynamicColor { pair(rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36)) }
    /// Fill for medium shapes: (120, 120, 128) at 16% light, 32% dark.
    public static var secondarySystemFill: DynamicColor { pair(rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32)) }
    /// Fill for large shapes: (118, 118, 128) at 12% light, 24% dark.
    public static var tertiarySystemFill: DynamicColor { pair(rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24)) }
}
