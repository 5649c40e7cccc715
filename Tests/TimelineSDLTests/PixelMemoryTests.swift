import CSDL2
import Testing
@testable import TimelineSDL
#if canImport(Glibc)
import Glibc
#endif

/// MR7: a window host has the C library map window-sized pixel buffers alone, so a resize gives
/// their memory back instead of leaving it resident in the heap (``PixelMemory``).
@Suite("MR7 window-sized pixel buffers are mapped alone")
struct PixelMemoryTests {
    @Test("MR7: after a large block is freed, a window-sized block still gets a mapping of its own, a small one the heap (glibc)")
    func MR7_windowSizedBlocksMappedAlone() throws {
        #if canImport(Glibc)
        #expect(PixelMemory.mapLargeBlocksAlone())
        // Freeing a mapped block is what makes glibc raise its threshold to that block's size
        // when the threshold is not fixed: a 1100x680 canvas would then come from the heap.
        let large = try #require(malloc(16 << 20))
        free(large)
        let canvas = try #require(malloc(1100 * 680 * 4))
        defer { free(canvas) }
        #expect(tl_block_is_mapped_alone(canvas) == 1, "a window-sized block came from the heap")
        let small = try #require(malloc(PixelMemory.separateMappingThreshold / 4))
        defer { free(small) }
        #expect(tl_block_is_mapped_alone(small) == 0, "a small block was mapped alone")
        #endif
    }
}
