//! Thread-local, reusable, 64-byte aligned scratch memory for packing.

use std::cell::Cell;
use std::thread::LocalKey;

/// One cache line of scratch; its alignment makes the buffer's 64-byte aligned.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([u8; 64]);

/// A scratch buffer: whole lines, always initialized (zeroed when allocated, then only
/// ever overwritten with plain data), so it may be viewed as a slice of any element
/// type for which every bit pattern is valid (f32, f64).
#[derive(Default)]
pub(crate) struct Buf(Vec<Line>);

thread_local! {
    pub(crate) static PACK: Cell<Buf> = Cell::new(Buf::default());
    pub(crate) static WIDEN: Cell<Buf> = Cell::new(Buf::default());
}

/// Scratch taken out of a thread-local slot and put back on drop. A guard rather than a
/// closure so the caller's code stays inside its `#[target_feature]` function. A nested
/// take (an epilogue that calls a matmul) finds the slot empty and allocates.
pub(crate) struct Scratch {
    key: &'static LocalKey<Cell<Buf>>,
    buf: Buf,
}

impl Scratch {
    /// At least `bytes` of scratch from `key`'s slot (a fresh buffer if the slot is
    /// empty or too small).
    pub fn take(key: &'static LocalKey<Cell<Buf>>, bytes: usize) -> Scratch {
        let mut buf = key.try_with(Cell::take).unwrap_or_default();
        let lines = bytes.div_ceil(64).max(1);
        if buf.0.len() < lines {
            // Zeroed, so that the memory is initialized: the f16/bf16 path views it as
            // f32 slices. Only a growing buffer pays for it.
            buf.0 = vec![Line([0; 64]); lines];
        }
        Scratch { key, buf }
    }

    /// The start of the buffer: 64-byte aligned, initialized, at least the `bytes` asked
    /// for, owned by this guard (nothing else points into it) until it drops.
    pub fn ptr<T>(&mut self) -> *mut T {
        self.buf.0.as_mut_ptr().cast()
    }
}

/// Larger buffers are freed after the call rather than kept per thread.
const KEEP_BYTES: usize = 64 << 20;

impl Drop for Scratch {
    fn drop(&mut self) {
        let mut buf = std::mem::take(&mut self.buf);
        if buf.0.len() * 64 > KEEP_BYTES {
            buf = Buf::default();
        }
        // Keep the larger buffer if a nested call put one back meanwhile.
        let _ = self.key.try_with(|slot| {
            let other = slot.take();
            slot.set(if other.0.len() > buf.0.len() {
                other
            } else {
                buf
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reused_without_reallocation() {
        let first = Scratch::take(&PACK, 1000).ptr::<u8>();
        let again = Scratch::take(&PACK, 1000).ptr::<u8>();
        let smaller = Scratch::take(&PACK, 10).ptr::<u8>();
        assert_eq!(first, again);
        assert_eq!(first, smaller);
        assert_eq!(first as usize % 64, 0);
        // A nested take gets its own buffer.
        let mut outer = Scratch::take(&PACK, 1000);
        let mut inner = Scratch::take(&PACK, 1000);
        assert_ne!(outer.ptr::<u8>(), inner.ptr::<u8>());
    }
}
