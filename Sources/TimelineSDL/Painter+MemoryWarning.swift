import CSDL2

extension DisplayListPainter {
    /// Empties what the painter keeps and can make again (MR5's memory warning): the glyph
    /// atlas and its copies (back to the smallest side), image textures, corner discs and their
    /// coverage, cached shape textures and kept coverage: ``cacheCounts`` drop to zero but for
    /// the offscreen targets, which stay. The next paint rasterises and uploads what it draws
    /// again. Call between paints.
    public func releaseCaches() {
        flush()
        restartGlyphAtlas()
        atlasSide = Self.smallestAtlas
        glyphCopyStates = 0
        glyphAtlasCopyState = -1
        glyphFaces.removeAll()
        for (_, t) in imageTextures { SDL_DestroyTexture(t.texture) }
        imageTextures.removeAll()
        imageTextureBytes = 0
        for (_, d) in discs { SDL_DestroyTexture(d.texture) }
        discs.removeAll()
        coverage.removeAll()
        coverageBytes = 0
        for (_, e) in shapeCache { SDL_DestroyTexture(e.texture) }
        shapeCache.removeAll()
        shapeCachePixels = 0
        shapeCandidates.removeAll()
        keptCoverage.removeAll()
        coverageCandidates.removeAll(); lastCoverageCandidates.removeAll()
        maskCandidates.removeAll(); lastMaskCandidates.removeAll()
        keptMasks.removeAll()
        keptPathMasks.removeAll()
        keptCoverageCount = 0
    }
}
