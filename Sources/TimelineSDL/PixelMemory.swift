import CSDL2

/// Where the process's allocator puts the window's pixel buffers (MR7).
///
/// The painter's window canvas, offscreen targets, scratch texture, memory groups and kept
/// coverage are each as large as the window, and a resize frees and makes them again. glibc's
/// malloc gives a block of 128 KiB and more a mapping of its own, but the first time it frees
/// such a block it raises that threshold to the block's size (up to 32 MiB) and the heap's trim
/// threshold to twice it. From then on every buffer smaller than the largest window seen comes
/// from the heap, and freeing one leaves its pages resident in a hole or in a top of up to
/// twice that size the heap keeps. Under the gallery's real input (resizes from 320x240 to
/// 1600x1000) the live heap stayed at 17.5-20.3 MiB with no trend while the heap held 8-13 MiB
/// free and resident, more or less after round 1 as its high-water mark happened to fall: the
/// 11-16% "growth" MR7 saw (docs/memory.md).
///
/// A fixed threshold turns that adjustment off: a block from ``separateMappingThreshold`` up
/// is mapped alone and unmapped when freed, so resident memory follows what is live. Such
/// blocks are made when the window's size or page changes, not in a steady frame (none there).
enum PixelMemory {
    /// The smallest block mapped alone: a 256x256 texture of 4-byte pixels; the smallest
    /// window-sized buffer (320x240) is above it.
    static let separateMappingThreshold = 256 << 10

    /// Sets the process's threshold (it is process-wide; each window host asks, the first sets
    /// it). Returns false where the C library has no such setting (not glibc).
    @discardableResult
    static func mapLargeBlocksAlone() -> Bool {
        tl_map_blocks_alone_from(Int32(separateMappingThreshold)) == 1
    }
}
