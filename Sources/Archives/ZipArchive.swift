import Foundation
import ZIPFoundation

/// The bounds a zip archive is read under: each keeps one archive from costing unbounded memory or
/// time, and passing one is an ``ArchiveError`` that names it (and the entry, where there is one).
///
/// The sizes an archive's directory declares are checked before anything is inflated, and
/// inflating an entry stops at the size it declared, so a zip bomb (a few kilobytes that inflate
/// to gigabytes) is refused without its output ever being held.
public struct ArchiveLimits: Sendable {
    /// The largest archive read, in bytes as stored.
    public var maximumArchiveBytes = 128 << 20
    /// The most entries (files and folders) in the archive's directory.
    public var maximumEntries = 1_000
    /// The largest entry, inflated.
    public var maximumEntryBytes = 128 << 20
    /// The most bytes all entries together inflate to, as their directory declares them.
    public var maximumTotalBytes = 256 << 20
    /// The highest ratio of an entry's inflated size to its stored size, for entries over
    /// ``ratioExemptBytes``. Deflate reaches about 1,030:1 at most, on runs of one byte; JSON of
    /// real animations stays under 20:1.
    public var maximumCompressionRatio = 100
    /// Entries up to this size inflated are not held to the ratio: small ones cost little whatever
    /// their ratio.
    public var ratioExemptBytes = 1 << 20

    /// The default limits.
    public init() {}
}

/// Why an archive, or one of its entries, cannot be read: the entry's name (nil for the archive
/// as a whole) and what is wrong.
public struct ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The entry's name as the archive spells it, or nil when the archive as a whole is at fault.
    public var entry: String?
    /// What is wrong.
    public var message: String
    /// An error about `entry` (nil: the whole archive) saying `message`.
    public init(entry: String?, message: String) { self.entry = entry; self.message = message }
    /// "ENTRY: MESSAGE", or the message alone for the whole archive.
    public var description: String { entry.map { "\($0): \(message)" } ?? message }
}

/// A zip archive whose directory has been checked, with its entries inflated on demand under
/// ``ArchiveLimits``. A value: it holds the archive's bytes and its table of entries, and each
/// read opens the bytes anew, so it is `Sendable` and reading never changes it.
///
/// ZIPFoundation inflates the entries and checks their CRC-32. It trusts the offsets in the
/// archive's directory (an offset past the end traps in its in-memory reader, and one past
/// `Int64.max` in its seeks), so ``init(bytes:limits:)`` first walks the directory itself, the
/// way ZIPFoundation will, and refuses any record that points outside the bytes. ZIP64, multi-disk
/// and encrypted archives are refused: a `.lottie` needs none of them.
public struct ZipArchive: Sendable {
    /// One file or folder of the archive, as its directory declares it.
    public struct Entry: Sendable, Equatable {
        /// The name, a relative path with `/` between its parts (checked: no `..`, no leading `/`).
        public let name: String
        /// The size inflated and the size stored, in bytes.
        public let size: Int, storedSize: Int
        /// Whether the entry is a folder rather than a file.
        public let isDirectory: Bool
    }

    /// The entries in the directory's order.
    public let entries: [Entry]
    /// The index in ``entries`` of each name.
    private let indexByName: [String: Int]
    private let bytes: Data

    /// Checks the archive's directory and the declared sizes of its entries against `limits`.
    ///
    /// - Throws: an ``ArchiveError`` when the bytes are not a zip archive, the directory points
    ///   outside them, an entry's name leads outside the archive (`../x`, `/x`) or is used twice,
    ///   an entry is a symbolic link, encrypted or compressed other than by deflate, or a limit is
    ///   passed (entries, an entry's size, the total size, the compression ratio).
    /// - Complexity: O(*n*) in the archive's size (the search for its end record reads at most
    ///   the last 64 KiB), inflating nothing.
    public init(bytes: [UInt8], limits: ArchiveLimits = ArchiveLimits()) throws(ArchiveError) {
        guard bytes.count <= limits.maximumArchiveBytes else {
            throw ArchiveError(entry: nil, message: "the archive is \(bytes.count) bytes; the limit is \(limits.maximumArchiveBytes)")
        }
        let records = try DirectoryCheck.records(bytes, limits: limits)
        let data = Data(bytes)
        let archive: Archive
        do { archive = try Archive(data: data, accessMode: .read) } catch {
            throw ArchiveError(entry: nil, message: "not a zip archive: \(error)")
        }
        // ZIPFoundation's entries, in the order the check walked them: the names are its own
        // decoding (UTF-8, or code page 437 without the UTF-8 flag), the kinds its reading.
        var entries: [Entry] = [], indexByName: [String: Int] = [:]
        var iterator = archive.makeIterator()
        for record in records {
            guard let entry = iterator.next() else {
                throw ArchiveError(entry: record.rawName, message: "the directory record cannot be read")
            }
            let name = entry.path
            if entry.type == .symlink { throw ArchiveError(entry: name, message: "a symbolic link; the archive may hold files and folders only") }
            try Self.checkName(name)
            let isDirectory = entry.type == .directory
            let key = isDirectory ? String(name.dropLast()) : name
            if indexByName[key] != nil { throw ArchiveError(entry: name, message: "the name is used by two entries") }
            indexByName[key] = entries.count
            entries.append(Entry(name: key, size: record.size, storedSize: record.storedSize, isDirectory: isDirectory))
        }
        self.entries = entries
        self.indexByName = indexByName
        self.bytes = data
    }

    /// The entry named `name` (a folder's name without its trailing `/`), or nil.
    public func entry(named name: String) -> Entry? { indexByName[name].map { entries[$0] } }

    /// The inflated bytes of the file named `name`, checked against its CRC-32.
    ///
    /// - Throws: an ``ArchiveError`` naming the entry when there is no such file, when it
    ///   inflates to more or fewer bytes than the directory declares (inflating stops at the
    ///   declared size, which the limits have bounded), or when its data is damaged.
    /// - Complexity: O(*n*) in the entry's size, after O(*k*) directory records to reach it.
    public func contents(of name: String) throws(ArchiveError) -> [UInt8] {
        guard let index = indexByName[name], !entries[index].isDirectory else {
            throw ArchiveError(entry: name, message: "no such file in the archive")
        }
        let declared = entries[index].size
        var out: [UInt8] = []
        out.reserveCapacity(declared)
        do {
            let archive = try Archive(data: bytes, accessMode: .read)
            var iterator = archive.makeIterator()
            for _ in 0..<index { _ = iterator.next() }
            guard let entry = iterator.next() else { throw ArchiveError(entry: name, message: "the directory record cannot be read") }
            let checksum = try archive.extract(entry, bufferSize: 1 << 16, skipCRC32: false) { chunk in
                guard out.count + chunk.count <= declared else { throw Overflow() }
                out.append(contentsOf: chunk)
            }
            guard out.count == declared else {
                throw ArchiveError(entry: name, message: "inflates to \(out.count) bytes; the directory declares \(declared)")
            }
            guard checksum == entry.checksum else { throw ArchiveError(entry: name, message: "the data is damaged (its CRC-32 does not match)") }
        } catch let error as ArchiveError {
            throw error
        } catch is Overflow {
            throw ArchiveError(entry: name, message: "inflates past the \(declared) bytes its directory declares; reading stopped there")
        } catch {
            throw ArchiveError(entry: name, message: "cannot be inflated: \(error)")
        }
        return out
    }

    /// Thrown by the consumer to stop inflating at the declared size.
    private struct Overflow: Error {}

    /// Refuses a name that would lead outside a folder the archive were unpacked into, or that
    /// no path can spell.
    static func checkName(_ name: String) throws(ArchiveError) {
        if name.isEmpty { throw ArchiveError(entry: name, message: "an entry has an empty name") }
        if name.hasPrefix("/") || name.hasPrefix("\\") || name.dropFirst().hasPrefix(":") {
            throw ArchiveError(entry: name, message: "the name is an absolute path; entries must be relative")
        }
        if name.contains("\0") { throw ArchiveError(entry: name, message: "the name holds a NUL character") }
        let parts = name.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
        if parts.contains("..") { throw ArchiveError(entry: name, message: "the name leads outside the archive ('..')") }
    }
}

/// The walk over an archive's end record and directory that ZIPFoundation makes, with every
/// offset checked against the bytes before ZIPFoundation seeks to it, and the declared sizes
/// checked against the limits before anything is inflated.
enum DirectoryCheck {
    /// A directory record's declared sizes and its name's raw bytes (for errors before
    /// ZIPFoundation has decoded it).
    struct Record {
        var rawName: String, size: Int, storedSize: Int
    }

    static let endSignature = 0x0605_4b50, zip64LocatorSignature = 0x0706_4b50
    static let centralSignature = 0x0201_4b50, localSignature = 0x0403_4b50

    static func records(_ b: [UInt8], limits: ArchiveLimits) throws(ArchiveError) -> [Record] {
        func u16(_ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        func fail(_ message: String) -> ArchiveError { ArchiveError(entry: nil, message: message) }

        // The end record: the last signature within 22 + 65,535 bytes of the end, found in the
        // order ZIPFoundation searches (backwards from the end), so both read the same one.
        guard b.count >= 22 else { throw fail("not a zip archive: \(b.count) bytes, too short for an end record") }
        var end: Int?
        var at = b.count - 22
        while at >= max(0, b.count - 22 - 0xFFFF) {
            if u32(at) == endSignature { end = at; break }
            at -= 1
        }
        guard let end else { throw fail("not a zip archive: no end of central directory record") }
        if end >= 20, u32(end - 20) == zip64LocatorSignature { throw fail("a ZIP64 archive; archives over 4 GiB are not read") }
        guard end + 22 + u16(end + 20) <= b.count else { throw fail("the end record's comment runs past the end of the archive") }
        guard u16(end + 4) == 0, u16(end + 6) == 0 else { throw fail("a multi-disk archive, which is not read") }
        let count = u16(end + 10), directorySize = u32(end + 12), directoryStart = u32(end + 16)
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryStart == 0xFFFF_FFFF {
            throw fail("a ZIP64 archive; archives over 4 GiB are not read")
        }
        guard count <= limits.maximumEntries else {
            throw fail("the archive has \(count) entries; the limit is \(limits.maximumEntries)")
        }
        guard directoryStart + directorySize <= end else { throw fail("the central directory runs past the end record") }

        var records: [Record] = []
        var total = 0
        var at2 = directoryStart
        for k in 0..<count {
            guard at2 + 46 <= end, u32(at2) == centralSignature else {
                throw fail("the central directory's record \(k) is missing or damaged")
            }
            let flags = u16(at2 + 8), method = u16(at2 + 10)
            let stored = u32(at2 + 20), size = u32(at2 + 24)
            let nameLength = u16(at2 + 28), extraLength = u16(at2 + 30), commentLength = u16(at2 + 32)
            let disk = u16(at2 + 34), local = u32(at2 + 42)
            let next = at2 + 46 + nameLength + extraLength + commentLength
            guard next <= end else { throw fail("the central directory's record \(k) runs past the directory") }
            let name = String(decoding: b[(at2 + 46)..<(at2 + 46 + nameLength)], as: UTF8.self)
            func entryFail(_ message: String) -> ArchiveError { ArchiveError(entry: name, message: message) }
            if stored == 0xFFFF_FFFF || size == 0xFFFF_FFFF || local == 0xFFFF_FFFF || disk == 0xFFFF {
                throw entryFail("a ZIP64 entry; entries over 4 GiB are not read")
            }
            if flags & 1 != 0 { throw entryFail("encrypted, which is not read") }
            guard method == 0 || method == 8 else { throw entryFail("compressed by method \(method); only stored and deflated entries are read") }
            if method == 0, stored != size { throw entryFail("stored uncompressed, but declares \(size) bytes in \(stored)") }
            // The local header, which ZIPFoundation reads for each entry it lists, and the data
            // (and data descriptor) after it.
            guard local + 30 <= b.count, u32(local) == localSignature else { throw entryFail("its local header is missing or damaged") }
            let dataStart = local + 30 + u16(local + 26) + u16(local + 28)
            guard dataStart + stored <= b.count else { throw entryFail("its data runs past the end of the archive") }
            if flags & 8 != 0, dataStart + (method == 0 ? size : stored) + 16 > b.count {
                throw entryFail("its data descriptor runs past the end of the archive")
            }
            guard size <= limits.maximumEntryBytes else {
                throw entryFail("inflates to \(size) bytes; the limit is \(limits.maximumEntryBytes)")
            }
            if size > limits.ratioExemptBytes, size > limits.maximumCompressionRatio * max(stored, 1) {
                throw entryFail("inflates \(stored) bytes to \(size), more than \(limits.maximumCompressionRatio):1; refused as a zip bomb")
            }
            total += size
            guard total <= limits.maximumTotalBytes else {
                throw entryFail("the entries inflate to more than \(limits.maximumTotalBytes) bytes together")
            }
            records.append(Record(rawName: name, size: size, storedSize: stored))
            at2 = next
        }
        return records
    }
}
