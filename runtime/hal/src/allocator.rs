//! A caching allocator: each device keeps the memory of dropped buffers in
//! size-class buckets and hands it out again, so a program called again
//! allocates nothing from the OS (and takes no page faults) after its first
//! call. What it caches is capped; the least recently freed blocks go first.
//!
//! Memory it hands out holds whatever the buffer before it held: as with
//! IREE's `hal.allocator.allocate`, nothing promises zeroes, and compiled
//! programs write every byte before they read it. (Fresh memory is zeroed,
//! which costs nothing for big blocks, so no byte is ever uninitialized.)

use crate::buffer::{Allocation, Buffer, MemoryKind};
use crate::error::{Error, Result};
use std::alloc::Layout;
use std::collections::{BTreeMap, VecDeque};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Cached bytes per device, unless [`Allocator::set_limit`] says otherwise.
pub const DEFAULT_LIMIT: usize = 1 << 30;

/// Blocks of this size or more are page-aligned (64 bytes below: a cache line,
/// the widest vector).
const PAGE_ALIGNED_FROM: usize = 64 << 10;

/// The size and alignment of the block that serves `n > 0` bytes: multiples
/// of 64 up to 256, then four classes per power of two (at most 25% slack).
pub fn size_class(n: usize) -> Option<(usize, usize)> {
    let step = if n <= 256 {
        64
    } else {
        let top = usize::BITS - 1 - (n - 1).leading_zeros();
        1usize << (top - 2)
    };
    let size = n.checked_next_multiple_of(step)?;
    let align = if size >= PAGE_ALIGNED_FROM { 4096 } else { 64 };
    Some((size, align))
}

/// Counters of one allocator.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AllocatorStats {
    /// Blocks taken from the OS.
    pub fresh: u64,
    /// Requests served from the cache.
    pub reused: u64,
    /// Blocks given back to the OS (trimmed or over the cap).
    pub released: u64,
    /// Bytes held in the cache now.
    pub cached_bytes: usize,
}

/// A block of memory from the global allocator.
pub(crate) struct Block {
    pub(crate) ptr: NonNull<u8>,
    pub(crate) layout: Layout,
}

// SAFETY: a block is plain memory owned by whoever holds the `Block`.
unsafe impl Send for Block {}

impl Block {
    /// A zeroed block; `None` when the OS has no memory for it.
    pub(crate) fn zeroed(layout: Layout) -> Option<Block> {
        // SAFETY: layout sizes are non-zero (empty buffers have no block).
        let ptr = NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
        Some(Block { ptr, layout })
    }

    /// A block holding a copy of `data` (not zeroed first: every byte is written).
    pub(crate) fn for_copy(data: &[u8]) -> Option<Block> {
        let layout = Layout::from_size_align(data.len(), 64).ok()?;
        // SAFETY: non-zero size; every byte is written before the block is used.
        let ptr = NonNull::new(unsafe { std::alloc::alloc(layout) })?;
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), ptr.as_ptr(), data.len()) };
        Some(Block { ptr, layout })
    }

    pub(crate) fn free(self) {
        // SAFETY: allocated with this layout by the global allocator.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr(), self.layout) }
    }
}

#[derive(Default)]
struct Cache {
    /// Free blocks by size class; each list oldest first.
    free: BTreeMap<usize, VecDeque<(u64, Block)>>,
    cached: usize,
    /// Release counter: orders blocks for eviction.
    clock: u64,
    stats: AllocatorStats,
}

impl Cache {
    /// Takes the least recently freed block out.
    fn evict_oldest(&mut self) -> Option<Block> {
        let (&size, _) = self
            .free
            .iter()
            .filter_map(|(s, l)| l.front().map(|(t, _)| (s, *t)))
            .min_by_key(|&(_, t)| t)?;
        let list = self.free.get_mut(&size)?;
        let (_, b) = list.pop_front()?;
        if list.is_empty() {
            self.free.remove(&size);
        }
        self.cached -= b.layout.size();
        self.stats.released += 1;
        Some(b)
    }
}

pub(crate) struct Pool {
    cache: Mutex<Cache>,
    limit: AtomicUsize,
}

impl Pool {
    /// Keeps `b` for reuse, then frees the oldest blocks while over the cap.
    pub(crate) fn give_back(&self, b: Block) {
        let limit = self.limit.load(Ordering::Relaxed);
        let mut out = Vec::new();
        {
            let mut c = self.cache.lock().unwrap_or_else(|e| e.into_inner());
            if b.layout.size() > limit {
                c.stats.released += 1;
                out.push(b);
            } else {
                c.clock += 1;
                let t = c.clock;
                c.cached += b.layout.size();
                c.free.entry(b.layout.size()).or_default().push_back((t, b));
                while c.cached > limit {
                    out.extend(c.evict_oldest());
                }
            }
            c.stats.cached_bytes = c.cached;
        }
        // Outside the lock: returning big blocks to the OS can take a while.
        out.into_iter().for_each(Block::free);
    }

    fn take(&self, size: usize) -> Option<Block> {
        let mut c = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        let list = c.free.get_mut(&size)?;
        // The most recently freed block: likeliest still in cache.
        let (_, b) = list.pop_back()?;
        if list.is_empty() {
            c.free.remove(&size);
        }
        c.cached -= size;
        c.stats.cached_bytes = c.cached;
        c.stats.reused += 1;
        Some(b)
    }

    fn trim_to(&self, limit: usize) {
        let mut out = Vec::new();
        {
            let mut c = self.cache.lock().unwrap_or_else(|e| e.into_inner());
            while c.cached > limit {
                out.extend(c.evict_oldest());
            }
            c.stats.cached_bytes = c.cached;
        }
        out.into_iter().for_each(Block::free);
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        let c = self.cache.get_mut().unwrap_or_else(|e| e.into_inner());
        for (_, list) in std::mem::take(&mut c.free) {
            list.into_iter().for_each(|(_, b)| b.free());
        }
    }
}

/// A device's allocator; clones share the cache.
#[derive(Clone)]
pub struct Allocator {
    pool: Arc<Pool>,
    device: usize,
}

impl std::fmt::Debug for Allocator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Allocator(device {}, {:?})", self.device, self.stats())
    }
}

impl Allocator {
    /// An empty allocator for device `device` (the id its buffers report), caching
    /// up to [`DEFAULT_LIMIT`] bytes.
    pub fn new(device: usize) -> Allocator {
        Allocator {
            pool: Arc::new(Pool {
                cache: Mutex::default(),
                limit: AtomicUsize::new(DEFAULT_LIMIT),
            }),
            device,
        }
    }

    /// A buffer of `length` bytes with unspecified contents (see the module
    /// doc); `Err` when memory cannot be had.
    pub fn allocate(&self, length: usize) -> Result<Buffer> {
        if length == 0 {
            return Ok(Buffer::empty(self.device));
        }
        let too_big = || Error::resource_exhausted(format!("cannot allocate {length} bytes"));
        let (size, align) = size_class(length).ok_or_else(too_big)?;
        let block = match self.pool.take(size) {
            Some(b) => b,
            None => {
                let layout = Layout::from_size_align(size, align).map_err(|_| too_big())?;
                let fresh = Block::zeroed(layout).or_else(|| {
                    // Out of memory: what the cache holds may make room.
                    self.trim();
                    Block::zeroed(layout)
                });
                let b = fresh.ok_or_else(too_big)?;
                self.pool
                    .cache
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .stats
                    .fresh += 1;
                b
            }
        };
        Ok(Buffer::from_allocation(
            Allocation::new(
                block,
                Some(self.pool.clone()),
                self.device,
                MemoryKind::Host,
            ),
            length,
        ))
    }

    /// Returns every cached block to the OS.
    pub fn trim(&self) {
        self.pool.trim_to(0)
    }

    /// Caps the cached bytes (trimming now if over).
    pub fn set_limit(&self, bytes: usize) {
        self.pool.limit.store(bytes, Ordering::Relaxed);
        self.pool.trim_to(bytes);
    }

    /// The cap on cached bytes ([`DEFAULT_LIMIT`] unless [`Allocator::set_limit`]
    /// changed it).
    pub fn limit(&self) -> usize {
        self.pool.limit.load(Ordering::Relaxed)
    }

    /// The counters so far (shared by every clone of this allocator).
    pub fn stats(&self) -> AllocatorStats {
        self.pool
            .cache
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_classes_fit_and_waste_at_most_a_quarter() {
        for n in (1..5000).chain([1 << 20, (1 << 20) + 1, 3 << 30, 4 * 1024 * 1024 + 12]) {
            let (s, a) = size_class(n).unwrap();
            assert!(s >= n && s % a == 0, "{n}: {s}");
            assert!(n <= 256 || (s - n) * 4 <= n, "{n}: {s}");
        }
        assert_eq!(size_class(1), Some((64, 64)));
        assert_eq!(size_class(257), Some((320, 64)));
        assert_eq!(size_class(1 << 20), Some((1 << 20, 4096)));
        assert_eq!(size_class(usize::MAX), None);
    }

    #[test]
    fn a_freed_block_serves_the_next_request_of_its_class() {
        let a = Allocator::new(3);
        let b = a.allocate(1000).unwrap();
        assert_eq!((b.len(), b.device()), (1000, 3));
        let p = b.as_ptr();
        assert_eq!(p as usize % 64, 0);
        b.write(0, &[7; 1000]).unwrap();
        drop(b);
        assert_eq!(a.stats().cached_bytes, 1024);
        // 1000 and 1020 share a class; the old bytes are still there.
        let c = a.allocate(1020).unwrap();
        assert_eq!(c.as_ptr(), p);
        assert_eq!(c.to_vec()[..1000], [7; 1000]);
        let s = a.stats();
        assert_eq!((s.fresh, s.reused, s.cached_bytes), (1, 1, 0));
        // A subspan keeps the block alive.
        let sub = c.subspan(10, 10).unwrap();
        drop(c);
        assert_eq!(a.stats().cached_bytes, 0);
        drop(sub);
        assert_eq!(a.stats().cached_bytes, 1024);
        // Another class gets another block.
        let d = a.allocate(2000).unwrap();
        assert_ne!(d.as_ptr(), p);
        assert!(a.allocate(0).unwrap().is_empty());
        assert!(a.allocate(usize::MAX / 2).is_err());
    }

    #[test]
    fn live_buffers_never_overlap() {
        let a = Allocator::new(0);
        let mut live: Vec<Buffer> = Vec::new();
        let mut r = 12345u64;
        for i in 0..2000 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let n = 1 + (r % 3000) as usize;
            if i % 3 == 0 && !live.is_empty() {
                live.swap_remove((r as usize / 7) % live.len());
            }
            let b = a.allocate(n).unwrap();
            // Tag every byte with this buffer's number: a shared byte would show.
            b.fill(0, n, &[(i % 251) as u8]).unwrap();
            live.push(b);
        }
        let mut spans: Vec<(usize, usize)> = live
            .iter()
            .map(|b| (b.as_ptr() as usize, b.as_ptr() as usize + b.len()))
            .collect();
        spans.sort();
        assert!(spans.windows(2).all(|w| w[0].1 <= w[1].0));
        assert!(a.stats().reused > 0);
    }

    #[test]
    fn the_cache_is_capped_and_trimmed() {
        let a = Allocator::new(0);
        a.set_limit(3072);
        let bufs: Vec<Buffer> = (0..4).map(|_| a.allocate(1024).unwrap()).collect();
        let first = bufs[0].as_ptr();
        drop(bufs);
        // Three fit under the cap; the oldest (first freed) went back.
        let s = a.stats();
        assert_eq!((s.cached_bytes, s.released, s.fresh), (3072, 1, 4));
        let again: Vec<Buffer> = (0..3).map(|_| a.allocate(1024).unwrap()).collect();
        assert!(again.iter().all(|b| b.as_ptr() != first));
        assert_eq!(a.stats().fresh, 4);
        drop(again);
        // A block over the cap is never cached.
        drop(a.allocate(4096).unwrap());
        assert_eq!(a.stats().cached_bytes, 3072);
        a.trim();
        assert_eq!(a.stats().cached_bytes, 0);
        a.set_limit(DEFAULT_LIMIT);
        drop(a.allocate(100).unwrap());
        assert_eq!(a.stats().cached_bytes, 128);
        a.set_limit(0);
        assert_eq!(a.stats().cached_bytes, 0);
    }

    #[test]
    fn threads_share_one_cache() {
        let a = Allocator::new(0);
        let threads: Vec<_> = (0..4)
            .map(|t| {
                let a = a.clone();
                std::thread::spawn(move || {
                    for i in 0..300usize {
                        let n = 64 * (1 + (i + t) % 8);
                        let b = a.allocate(n).unwrap();
                        let tag = (t * 31 + i) as u8;
                        b.fill(0, n, &[tag]).unwrap();
                        // Freed on another thread half of the time.
                        let b2 = b.clone();
                        let h = std::thread::spawn(move || drop(b2));
                        assert!(b.to_vec().iter().all(|&x| x == tag));
                        drop(b);
                        h.join().unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let s = a.stats();
        assert!(s.reused > s.fresh, "{s:?}");
    }
}
