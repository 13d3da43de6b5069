//! Offsets for buffers with known lifetimes in one pool (dynamic storage allocation).
//! Several heuristics run, cheapest first, and the smallest pool wins; the lower bound
//! is the peak of the bytes live at once, and reaching it ends the search. The
//! heuristics without a graph are O(n log n); the interference-graph ones cost
//! O(n + E) a pass (E edges, counted in O(n log n) first) and share a work budget
//! linear in n (see [`greedy_passes`]): small pools get every pass, large ones a few.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};

/// A buffer: live over the program points `start..=end`; `size` already aligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    pub start: u32,
    pub end: u32,
    pub size: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// Largest first, each at the best-fitting gap among its interfering buffers (TFLite).
    GreedyBySize,
    /// Largest first, each at the lowest gap that fits.
    GreedyBySizeFirstFit,
    /// Most interfering buffers first (ties: larger), best-fitting gap.
    GreedyByConflicts,
    /// Longest lifetime first (ties: larger), best-fitting gap.
    GreedyByLifetime,
    /// Largest lifetime × size first, best-fitting gap.
    GreedyByArea,
    /// Buffers live at the widest program points first (TFLite's greedy by breadth).
    GreedyByBreadth,
    /// Greedy by size with sizes jittered by a few percent, best of some rounds.
    GreedyPerturbed,
    /// In program order, each in the best-fitting free block (a malloc over time).
    BestFitOverTime,
    /// Largest first, each on top of the highest buffer of its lifetime.
    SkylineBySize,
}

impl Heuristic {
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::GreedyBySize => "greedy-by-size",
            Heuristic::GreedyBySizeFirstFit => "greedy-by-size-first-fit",
            Heuristic::GreedyByConflicts => "greedy-by-conflicts",
            Heuristic::GreedyByLifetime => "greedy-by-lifetime",
            Heuristic::GreedyByArea => "greedy-by-area",
            Heuristic::GreedyByBreadth => "greedy-by-breadth",
            Heuristic::GreedyPerturbed => "greedy-perturbed",
            Heuristic::BestFitOverTime => "best-fit-over-time",
            Heuristic::SkylineBySize => "skyline-by-size",
        }
    }
}

/// Pools of at most this many edges per buffer always get the graph and greedy-by-size.
pub const EDGES_PER_ITEM: u64 = 64;

/// Work of the interference-graph heuristics, counted as buffers plus adjacency
/// entries visited (building the graph and each greedy pass visit them all): enough
/// for every pass on small pools, a fixed amount per buffer on large ones.
pub const GRAPH_WORK_MIN: u64 = 1 << 21;
pub const GRAPH_WORK_PER_ITEM: u64 = 128;

/// How many greedy passes a pool of `n` buffers with `edges` interferences gets
/// after the graph is built (which costs one); 0: no graph. Past the six greedy
/// heuristics the rest go to perturbed rounds. The bench's 100k-tensor pools (about
/// 19 edges per buffer) get two.
pub fn greedy_passes(n: u64, edges: u64) -> u64 {
    let pass = n + 2 * edges;
    let budget = GRAPH_WORK_MIN.max(GRAPH_WORK_PER_ITEM * n);
    match (budget / pass.max(1)).saturating_sub(1) {
        0 if edges <= EDGES_PER_ITEM * n => 1,
        k => k,
    }
}

/// The greedy heuristics in the order they are tried (ties keep the earliest).
const GREEDY: [Heuristic; 6] = [
    Heuristic::GreedyBySize,
    Heuristic::GreedyBySizeFirstFit,
    Heuristic::GreedyByConflicts,
    Heuristic::GreedyByLifetime,
    Heuristic::GreedyByArea,
    Heuristic::GreedyByBreadth,
];

/// The offsets of one heuristic's packing and the pool size it needs.
#[derive(Clone, Debug)]
pub struct Placement {
    pub offsets: Vec<u64>,
    pub size: u64,
    pub heuristic: Heuristic,
}

/// The peak of the bytes live at one program point: no packing can be smaller.
pub fn lower_bound(items: &[Item]) -> u64 {
    // Starts and ends sorted apart as (time, index) in one u64 each; an end at t
    // frees its bytes after every start at t.
    let key = |t: u32, i: usize| (t as u64) << 32 | i as u64;
    let mut starts: Vec<u64> = items
        .iter()
        .enumerate()
        .map(|(i, it)| key(it.start, i))
        .collect();
    let mut ends: Vec<u64> = items
        .iter()
        .enumerate()
        .map(|(i, it)| key(it.end, i))
        .collect();
    starts.sort_unstable();
    ends.sort_unstable();
    let size = |k: u64| items[(k & u32::MAX as u64) as usize].size as u128;
    let (mut cur, mut peak, mut e) = (0u128, 0u128, 0usize);
    for &s in &starts {
        while e < ends.len() && ends[e] >> 32 < s >> 32 {
            cur -= size(ends[e]);
            e += 1;
        }
        cur += size(s);
        peak = peak.max(cur);
    }
    u64::try_from(peak).unwrap_or(u64::MAX)
}

/// The number of pairs of buffers live at one point, without listing them.
pub fn count_interferences(items: &[Item]) -> u64 {
    let mut starts: Vec<u32> = items.iter().map(|i| i.start).collect();
    let mut ends: Vec<u32> = items.iter().map(|i| i.end).collect();
    starts.sort_unstable();
    ends.sort_unstable();
    // Pairs (j, i) with j starting no later than i (index order among equal starts)
    // and still live at i's start.
    let mut e = 0u64;
    for (k, &s) in starts.iter().enumerate() {
        let dead = ends.partition_point(|&x| x < s) as u64;
        e += k as u64 - dead;
    }
    e
}

/// Runs the heuristics, cheapest first, and keeps the smallest pool (ties: earliest
/// run); stops as soon as one reaches `lower_bound` (see [`lower_bound`]), which no
/// packing can beat.
pub fn plan(items: &[Item], lower_bound: u64) -> Placement {
    let mut best = run(Heuristic::BestFitOverTime, items, None);
    if best.size <= lower_bound {
        return best;
    }
    let consider = |p: Placement, best: &mut Placement| {
        if p.size < best.size {
            *best = p;
        }
    };
    let passes = greedy_passes(items.len() as u64, count_interferences(items));
    if passes == 0 {
        // Too dense for the graph: skyline stands in for greedy-by-size.
        consider(run(Heuristic::SkylineBySize, items, None), &mut best);
        return best;
    }
    let graph = Interference::build(items);
    for h in GREEDY.into_iter().take(passes as usize) {
        consider(run(h, items, Some(&graph)), &mut best);
        if best.size <= lower_bound {
            return best;
        }
    }
    let rounds = passes
        .saturating_sub(GREEDY.len() as u64)
        .min(PERTURBED_ROUNDS);
    if rounds > 0 {
        consider(perturbed(items, &graph, rounds, lower_bound), &mut best);
    }
    best
}

/// Runs one heuristic. The greedy ones need the interference graph.
pub fn run(h: Heuristic, items: &[Item], graph: Option<&Interference>) -> Placement {
    let offsets = match h {
        Heuristic::BestFitOverTime => best_fit_over_time(items),
        Heuristic::SkylineBySize => skyline_by_size(items),
        _ => {
            let owned;
            let g = match graph {
                Some(g) => g,
                None => {
                    owned = Interference::build(items);
                    &owned
                }
            };
            if h == Heuristic::GreedyPerturbed {
                return perturbed(items, g, PERTURBED_ROUNDS, 0);
            }
            let breadth = if h == Heuristic::GreedyByBreadth {
                max_breadth(items)
            } else {
                Vec::new()
            };
            // Descending keys as complements; the index makes the order total.
            let mut keys: Vec<(u64, u64, u32, u32)> = items
                .iter()
                .enumerate()
                .map(|(i, it)| {
                    let life = (it.end - it.start) as u64;
                    let (a, b) = match h {
                        Heuristic::GreedyByConflicts => (g.degree(i as u32) as u64, it.size),
                        Heuristic::GreedyByLifetime => (life, it.size),
                        Heuristic::GreedyByArea => ((life + 1).saturating_mul(it.size), it.size),
                        Heuristic::GreedyByBreadth => (breadth[i], it.size),
                        _ => (it.size, life),
                    };
                    (!a, !b, it.start, i as u32)
                })
                .collect();
            keys.sort_unstable();
            let order: Vec<u32> = keys.iter().map(|k| k.3).collect();
            greedy(items, g, &order, h != Heuristic::GreedyBySizeFirstFit)
        }
    };
    let size = items
        .iter()
        .zip(&offsets)
        .map(|(it, &o)| o + it.size)
        .max()
        .unwrap_or(0);
    Placement {
        offsets,
        size,
        heuristic: h,
    }
}

/// The buffers that are live at the same time as each buffer (CSR adjacency).
pub struct Interference {
    start: Vec<u32>,
    adj: Vec<u32>,
}

impl Interference {
    /// Two sweeps in start order with the live set (degrees, then adjacency), so no
    /// pair list is held; O(n log n + E).
    pub fn build(items: &[Item]) -> Interference {
        let n = items.len();
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_unstable_by_key(|&i| (items[i as usize].start, i));
        let mut deg = vec![0u32; n];
        sweep(items, &order, |i, live| {
            deg[i as usize] += live.len() as u32;
            for &j in live {
                deg[j as usize] += 1;
            }
        });
        let mut start = vec![0u32; n + 1];
        for i in 0..n {
            start[i + 1] = start[i] + deg[i];
        }
        let mut fill = start[..n].to_vec();
        let mut adj = vec![0u32; start[n] as usize];
        sweep(items, &order, |i, live| {
            let f = fill[i as usize] as usize;
            adj[f..f + live.len()].copy_from_slice(live);
            fill[i as usize] += live.len() as u32;
            for &j in live {
                adj[fill[j as usize] as usize] = i;
                fill[j as usize] += 1;
            }
        });
        Interference { start, adj }
    }

    pub fn neighbors(&self, i: u32) -> &[u32] {
        &self.adj[self.start[i as usize] as usize..self.start[i as usize + 1] as usize]
    }

    pub fn degree(&self, i: u32) -> usize {
        self.neighbors(i).len()
    }
}

/// Calls `f(i, live)` for each buffer in `order` (by start) with the buffers still
/// live when it starts.
fn sweep(items: &[Item], order: &[u32], mut f: impl FnMut(u32, &[u32])) {
    let mut heap: BinaryHeap<Reverse<(u32, u32)>> = BinaryHeap::new();
    let mut live: Vec<u32> = Vec::new();
    let mut pos = vec![u32::MAX; items.len()];
    for &i in order {
        let s = items[i as usize].start;
        while let Some(&Reverse((e, j))) = heap.peek() {
            if e >= s {
                break;
            }
            heap.pop();
            let p = pos[j as usize] as usize;
            let last = *live.last().unwrap_or(&j);
            live.swap_remove(p);
            if last != j {
                pos[last as usize] = p as u32;
            }
        }
        f(i, &live);
        pos[i as usize] = live.len() as u32;
        live.push(i);
        heap.push(Reverse((items[i as usize].end, i)));
    }
}

/// Rounds of greedy-by-size with each size scaled by a random factor in [0.75, 1.25].
const PERTURBED_ROUNDS: u64 = 12;

/// Stops early once a round reaches `target`.
fn perturbed(items: &[Item], g: &Interference, rounds: u64, target: u64) -> Placement {
    let mut best: Option<Placement> = None;
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut keys: Vec<(u64, u32)> = Vec::with_capacity(items.len());
    for _ in 0..rounds {
        keys.clear();
        for (i, it) in items.iter().enumerate() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let f = 768 + state % 513; // per mille
            keys.push((it.size.saturating_mul(f) / 1024, i as u32));
        }
        keys.sort_unstable_by_key(|k| Reverse(k.0));
        let order: Vec<u32> = keys.iter().map(|k| k.1).collect();
        let offsets = greedy(items, g, &order, true);
        let size = pool_size(items, &offsets);
        if best.as_ref().is_none_or(|b| size < b.size) {
            best = Some(Placement {
                offsets,
                size,
                heuristic: Heuristic::GreedyPerturbed,
            });
        }
        if size <= target {
            break;
        }
    }
    best.unwrap_or(Placement {
        offsets: Vec::new(),
        size: 0,
        heuristic: Heuristic::GreedyPerturbed,
    })
}

fn pool_size(items: &[Item], offsets: &[u64]) -> u64 {
    items
        .iter()
        .zip(offsets)
        .map(|(it, &o)| o + it.size)
        .max()
        .unwrap_or(0)
}

/// Per buffer, the most bytes live at any point of its lifetime (sparse table).
fn max_breadth(items: &[Item]) -> Vec<u64> {
    let t = items.iter().map(|i| i.end as usize + 2).max().unwrap_or(1);
    let mut diff = vec![0i128; t + 1];
    for it in items {
        diff[it.start as usize] += it.size as i128;
        diff[it.end as usize + 1] -= it.size as i128;
    }
    let mut level: Vec<u64> = Vec::with_capacity(t);
    let mut cur = 0i128;
    for d in &diff[..t] {
        cur += d;
        level.push(cur.clamp(0, u64::MAX as i128) as u64);
    }
    let mut table = vec![level];
    let mut w = 1;
    while 2 * w <= t {
        let prev = &table[table.len() - 1];
        let next: Vec<u64> = (0..=t - 2 * w).map(|i| prev[i].max(prev[i + w])).collect();
        table.push(next);
        w *= 2;
    }
    items
        .iter()
        .map(|it| {
            let (a, b) = (it.start as usize, it.end as usize + 1);
            let k = (usize::BITS - 1 - (b - a).leading_zeros()) as usize;
            table[k][a].max(table[k][b - (1 << k)])
        })
        .collect()
}

/// Places buffers in `order`, each in a gap between its already placed neighbours:
/// the smallest gap that fits (`best_fit`) or the lowest, else on top of them all.
fn greedy(items: &[Item], g: &Interference, order: &[u32], best_fit: bool) -> Vec<u64> {
    // (offset, end) per buffer; (0, 0) while unplaced (or empty), which blocks nothing.
    // One array keeps each neighbour to one memory access.
    let mut span = vec![(0u64, 0u64); items.len()];
    // Sizes and neighbour lists gathered in processing order first: the loads of that
    // loop are independent and overlap, and the main loop reads them sequentially
    // (with random order it is bound by memory latency otherwise).
    let mut adj: Vec<u32> = Vec::with_capacity(g.adj.len());
    let mut bounds: Vec<(u64, u32)> = Vec::with_capacity(order.len());
    for &i in order {
        adj.extend_from_slice(g.neighbors(i));
        bounds.push((items[i as usize].size, adj.len() as u32));
    }
    let mut all: Vec<(u64, u64)> = Vec::new();
    let mut keys: Vec<u64> = Vec::new();
    let mut from = 0usize;
    for (&i, &(size, to)) in order.iter().zip(&bounds) {
        let nb = &adj[from..to as usize];
        from = to as usize;
        if size == 0 {
            continue;
        }
        // Branch-free filter (placed or not is a coin toss for the predictor).
        all.resize(nb.len() + 1, (0, 0));
        let mut k = 0;
        for &j in nb {
            let s = span[j as usize];
            all[k] = s;
            k += (s.1 != 0) as usize;
        }
        let busy = &mut all[..k];
        // Offsets with the index in the low bits sort as plain u64s (branch-free);
        // huge offsets fall back to sorting the pairs. Equal offsets need no order:
        // the scan keeps the furthest end.
        let bits = u64::BITS - (k as u64).leading_zeros();
        let top = busy.iter().map(|b| b.0).max().unwrap_or(0);
        let o = if top.checked_shr(u64::BITS - bits).unwrap_or(0) == 0 {
            keys.clear();
            keys.extend(busy.iter().enumerate().map(|(x, b)| b.0 << bits | x as u64));
            keys.sort_unstable();
            let mask = (1u64 << bits) - 1;
            fit(
                keys.iter().map(|&p| busy[(p & mask) as usize]),
                size,
                best_fit,
            )
        } else {
            busy.sort_unstable_by_key(|b| b.0);
            fit(busy.iter().copied(), size, best_fit)
        };
        span[i as usize] = (o, o + size);
    }
    span.into_iter().map(|s| s.0).collect()
}

/// The offset for `size` bytes among the busy `(offset, end)` ranges in offset order:
/// the smallest gap that fits (`best_fit`) or the lowest, else above them all.
fn fit(busy: impl Iterator<Item = (u64, u64)>, size: u64, best_fit: bool) -> u64 {
    let mut cur = 0u64;
    let mut chosen: Option<(u64, u64)> = None; // (gap size, offset)
    for (o, e) in busy {
        if o > cur && o - cur >= size {
            let gap = o - cur;
            if !best_fit {
                return cur;
            }
            if chosen.is_none_or(|c| gap < c.0) {
                chosen = Some((gap, cur));
            }
        }
        cur = cur.max(e);
    }
    chosen.map_or(cur, |c| c.1)
}

/// A free list of (offset → length) blocks, coalesced, with a (length, offset) index
/// for best fit.
#[derive(Default)]
struct FreeList {
    by_off: BTreeMap<u64, u64>,
    by_len: BTreeSet<(u64, u64)>,
}

impl FreeList {
    fn insert(&mut self, mut off: u64, mut len: u64) {
        if let Some((&o, &l)) = self.by_off.range(..off).next_back() {
            if o + l == off {
                self.remove(o, l);
                off = o;
                len += l;
            }
        }
        if let Some(&l) = self.by_off.get(&(off + len)) {
            self.remove(off + len, l);
            len += l;
        }
        self.by_off.insert(off, len);
        self.by_len.insert((len, off));
    }

    fn remove(&mut self, off: u64, len: u64) {
        self.by_off.remove(&off);
        self.by_len.remove(&(len, off));
    }

    /// Takes `size` bytes from the smallest block that holds them.
    fn take_best(&mut self, size: u64) -> Option<u64> {
        let &(len, off) = self.by_len.range((size, 0)..).next()?;
        self.remove(off, len);
        if len > size {
            // Blocks are kept coalesced: the rest has no free neighbour.
            self.by_off.insert(off + size, len - size);
            self.by_len.insert((len - size, off + size));
        }
        Some(off)
    }
}

fn best_fit_over_time(items: &[Item]) -> Vec<u64> {
    let mut keys: Vec<(u32, u64, u32)> = items
        .iter()
        .enumerate()
        .map(|(i, it)| (it.start, !it.size, i as u32))
        .collect();
    keys.sort_unstable();
    let order: Vec<u32> = keys.iter().map(|k| k.2).collect();
    let mut off = vec![0u64; items.len()];
    let mut free = FreeList::default();
    let mut heap: BinaryHeap<Reverse<(u32, u32)>> = BinaryHeap::new();
    let mut top = 0u64;
    for &i in &order {
        let it = items[i as usize];
        while let Some(&Reverse((e, j))) = heap.peek() {
            if e >= it.start {
                break;
            }
            heap.pop();
            free.insert(off[j as usize], items[j as usize].size);
        }
        if it.size == 0 {
            continue;
        }
        let o = match free.take_best(it.size) {
            Some(o) => o,
            None => {
                // Grow the pool, reusing a free block that ends at the top.
                let tail = free
                    .by_off
                    .range(..top)
                    .next_back()
                    .filter(|(&o, &l)| o + l == top)
                    .map(|(&o, &l)| (o, l));
                match tail {
                    Some((o, l)) => {
                        free.remove(o, l);
                        top = o + it.size;
                        o
                    }
                    None => {
                        let o = top;
                        top += it.size;
                        o
                    }
                }
            }
        };
        off[i as usize] = o;
        heap.push(Reverse((it.end, i)));
    }
    off
}

fn skyline_by_size(items: &[Item]) -> Vec<u64> {
    let t = items.iter().map(|i| i.end as usize + 1).max().unwrap_or(1);
    let mut order: Vec<u32> = (0..items.len() as u32).collect();
    order.sort_by_key(|&i| {
        let it = items[i as usize];
        (Reverse(it.size), it.start)
    });
    let mut sky = SkyTree::new(t);
    let mut off = vec![0u64; items.len()];
    for &i in &order {
        let it = items[i as usize];
        if it.size == 0 {
            continue;
        }
        let o = sky.max(it.start as usize, it.end as usize);
        off[i as usize] = o;
        sky.raise(it.start as usize, it.end as usize, o + it.size);
    }
    off
}

/// Range "raise to at least v" and range max, iterative (no recursion depth issue).
struct SkyTree {
    size: usize,
    /// Max over the node's range, including raises applied at or below it.
    max: Vec<u64>,
    /// Raises applied to the whole node range (not pushed down).
    tag: Vec<u64>,
}

impl SkyTree {
    fn new(n: usize) -> SkyTree {
        let size = n.next_power_of_two();
        SkyTree {
            size,
            max: vec![0; 2 * size],
            tag: vec![0; 2 * size],
        }
    }

    fn raise(&mut self, a: usize, b: usize, v: u64) {
        let (mut l, mut r) = (a + self.size, b + self.size + 1);
        let (l0, r0) = (l, r - 1);
        while l < r {
            if l & 1 == 1 {
                self.max[l] = self.max[l].max(v);
                self.tag[l] = self.tag[l].max(v);
                l += 1;
            }
            if r & 1 == 1 {
                r -= 1;
                self.max[r] = self.max[r].max(v);
                self.tag[r] = self.tag[r].max(v);
            }
            l >>= 1;
            r >>= 1;
        }
        for mut x in [l0, r0] {
            x >>= 1;
            while x >= 1 {
                self.max[x] = self.max[x].max(self.max[2 * x].max(self.max[2 * x + 1]));
                x >>= 1;
            }
        }
    }

    fn max(&self, a: usize, b: usize) -> u64 {
        let mut res = 0u64;
        let (mut l, mut r) = (a + self.size, b + self.size + 1);
        let (l0, r0) = (l, r - 1);
        while l < r {
            if l & 1 == 1 {
                res = res.max(self.max[l]);
                l += 1;
            }
            if r & 1 == 1 {
                r -= 1;
                res = res.max(self.max[r]);
            }
            l >>= 1;
            r >>= 1;
        }
        // Raises tagged on ancestors of the boundary leaves cover them too.
        for mut x in [l0, r0] {
            x >>= 1;
            while x >= 1 {
                res = res.max(self.tag[x]);
                x >>= 1;
            }
        }
        res
    }
}

/// Whether two buffers live at the same time share bytes (for checkers).
pub fn overlaps(a: &Item, oa: u64, b: &Item, ob: u64) -> bool {
    let in_time = a.start <= b.end && b.start <= a.end;
    let in_space = a.size > 0 && b.size > 0 && oa < ob + b.size && ob < oa + a.size;
    in_time && in_space
}

/// Checks a placement with a sweep over program points (no pair enumeration beyond
/// live neighbours in offset order). Returns the first clash.
pub fn find_clash(items: &[Item], offsets: &[u64]) -> Option<(usize, usize)> {
    let mut order: Vec<usize> = (0..items.len()).filter(|&i| items[i].size > 0).collect();
    order.sort_by_key(|&i| items[i].start);
    // Live buffers by offset; a new one must not overlap its offset neighbours.
    let mut live: BTreeMap<u64, usize> = BTreeMap::new();
    let mut heap: BinaryHeap<Reverse<(u32, usize)>> = BinaryHeap::new();
    for i in order {
        let it = items[i];
        while let Some(&Reverse((e, j))) = heap.peek() {
            if e >= it.start {
                break;
            }
            heap.pop();
            live.remove(&offsets[j]);
        }
        let o = offsets[i];
        if let Some((_, &j)) = live.range(..=o).next_back() {
            if overlaps(&it, o, &items[j], offsets[j]) {
                return Some((j, i));
            }
        }
        if let Some((_, &j)) = live.range(o..).next() {
            if overlaps(&it, o, &items[j], offsets[j]) {
                return Some((j, i));
            }
        }
        live.insert(o, i);
        heap.push(Reverse((it.end, i)));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn it(start: u32, end: u32, size: u64) -> Item {
        Item { start, end, size }
    }

    #[test]
    fn chain_reuses_memory() {
        // a -> b -> c -> d: each lives through its consumer.
        let items = [it(0, 1, 64), it(1, 2, 64), it(2, 3, 64), it(3, 4, 64)];
        assert_eq!(lower_bound(&items), 128);
        let p = plan(&items, 128);
        assert_eq!(p.size, 128);
        assert_eq!(find_clash(&items, &p.offsets), None);
    }

    /// `n` buffers starting one per point, each live for up to `max_len` points.
    fn random(seed: u64, n: u32, max_len: u64) -> Vec<Item> {
        let mut s = seed;
        (0..n)
            .map(|k| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                it(k, k + (s % (max_len + 1)) as u32, 64 * (1 + s % 9))
            })
            .collect()
    }

    #[test]
    fn stops_at_the_lower_bound() {
        // Best-fit over time packs a chain exactly; nothing else runs.
        let items = [it(0, 1, 64), it(1, 2, 128), it(2, 3, 64), it(3, 4, 128)];
        let p = plan(&items, lower_bound(&items));
        assert_eq!((p.size, p.heuristic), (192, Heuristic::BestFitOverTime));
    }

    #[test]
    fn the_budget_bounds_graph_work() {
        assert_eq!(greedy_passes(100, 1_000), (1 << 21) / 2_100 - 1);
        // The bench's gpu:shared pool of 100k tensors: greedy-by-size and first fit.
        assert_eq!(greedy_passes(33_381, 625_641), 2);
        // Dense but within the edge limit: greedy-by-size still runs.
        assert_eq!(greedy_passes(100_000, 6_000_000), 1);
        assert_eq!(greedy_passes(2_000, 600_000), 0);
    }

    #[test]
    fn large_and_dense_pools_are_valid() {
        // Cut short after a few greedy passes; too dense for the graph.
        for (n, len, passes) in [(5_000, 60, 5), (2_000, 2_000, 0)] {
            let items = random(11, n, len);
            assert_eq!(greedy_passes(n as u64, count_interferences(&items)), passes);
            let lb = lower_bound(&items);
            let p = plan(&items, lb);
            assert_eq!(find_clash(&items, &p.offsets), None);
            assert!(p.size >= lb);
            assert!(p.size <= run(Heuristic::BestFitOverTime, &items, None).size);
        }
    }

    #[test]
    fn every_heuristic_is_valid() {
        let mut s = 7u64;
        let mut items = Vec::new();
        for k in 0..300u32 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let len = (s % 20) as u32;
            items.push(it(k, k + len, 64 * (1 + s % 9)));
        }
        let g = Interference::build(&items);
        assert_eq!(g.adj.len() as u64, 2 * count_interferences(&items));
        let lb = lower_bound(&items);
        for h in [
            Heuristic::GreedyBySize,
            Heuristic::GreedyBySizeFirstFit,
            Heuristic::GreedyByConflicts,
            Heuristic::GreedyByLifetime,
            Heuristic::GreedyByArea,
            Heuristic::GreedyByBreadth,
            Heuristic::GreedyPerturbed,
            Heuristic::BestFitOverTime,
            Heuristic::SkylineBySize,
        ] {
            let p = run(h, &items, Some(&g));
            assert_eq!(find_clash(&items, &p.offsets), None, "{}", h.name());
            assert!(p.size >= lb);
        }
    }
}
