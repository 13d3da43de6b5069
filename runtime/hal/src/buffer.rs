//! Buffers: byte ranges of an allocation owned by one device.
//!
//! Memory is reached through raw pointers, as a device reaches its memory:
//! ordering accesses is the job of fences and barriers (the compiler's), not
//! of locks. A program that drops a wait races for real, and its results show it.

use crate::allocator::{Block, Pool};
use crate::error::{Error, Result};
use std::alloc::Layout;
use std::sync::Arc;

/// Where an allocation lives. Every backend of this crate keeps its memory
/// in host RAM; a device with memory of its own adds a kind, and copies
/// between kinds that do not share memory go through the host.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MemoryKind {
    /// Host RAM, reachable by the CPU through the buffer's pointer.
    Host,
}

/// One allocation. `Sync` because concurrent use is ordered by fences.
pub struct Allocation {
    /// `None` for an empty allocation.
    block: Option<Block>,
    /// Where the block goes when the last buffer of it is dropped (else: freed).
    pool: Option<Arc<Pool>>,
    /// The id of the device that owns it.
    pub device: usize,
    /// Where its memory lives.
    pub kind: MemoryKind,
    /// For memory the runtime does not own ([`Buffer::import_host`]): what
    /// keeps it alive, dropped with the allocation instead of freeing the block.
    owner: Option<Box<dyn std::any::Any + Send + Sync>>,
}

// SAFETY: accesses go through raw pointers whose ordering the HAL's fences and
// barriers provide; the allocation itself is never resized or moved.
unsafe impl Sync for Allocation {}
unsafe impl Send for Allocation {}

impl Allocation {
    pub(crate) fn new(
        block: Block,
        pool: Option<Arc<Pool>>,
        device: usize,
        kind: MemoryKind,
    ) -> Allocation {
        Allocation {
            block: Some(block),
            pool,
            device,
            kind,
            owner: None,
        }
    }
}

impl Drop for Allocation {
    fn drop(&mut self) {
        if self.owner.is_some() {
            // Borrowed memory: its owner frees it (when `owner` drops).
            self.block = None;
            return;
        }
        match (self.block.take(), &self.pool) {
            (Some(b), Some(p)) => p.give_back(b),
            (Some(b), None) => b.free(),
            (None, _) => {}
        }
    }
}

/// A range of an allocation; cheap to clone.
#[derive(Clone)]
pub struct Buffer {
    alloc: Arc<Allocation>,
    offset: usize,
    length: usize,
}

impl std::fmt::Debug for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Buffer(device {}, [{}, +{}])",
            self.alloc.device, self.offset, self.length
        )
    }
}

impl Buffer {
    /// A zeroed allocation of `length` bytes on `device`, not pooled;
    /// `Err` when memory cannot be had (a size no machine has is an error,
    /// not an abort). Devices allocate through their [`crate::Allocator`].
    pub fn allocate(device: usize, length: usize) -> Result<Buffer> {
        if length == 0 {
            return Ok(Buffer::empty(device));
        }
        let block = Layout::from_size_align(length, 64)
            .ok()
            .and_then(Block::zeroed)
            .ok_or_else(|| Error::resource_exhausted(format!("cannot allocate {length} bytes")))?;
        Ok(Buffer::from_allocation(
            Allocation::new(block, None, device, MemoryKind::Host),
            length,
        ))
    }

    pub(crate) fn empty(device: usize) -> Buffer {
        Buffer {
            alloc: Arc::new(Allocation {
                block: None,
                pool: None,
                device,
                kind: MemoryKind::Host,
                owner: None,
            }),
            offset: 0,
            length: 0,
        }
    }

    /// A buffer over `length` bytes of host memory at `ptr` that the runtime
    /// does not own, without a copy (a numpy array handed to a call). `owner`
    /// keeps the memory alive and is dropped with the last buffer of it.
    ///
    /// # Safety
    /// `ptr..ptr + length` must stay valid while `owner` lives, and nothing
    /// else may write it while the runtime uses it.
    pub unsafe fn import_host(
        device: usize,
        ptr: *mut u8,
        length: usize,
        owner: Box<dyn std::any::Any + Send + Sync>,
    ) -> Result<Buffer> {
        let (Some(ptr), Ok(layout)) = (
            std::ptr::NonNull::new(ptr),
            Layout::from_size_align(length.max(1), 1),
        ) else {
            return Err(Error::invalid_argument(format!(
                "cannot import {length} bytes at a null pointer"
            )));
        };
        Ok(Buffer {
            alloc: Arc::new(Allocation {
                block: Some(Block { ptr, layout }),
                pool: None,
                device,
                kind: MemoryKind::Host,
                owner: Some(owner),
            }),
            offset: 0,
            length,
        })
    }

    /// The first `length` bytes of `alloc` (at most its size).
    pub(crate) fn from_allocation(alloc: Allocation, length: usize) -> Buffer {
        debug_assert!(alloc.block.as_ref().map_or(0, |b| b.layout.size()) >= length);
        Buffer {
            alloc: Arc::new(alloc),
            offset: 0,
            length,
        }
    }

    /// A buffer holding `data`.
    pub fn from_bytes(device: usize, data: &[u8]) -> Result<Buffer> {
        if data.is_empty() {
            return Ok(Buffer::empty(device));
        }
        let block = Block::for_copy(data).ok_or_else(|| {
            Error::resource_exhausted(format!("cannot allocate {} bytes", data.len()))
        })?;
        Ok(Buffer::from_allocation(
            Allocation::new(block, None, device, MemoryKind::Host),
            data.len(),
        ))
    }

    /// Its length in bytes.
    pub fn len(&self) -> usize {
        self.length
    }

    /// Whether it has no byte.
    pub fn is_empty(&self) -> bool {
        self.length == 0
    }

    /// The id of the device whose allocation it is a range of.
    pub fn device(&self) -> usize {
        self.alloc.device
    }

    /// Where its allocation's memory lives.
    pub fn memory_kind(&self) -> MemoryKind {
        self.alloc.kind
    }

    /// Bytes `offset..offset+length` of this buffer, without a copy.
    pub fn subspan(&self, offset: usize, length: usize) -> Result<Buffer> {
        self.check(offset, length)?;
        Ok(Buffer {
            alloc: self.alloc.clone(),
            offset: self.offset + offset,
            length,
        })
    }

    /// Whether both are ranges of the same allocation and overlap.
    pub fn overlaps(&self, other: &Buffer) -> bool {
        Arc::ptr_eq(&self.alloc, &other.alloc)
            && self.offset < other.offset + other.length
            && other.offset < self.offset + self.length
    }

    fn check(&self, offset: usize, length: usize) -> Result<()> {
        match offset.checked_add(length) {
            Some(end) if end <= self.length => Ok(()),
            _ => Err(Error::out_of_range(format!(
                "range [{offset}, {offset}+{length}) is outside a buffer of {} bytes",
                self.length
            ))),
        }
    }

    /// The first byte. Valid for `len()` bytes while `self` lives; callers
    /// order their accesses with fences.
    pub fn as_ptr(&self) -> *mut u8 {
        match &self.alloc.block {
            // In bounds: offset <= allocation length by construction.
            Some(b) => unsafe { b.ptr.as_ptr().add(self.offset) },
            None => std::ptr::NonNull::dangling().as_ptr(),
        }
    }

    /// Copies bytes out.
    pub fn read(&self, offset: usize, out: &mut [u8]) -> Result<()> {
        self.check(offset, out.len())?;
        // SAFETY: in bounds (checked); ordering is the caller's (see module doc).
        unsafe { std::ptr::copy(self.as_ptr().add(offset), out.as_mut_ptr(), out.len()) };
        Ok(())
    }

    /// Copies bytes in.
    pub fn write(&self, offset: usize, data: &[u8]) -> Result<()> {
        self.check(offset, data.len())?;
        // SAFETY: as in `read`.
        unsafe { std::ptr::copy(data.as_ptr(), self.as_ptr().add(offset), data.len()) };
        Ok(())
    }

    /// All bytes, copied out.
    pub fn to_vec(&self) -> Vec<u8> {
        let mut v = vec![0; self.length];
        let _ = self.read(0, &mut v);
        v
    }

    /// Fills `length` bytes at `offset` with a repeated pattern of 1, 2 or 4 bytes.
    pub fn fill(&self, offset: usize, length: usize, pattern: &[u8]) -> Result<()> {
        self.check(offset, length)?;
        if pattern.is_empty() || !length.is_multiple_of(pattern.len()) {
            return Err(Error::invalid_argument(format!(
                "fill of {length} bytes with a {}-byte pattern",
                pattern.len()
            )));
        }
        // SAFETY: in bounds (checked); ordering is the caller's (see module doc).
        let dst = unsafe { std::slice::from_raw_parts_mut(self.as_ptr().add(offset), length) };
        match pattern {
            [b] => dst.fill(*b),
            _ => dst
                .chunks_exact_mut(pattern.len())
                .for_each(|c| c.copy_from_slice(pattern)),
        }
        Ok(())
    }

    /// Copies `length` bytes from `src[src_offset..]` to `self[dst_offset..]`.
    /// Between allocations of different devices the bytes travel through the
    /// host (a staging copy) unless both are host memory.
    pub fn copy_from(
        &self,
        dst_offset: usize,
        src: &Buffer,
        src_offset: usize,
        length: usize,
    ) -> Result<()> {
        src.check(src_offset, length)?;
        self.check(dst_offset, length)?;
        if src.memory_kind() == MemoryKind::Host && self.memory_kind() == MemoryKind::Host {
            // SAFETY: both ranges checked; `copy` allows overlap.
            unsafe {
                std::ptr::copy(
                    src.as_ptr().add(src_offset),
                    self.as_ptr().add(dst_offset),
                    length,
                )
            };
            return Ok(());
        }
        let mut staging = vec![0; length];
        src.read(src_offset, &mut staging)?;
        self.write(dst_offset, &staging)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subspans_share_bytes_and_check_bounds() {
        let b = Buffer::allocate(0, 16).unwrap();
        let s = b.subspan(4, 8).unwrap();
        s.write(0, &[1, 2, 3]).unwrap();
        assert_eq!(&b.to_vec()[4..7], &[1, 2, 3]);
        let e = s.subspan(4, 5).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::OutOfRange);
        assert_eq!(
            e.to_string(),
            "range [4, 4+5) is outside a buffer of 8 bytes"
        );
        assert!(s.write(7, &[1, 2]).is_err());
        assert!(b.subspan(usize::MAX, 2).is_err());
        assert!(s.overlaps(&b.subspan(11, 1).unwrap()));
        assert!(!s.overlaps(&b.subspan(12, 4).unwrap()));
        let e = Buffer::allocate(0, 0).unwrap();
        assert!(e.is_empty() && e.to_vec().is_empty());
        let e = Buffer::allocate(0, usize::MAX / 2).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::ResourceExhausted);
    }

    #[test]
    fn imported_memory_is_shared_and_given_back_to_its_owner() {
        struct Owner(Arc<std::sync::atomic::AtomicBool>, Vec<u8>);
        impl Drop for Owner {
            fn drop(&mut self) {
                self.0.store(true, std::sync::atomic::Ordering::SeqCst);
            }
        }
        let dropped = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut owner = Box::new(Owner(dropped.clone(), vec![1, 2, 3, 4]));
        let ptr = owner.1.as_mut_ptr();
        let b = unsafe { Buffer::import_host(0, ptr, 4, owner) }.unwrap();
        assert_eq!(b.as_ptr(), ptr);
        let s = b.subspan(1, 2).unwrap();
        s.write(0, &[9]).unwrap();
        assert_eq!(b.to_vec(), vec![1, 9, 3, 4]);
        drop(b);
        assert!(!dropped.load(std::sync::atomic::Ordering::SeqCst));
        drop(s);
        assert!(dropped.load(std::sync::atomic::Ordering::SeqCst));
        let e = unsafe { Buffer::import_host(0, std::ptr::null_mut(), 0, Box::new(())) };
        assert!(e.is_err());
    }

    #[test]
    fn copies_and_fills() {
        let a = Buffer::from_bytes(0, &[1, 2, 3, 4]).unwrap();
        let b = Buffer::allocate(1, 6).unwrap();
        b.copy_from(1, &a, 1, 3).unwrap();
        assert_eq!(b.to_vec(), vec![0, 2, 3, 4, 0, 0]);
        b.fill(2, 4, &[9, 8]).unwrap();
        assert_eq!(b.to_vec(), vec![0, 2, 9, 8, 9, 8]);
        let e = b.fill(0, 3, &[1, 2]).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::InvalidArgument);
        assert!(b.copy_from(4, &a, 0, 4).is_err());
    }
}
