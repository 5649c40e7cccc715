#if canImport(Glibc)
import Glibc
#endif

/// Finds the files in the repository's `Assets/` folder (fonts, scenes) at run time.
///
/// Looks, in order, in `$TIMELINE_ASSETS` (an explicit override), in `Assets/` up to four folders
/// above the executable (so `swift run` and `.build/release/...` find the repository's assets from
/// anywhere), and last in `Assets/` under the working directory. The executable's own assets come
/// before the working directory's, so a file planted where a command happens to run is not loaded
/// in their place. A missing file is an ``SDLError`` that lists every place searched.
public enum AssetLocator {
    /// The path of `relativePath` (e.g. `fonts/DejaVuSans.ttf`) inside the assets folder.
    public static func path(of relativePath: String) throws(SDLError) -> String {
        var searched: [String] = []
        for root in candidateRoots() {
            let candidate = root + "/" + relativePath
            searched.append(candidate)
            if access(candidate, R_OK) == 0 { return candidate }
        }
        throw SDLError(operation: "finding asset \(relativePath)",
                       message: "not found; searched \(searched.joined(separator: ", ")). Set TIMELINE_ASSETS to the repository's Assets folder")
    }

    /// `relativePath` inside `$TIMELINE_ASSETS`, when that is set and the file is there.
    public static func overridePath(of relativePath: String) -> String? {
        guard let env = getenv("TIMELINE_ASSETS") else { return nil }
        let candidate = String(cString: env) + "/" + relativePath
        return access(candidate, R_OK) == 0 ? candidate : nil
    }

    static func candidateRoots() -> [String] {
        var roots: [String] = []
        if let env = getenv("TIMELINE_ASSETS") { roots.append(String(cString: env)) }
        if var dir = executableDirectory() {
            for _ in 0..<5 {
                roots.append(dir + "/Assets")
                guard let slash = dir.lastIndex(of: "/"), slash != dir.startIndex else { break }
                dir = String(dir[..<slash])
            }
        }
        roots.append("Assets")
        return roots
    }

    private static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}
