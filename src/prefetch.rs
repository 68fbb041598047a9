//! A cache hint: the tile core's walk and the writers of many solutions
//! know which scattered items they will read next.

/// Asks the processor to bring `slice[index]` into the cache, where a
/// later read will want it; nothing when `index` is out of bounds or the
/// target has no such hint.
#[inline(always)]
pub(crate) fn prefetch<T>(slice: &[T], index: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(item) = slice.get(index) {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch is a hint that reads nothing and cannot
        // fault; the pointer is to an item of the slice.
        #[allow(unsafe_code)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slice, index);
}
