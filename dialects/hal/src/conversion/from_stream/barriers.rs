//! Barriers inside a command buffer. Commands run concurrently unless an
//! execution barrier separates them; two commands conflict when they touch
//! overlapping bytes of one root buffer and one of them writes. Subspans of
//! a slab share the slab as root (buffers the memory plan lets die are
//! reused by later results); any other buffer is a root of its own, touched
//! whole. Unknown lengths reach the end of the root.
//!
//! Since the last barrier, per root: the bytes written and the bytes read,
//! each a union of disjoint ranges in a sorted map, so a check or an update
//! is O(log n + ranges merged).

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;
use xir::Value;

/// Bytes `start..end` of `root` that a command reads or writes.
#[derive(Clone, Copy, Debug)]
pub struct Access {
    pub root: Value,
    pub start: u64,
    pub end: u64,
    pub write: bool,
}

/// Disjoint ranges `start → end`.
type Union = BTreeMap<u64, u64>;

fn overlaps(u: &Union, start: u64, end: u64) -> bool {
    start < end && u.range(..end).next_back().is_some_and(|(_, &e)| e > start)
}

fn add(u: &mut Union, start: u64, end: u64) {
    if start >= end {
        return;
    }
    let (mut s, mut e) = (start, end);
    let merged: Vec<u64> = u
        .range(..=end)
        .rev()
        .take_while(|(_, &x)| x >= start)
        .map(|(&k, _)| k)
        .collect();
    for k in merged {
        if let Some(x) = u.remove(&k) {
            s = s.min(k);
            e = e.max(x);
        }
    }
    u.insert(s, e);
}

/// What commands touched since the last barrier.
#[derive(Default)]
pub struct Touched {
    roots: FxHashMap<Value, (Union, Union)>,
}

impl Touched {
    /// Whether a command with these accesses must wait for earlier ones.
    pub fn conflicts(&self, accesses: &[Access]) -> bool {
        accesses.iter().any(|a| {
            self.roots.get(&a.root).is_some_and(|(written, read)| {
                overlaps(written, a.start, a.end) || (a.write && overlaps(read, a.start, a.end))
            })
        })
    }

    pub fn add(&mut self, accesses: &[Access]) {
        for a in accesses {
            let (written, read) = self.roots.entry(a.root).or_default();
            add(if a.write { written } else { read }, a.start, a.end);
        }
    }

    /// After a barrier.
    pub fn clear(&mut self) {
        self.roots.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value() -> Value {
        let mut ctx = xir::Context::new();
        let mut ir = xir::Ir::new();
        ir.create_placeholder(ctx.index_type())
    }

    fn acc(root: Value, start: u64, end: u64, write: bool) -> Access {
        Access {
            root,
            start,
            end,
            write,
        }
    }

    #[test]
    fn overlapping_bytes_conflict_when_one_writes() {
        let slab = value();
        let mut t = Touched::default();
        t.add(&[acc(slab, 0, 64, false), acc(slab, 64, 128, true)]);
        // Reading what was read: no barrier.
        assert!(!t.conflicts(&[acc(slab, 0, 64, false)]));
        // Writing what was read (reuse), reading what was written.
        assert!(t.conflicts(&[acc(slab, 32, 48, true)]));
        assert!(t.conflicts(&[acc(slab, 100, 101, false)]));
        // Bytes nobody touched.
        assert!(!t.conflicts(&[acc(slab, 128, 256, true)]));
        t.clear();
        assert!(!t.conflicts(&[acc(slab, 0, 256, true)]));
    }

    #[test]
    fn ranges_merge() {
        let mut u = Union::new();
        add(&mut u, 0, 8);
        add(&mut u, 16, 24);
        add(&mut u, 8, 16);
        assert_eq!(u.into_iter().collect::<Vec<_>>(), vec![(0, 24)]);
    }
}
