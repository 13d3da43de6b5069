//! Memory hazards of planned buffers for scheduling. Buffers that the memory
//! plan gives overlapping ranges of one slab are never live together, but
//! asynchronous execution may still run the later writer before the earlier
//! buffer's writer and readers have finished (write-after-read/write). Per
//! pool, the slab's bytes are a map from disjoint ranges to the groups that
//! last touched them (the writer, then each reader); a write depends on every
//! group of the ranges it overlaps and becomes their only occupant (what
//! sticks out on either side stays with the old groups). Each operation is
//! O(log n + ranges touched), and a write removes the ranges it covers, so a
//! function costs O(n log n) overall.
//!
//! Host control flow: a branch starts from the state before its `scf.if` and
//! its changes are undone at its end (the branches exclude each other; their
//! work has finished when the `scf.if` ends, see schedule.rs).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use rustc_hash::FxHashMap;
use xir::Attr;

/// Bytes `start..end` of the slab of `pool` (`end` is `u64::MAX` when the
/// size is not known: the rest of the slab).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub pool: Attr,
    pub start: u64,
    pub end: u64,
}

/// The groups that touched a range. Shared by the pieces of a split range.
type Groups = Rc<RefCell<Vec<usize>>>;

#[derive(Clone)]
struct Entry {
    end: u64,
    groups: Groups,
}

enum Undo {
    Inserted(Attr, u64),
    Removed(Attr, u64, Entry),
    Pushed(Groups),
}

/// Past this many groups, the pieces of a range split by a write keep only
/// the writer's group (which awaits them all): a little coarser, but no
/// range list is copied over and over.
const SPLIT_LIMIT: usize = 32;

#[derive(Default)]
pub struct Hazards {
    pools: FxHashMap<Attr, BTreeMap<u64, Entry>>,
    log: Vec<Undo>,
}

impl Hazards {
    /// The keys of the entries of `pool` that overlap `r`, in descending order.
    fn overlapping(&self, r: &Range) -> Vec<u64> {
        let Some(map) = self.pools.get(&r.pool) else {
            return Vec::new();
        };
        map.range(..r.end)
            .rev()
            .take_while(|(_, e)| e.end > r.start)
            .map(|(&k, _)| k)
            .collect()
    }

    /// Groups a write of `r` must wait for (unsorted, may repeat).
    pub fn write_deps(&self, r: &Range, out: &mut Vec<usize>) {
        let Some(map) = self.pools.get(&r.pool) else {
            return;
        };
        let mut last: Option<*const RefCell<Vec<usize>>> = None;
        for (_, e) in map
            .range(..r.end)
            .rev()
            .take_while(|(_, e)| e.end > r.start)
        {
            // The pieces of one split range share their list.
            let p = Rc::as_ptr(&e.groups);
            if last == Some(p) {
                continue;
            }
            last = Some(p);
            out.extend(e.groups.borrow().iter().copied());
        }
    }

    fn insert(&mut self, pool: Attr, start: u64, e: Entry) {
        if start >= e.end {
            return;
        }
        self.pools.entry(pool).or_default().insert(start, e);
        self.log.push(Undo::Inserted(pool, start));
    }

    fn remove(&mut self, pool: Attr, start: u64) -> Option<Entry> {
        let e = self.pools.get_mut(&pool)?.remove(&start)?;
        self.log.push(Undo::Removed(pool, start, e.clone()));
        Some(e)
    }

    /// Group `g` writes `r`: it becomes the only occupant of `r`.
    pub fn write(&mut self, r: &Range, g: usize) {
        for k in self.overlapping(r) {
            let Some(e) = self.remove(r.pool, k) else {
                continue;
            };
            let groups = if e.groups.borrow().len() > SPLIT_LIMIT {
                Rc::new(RefCell::new(vec![g]))
            } else {
                e.groups.clone()
            };
            if k < r.start {
                let left = Entry {
                    end: r.start,
                    groups: groups.clone(),
                };
                self.insert(r.pool, k, left);
            }
            if e.end > r.end {
                self.insert(r.pool, r.end, Entry { end: e.end, groups });
            }
        }
        let groups = Rc::new(RefCell::new(vec![g]));
        self.insert(r.pool, r.start, Entry { end: r.end, groups });
    }

    /// Group `g` reads `r`: a later write of it waits for `g`. Bytes nobody
    /// touched yet (a buffer yielded out of a branch, whose entries were
    /// undone) get an entry of their own.
    pub fn read(&mut self, r: &Range, g: usize) {
        let mut gaps = Vec::new();
        let mut next = r.end;
        for k in self.overlapping(r) {
            let Some(e) = self.pools.get(&r.pool).and_then(|m| m.get(&k)) else {
                continue;
            };
            if e.end < next {
                gaps.push((e.end, next));
            }
            next = k;
            let groups = e.groups.clone();
            let mut list = groups.borrow_mut();
            if list.last() != Some(&g) {
                list.push(g);
                drop(list);
                self.log.push(Undo::Pushed(groups));
            }
        }
        if r.start < next {
            gaps.push((r.start, next));
        }
        for (s, e) in gaps {
            let groups = Rc::new(RefCell::new(vec![g]));
            self.insert(r.pool, s, Entry { end: e, groups });
        }
    }

    /// A point to come back to with [`Hazards::rollback`].
    pub fn checkpoint(&self) -> usize {
        self.log.len()
    }

    /// Undoes every change since `checkpoint`.
    pub fn rollback(&mut self, checkpoint: usize) {
        while self.log.len() > checkpoint {
            match self.log.pop() {
                Some(Undo::Inserted(pool, k)) => {
                    if let Some(m) = self.pools.get_mut(&pool) {
                        m.remove(&k);
                    }
                }
                Some(Undo::Removed(pool, k, e)) => {
                    self.pools.entry(pool).or_default().insert(k, e);
                }
                Some(Undo::Pushed(groups)) => {
                    groups.borrow_mut().pop();
                }
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bytes `start..end` of one pool (a fresh context interns it alike each time).
    fn r(start: u64, end: u64) -> Range {
        let mut ctx = xir::Context::new();
        Range {
            pool: ctx.string_attr("gpu"),
            start,
            end,
        }
    }

    fn deps(h: &Hazards, r: &Range) -> Vec<usize> {
        let mut v = Vec::new();
        h.write_deps(r, &mut v);
        v.sort_unstable();
        v.dedup();
        v
    }

    #[test]
    fn reuse_waits_for_writer_and_readers() {
        let mut h = Hazards::default();
        h.write(&r(0, 64), 0);
        h.read(&r(0, 64), 1);
        h.read(&r(0, 64), 2);
        assert_eq!(deps(&h, &r(32, 96)), vec![0, 1, 2]);
        assert_eq!(deps(&h, &r(64, 128)), Vec::<usize>::new());
        h.write(&r(32, 96), 3);
        // The piece left of the new buffer keeps its groups.
        assert_eq!(deps(&h, &r(0, 16)), vec![0, 1, 2]);
        assert_eq!(deps(&h, &r(40, 50)), vec![3]);
        assert_eq!(deps(&h, &r(0, 128)), vec![0, 1, 2, 3]);
    }

    #[test]
    fn branches_are_undone() {
        let mut h = Hazards::default();
        h.write(&r(0, 64), 0);
        let cp = h.checkpoint();
        h.read(&r(0, 64), 1);
        h.write(&r(0, 128), 2);
        assert_eq!(deps(&h, &r(0, 8)), vec![2]);
        h.rollback(cp);
        assert_eq!(deps(&h, &r(0, 8)), vec![0]);
        assert_eq!(deps(&h, &r(64, 128)), Vec::<usize>::new());
        // A read of untouched bytes makes an entry.
        h.read(&r(32, 128), 4);
        assert_eq!(deps(&h, &r(100, 110)), vec![4]);
        assert_eq!(deps(&h, &r(0, 128)), vec![0, 4]);
    }

    #[test]
    fn unknown_sizes_reach_the_end() {
        let mut h = Hazards::default();
        h.write(&r(64, u64::MAX), 7);
        assert_eq!(deps(&h, &r(1 << 40, (1 << 40) + 8)), vec![7]);
    }
}
