#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator, set for a short run that allocates and frees a file's worth of memory per
/// file: freed memory is kept for the next file instead of being handed back to the system and
/// faulted in again, zeroed, page by page. Buffers of up to 32 MB come from the heap (by default
/// each one over 128 KB, a large source file, gets a mapping of its own). What the run touches
/// is the same, only reused, so peak memory does not grow.
public enum AllocatorTuning {
    public static func prepare() {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3  // M_* in <malloc.h>
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
        _ = mallopt(topPad, 64 << 20)
        #endif
    }
}
