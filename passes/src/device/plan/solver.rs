//! Union-find over placement variables (one per tensor value, per graph op, per
//! function result). Each class holds at most one pin; joining two classes pinned to
//! different placements is a conflict. The spanning forest of successful joins is
//! kept so that a conflict can show the chain of uses that connects its two pins.

use std::collections::VecDeque;
use xir::{Attr, Op};

pub type Var = u32;
pub type PinId = u32;

/// Where a pin comes from (for diagnostics).
#[derive(Copy, Clone, Debug)]
pub enum PinSource {
    /// `device.affinity` in a function's `arg_attrs` (function, index).
    Arg(Op, u32),
    /// `device.affinity` in a function's `res_attrs`.
    Result(Op, u32),
    /// `graph.on_device`.
    OnDevice(Op),
    /// The `to` side of `graph.transfer`.
    TransferTo(Op),
    /// The `from` side of `graph.transfer`.
    TransferFrom(Op),
    /// A host-only op on `device.host`.
    Host(Op),
    /// A `device.affinity` already on the op.
    OpAttr(Op),
}

impl PinSource {
    /// The op that wrote the pin, for op-level pins.
    pub fn op(self) -> Option<Op> {
        match self {
            PinSource::Arg(..) | PinSource::Result(..) => None,
            PinSource::OnDevice(o)
            | PinSource::TransferTo(o)
            | PinSource::TransferFrom(o)
            | PinSource::Host(o)
            | PinSource::OpAttr(o) => Some(o),
        }
    }
}

#[derive(Copy, Clone, Debug)]
pub struct Pin {
    /// The affinity written back (queues included).
    pub attr: Attr,
    /// What decides conflicts (device and memory scope).
    pub key: Attr,
    pub var: Var,
    pub source: PinSource,
}

#[derive(Default)]
pub struct Solver {
    parent: Vec<Var>,
    rank: Vec<u8>,
    /// The pin of each root.
    pin: Vec<Option<PinId>>,
    pub pins: Vec<Pin>,
    /// Successful joins: (a, b, the op that caused it).
    forest: Vec<(Var, Var, Op)>,
}

impl Solver {
    pub fn new_var(&mut self) -> Var {
        let v = self.parent.len() as Var;
        self.parent.push(v);
        self.rank.push(0);
        self.pin.push(None);
        v
    }

    pub fn num_vars(&self) -> usize {
        self.parent.len()
    }

    /// The class representative (path halving: iterative, near-constant amortized).
    pub fn find(&mut self, mut v: Var) -> Var {
        while self.parent[v as usize] != v {
            let p = self.parent[v as usize];
            self.parent[v as usize] = self.parent[p as usize];
            v = p;
        }
        v
    }

    pub fn class_pin(&mut self, v: Var) -> Option<PinId> {
        let r = self.find(v);
        self.pin[r as usize]
    }

    /// Pins `pin.var`'s class; on conflict returns the pin already there.
    pub fn add_pin(&mut self, pin: Pin) -> Result<(), PinId> {
        let r = self.find(pin.var);
        match self.pin[r as usize] {
            Some(p) if self.pins[p as usize].key != pin.key => Err(p),
            Some(_) => Ok(()),
            None => {
                self.pin[r as usize] = Some(self.pins.len() as PinId);
                self.pins.push(pin);
                Ok(())
            }
        }
    }

    /// Whether joining `a` and `b` would meet two different pins: (pin of a, pin of b).
    pub fn conflict(&mut self, a: Var, b: Var) -> Option<(PinId, PinId)> {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return None;
        }
        match (self.pin[ra as usize], self.pin[rb as usize]) {
            (Some(pa), Some(pb)) if self.pins[pa as usize].key != self.pins[pb as usize].key => {
                Some((pa, pb))
            }
            _ => None,
        }
    }

    /// Joins the classes of `a` and `b` (caller checked `conflict` first).
    pub fn union(&mut self, a: Var, b: Var, why: Op) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        self.forest.push((a, b, why));
        let pin = self.pin[ra as usize].or(self.pin[rb as usize]);
        let (hi, lo) = if self.rank[ra as usize] >= self.rank[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        if self.rank[hi as usize] == self.rank[lo as usize] {
            self.rank[hi as usize] += 1;
        }
        self.parent[lo as usize] = hi;
        self.pin[hi as usize] = pin;
    }

    /// The successful joins (a, b, the op that caused it): the spanning forest.
    pub fn joins(&self) -> &[(Var, Var, Op)] {
        &self.forest
    }

    /// The ops on the forest path from `from` to `to` (both in one class), in order.
    /// Breadth-first over the forest: only run when reporting an error.
    pub fn path(&self, from: Var, to: Var) -> Vec<Op> {
        let n = self.parent.len();
        let mut adj_start = vec![0u32; n + 1];
        for &(a, b, _) in &self.forest {
            adj_start[a as usize + 1] += 1;
            adj_start[b as usize + 1] += 1;
        }
        for i in 0..n {
            adj_start[i + 1] += adj_start[i];
        }
        let mut fill = adj_start.clone();
        let mut adj = vec![(0 as Var, 0u32); self.forest.len() * 2];
        for (i, &(a, b, _)) in self.forest.iter().enumerate() {
            adj[fill[a as usize] as usize] = (b, i as u32);
            fill[a as usize] += 1;
            adj[fill[b as usize] as usize] = (a, i as u32);
            fill[b as usize] += 1;
        }
        let mut prev: Vec<Option<(Var, u32)>> = vec![None; n];
        let mut seen = vec![false; n];
        let mut queue = VecDeque::from([from]);
        seen[from as usize] = true;
        while let Some(v) = queue.pop_front() {
            if v == to {
                break;
            }
            for &(w, e) in &adj[adj_start[v as usize] as usize..adj_start[v as usize + 1] as usize]
            {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    prev[w as usize] = Some((v, e));
                    queue.push_back(w);
                }
            }
        }
        let mut ops = Vec::new();
        let mut v = to;
        while let Some((p, e)) = prev[v as usize] {
            let op = self.forest[e as usize].2;
            if ops.last() != Some(&op) {
                ops.push(op);
            }
            v = p;
        }
        ops.reverse();
        ops
    }
}
