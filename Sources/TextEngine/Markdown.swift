import CCmark

/// Markdown's inline styles as runs, parsed by CommonMark's reference library (libcmark): what
/// Foundation's `AttributedString(markdown:)` gives on Apple platforms and lacks on Linux.
/// Block structure (paragraphs, headings, list items) becomes text separated by line breaks;
/// emphasis, strong emphasis, inline code and links become run styles.
public enum Markdown {
    /// A run of text with its inline styles.
    public struct Run: Equatable, Sendable {
        /// The run's characters with the markup removed; a line break (`\n`) separates blocks.
        public var text: String
        /// Whether the run is inside `*emphasis*` or `_emphasis_` (Foundation's `.emphasized` intent).
        public var isEmphasized = false
        /// Whether the run is inside `**strong**` or `__strong__` (Foundation's `.stronglyEmphasized` intent).
        public var isStrong = false
        /// Whether the run is inline code or a code block: its text literal, with no markup read inside.
        public var isCode = false
        /// The destination of the innermost link around the run, as written in the source; nil outside links.
        public var link: String?
    }

    /// The inline runs of `source`. `preservingWhitespace` keeps line breaks inside paragraphs as
    /// typed (Foundation's `inlineOnlyPreservingWhitespace`); otherwise a soft break is a space.
    /// Linear in the input (libcmark's parser is); bytes that are not UTF-8 were replaced by
    /// Swift's String already.
    public static func runs(_ source: String, preservingWhitespace: Bool = false) -> [Run] {
        let utf8 = Array(source.utf8)
        let options = CMARK_OPT_DEFAULT | (preservingWhitespace ? CMARK_OPT_HARDBREAKS : 0)
        guard let doc = utf8.withUnsafeBufferPointer({ p in
            p.baseAddress.map { cmark_parse_document(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self), p.count, options) }
                ?? cmark_parse_document("", 0, options)
        }) else { return [Run(text: source)] }
        defer { cmark_node_free(doc) }
        guard let iter = cmark_iter_new(doc) else { return [Run(text: source)] }
        defer { cmark_iter_free(iter) }
        var out: [Run] = []
        var emphasis = 0, strong = 0
        var links: [String] = []
        var blocksSeen = 0
        func append(_ text: String, code: Bool = false) {
            guard !text.isEmpty else { return }
            let run = Run(text: text, isEmphasized: emphasis > 0, isStrong: strong > 0, isCode: code, link: links.last)
            if var last = out.last, last.isEmphasized == run.isEmphasized, last.isStrong == run.isStrong,
               last.isCode == run.isCode, last.link == run.link {
                last.text += text
                out[out.count - 1] = last
            } else {
                out.append(run)
            }
        }
        while true {
            let ev = cmark_iter_next(iter)
            if ev == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iter) else { continue }
            let entering = ev == CMARK_EVENT_ENTER
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT:
                if entering { append(literal(node)) }
            case CMARK_NODE_CODE:
                if entering { append(literal(node), code: true) }
            case CMARK_NODE_CODE_BLOCK:
                if entering { separateBlock(&blocksSeen, append); append(literal(node), code: true) }
            case CMARK_NODE_SOFTBREAK:
                if entering { append(preservingWhitespace ? "\n" : " ") }
            case CMARK_NODE_LINEBREAK:
                if entering { append("\n") }
            case CMARK_NODE_EMPH: emphasis += entering ? 1 : -1
            case CMARK_NODE_STRONG: strong += entering ? 1 : -1
            case CMARK_NODE_LINK:
                if entering { links.append(cmark_node_get_url(node).map { String(cString: $0) } ?? "") } else { _ = links.popLast() }
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK:
                if entering { append(literal(node)) }
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
                if entering { separateBlock(&blocksSeen, append) }
            default: break
            }
        }
        return out
    }

    /// A line break between blocks (none before the first).
    private static func separateBlock(_ seen: inout Int, _ append: (String, Bool) -> Void) {
        if seen > 0 { append("\n", false) }
        seen += 1
    }
    private static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }
}
