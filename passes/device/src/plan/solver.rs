//! Union-find over placement variables (one per tensor value, per graph op, per
//! function result). Each class holds at most one pin; joining two classes pinned to
//! different placements is a conflict. The spanning forest of successful joins is
//! kept so that a conflict can show the chain of uses that connects its two pins;
//! each join is kept in data-flow order (producer side first), so that the chain
//! can be read from the pin that comes first in data flow to the later one.

use std::collections::VecDeque;
use xir::{Attr, Op};

pub type Var = u32;
pub type PinId = u32;

/// No pin on a root.
const NO_PIN: PinId = PinId::MAX;

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
    /// Chosen by the min-transfer optimizer for a class nothing pinned.
    Planned,
    /// For a class nothing pinned whose ops the default device cannot all run: the
    /// first declared device that runs them (`support::settle`).
    Runner,
    /// The only device that can run this op (its target's `ops`).
    Support(Op),
}

impl PinSource {
    /// The op that wrote the pin, for op-level pins.
    pub fn op(self) -> Option<Op> {
        match self {
            PinSource::Arg(..) | PinSource::Result(..) | PinSource::Planned | PinSource::Runner => {
                None
            }
            PinSource::OnDevice(o)
            | PinSource::TransferTo(o)
            | PinSource::TransferFrom(o)
            | PinSource::Host(o)
            | PinSource::OpAttr(o)
            | PinSource::Support(o) => Some(o),
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

/// One variable: its parent, and for a root its rank and pin, side by side so that
/// looking at a root touches one cache line.
#[derive(Copy, Clone)]
struct Node {
    parent: Var,
    /// The pin of a root (`NO_PIN`: none).
    pin: PinId,
    rank: u8,
}

pub struct Solver {
    nodes: Vec<Node>,
    pub pins: Vec<Pin>,
    /// Successful joins: (producer side, consumer side, the op that caused it).
    forest: Vec<(Var, Var, Op)>,
    /// Whether joins are recorded (only a plan that may report errors needs them).
    record: bool,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::with_capacity(0)
    }
}

impl Solver {
    /// A solver with room for `vars` variables and as many joins, so that the
    /// tables never regrow (regrowing copies and faults in pages again).
    pub fn with_capacity(vars: usize) -> Solver {
        Solver {
            nodes: Vec::with_capacity(vars),
            pins: Vec::new(),
            forest: Vec::with_capacity(vars),
            record: true,
        }
    }

    /// This solver emptied, with room for `vars` variables (keeps its memory).
    pub fn reset(mut self, vars: usize) -> Solver {
        self.nodes.clear();
        self.nodes.reserve(vars);
        self.pins.clear();
        self.forest.clear();
        self.forest.reserve(vars);
        self.record = true;
        self
    }

    /// Forgets the joins made so far and records no more: `joins` is then empty
    /// and `path` finds nothing.
    pub fn forget_joins(&mut self) {
        self.record = false;
        self.forest.clear();
    }

    pub fn new_var(&mut self) -> Var {
        let v = self.nodes.len() as Var;
        self.nodes.push(Node {
            parent: v,
            pin: NO_PIN,
            rank: 0,
        });
        v
    }

    fn root_pin(&self, root: Var) -> Option<PinId> {
        let p = self.nodes[root as usize].pin;
        (p != NO_PIN).then_some(p)
    }

    pub fn num_vars(&self) -> usize {
        self.nodes.len()
    }

    /// The class representative (path halving: iterative, near-constant amortized).
    pub fn find(&mut self, mut v: Var) -> Var {
        loop {
            let p = self.nodes[v as usize].parent;
            if p == v {
                return v;
            }
            let g = self.nodes[p as usize].parent;
            self.nodes[v as usize].parent = g;
            v = p;
        }
    }

    pub fn class_pin(&mut self, v: Var) -> Option<PinId> {
        let r = self.find(v);
        self.root_pin(r)
    }

    /// Pins `pin.var`'s class; on conflict returns the pin already there.
    pub fn add_pin(&mut self, pin: Pin) -> Result<(), PinId> {
        let r = self.find(pin.var);
        match self.root_pin(r) {
            Some(p) if self.pins[p as usize].key != pin.key => Err(p),
            Some(_) => Ok(()),
            None => {
                self.nodes[r as usize].pin = self.pins.len() as PinId;
                self.pins.push(pin);
                Ok(())
            }
        }
    }

    /// Two root pins that cannot meet: (pin of a, pin of b).
    fn clash(&self, ra: Var, rb: Var) -> Option<(PinId, PinId)> {
        match (self.root_pin(ra), self.root_pin(rb)) {
            (Some(pa), Some(pb)) if self.pins[pa as usize].key != self.pins[pb as usize].key => {
                Some((pa, pb))
            }
            _ => None,
        }
    }

    /// Whether joining `a` and `b` would meet two different pins: (pin of a, pin of b).
    pub fn conflict(&mut self, a: Var, b: Var) -> Option<(PinId, PinId)> {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return None;
        }
        self.clash(ra, rb)
    }

    /// Joins the classes of `a` and `b` (caller checked `conflict` first); data
    /// flows from `a` to `b` when `a_to_b` (see `try_union`).
    pub fn union(&mut self, a: Var, b: Var, why: Op, a_to_b: bool) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.link(a, b, ra, rb, why, a_to_b);
        }
    }

    /// `conflict`, then `union` where there is none, finding the roots once.
    /// `a_to_b`: data flows from `a` to `b` through `why` (a use: from the value to
    /// its user; a definition: from the op to its result), else from `b` to `a`;
    /// only the order of the recorded join depends on it.
    pub fn try_union(
        &mut self,
        a: Var,
        b: Var,
        why: Op,
        a_to_b: bool,
    ) -> Result<(), (PinId, PinId)> {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return Ok(());
        }
        if let Some(c) = self.clash(ra, rb) {
            return Err(c);
        }
        self.link(a, b, ra, rb, why, a_to_b);
        Ok(())
    }

    /// Joins roots `ra` (of `a`) and `rb` (of `b`); the class keeps `a`'s pin if any.
    fn link(&mut self, a: Var, b: Var, ra: Var, rb: Var, why: Op, a_to_b: bool) {
        if self.record {
            self.forest
                .push(if a_to_b { (a, b, why) } else { (b, a, why) });
        }
        let (na, nb) = (self.nodes[ra as usize], self.nodes[rb as usize]);
        let pin = if na.pin == NO_PIN { nb.pin } else { na.pin };
        let (hi, lo) = if na.rank >= nb.rank {
            (ra, rb)
        } else {
            (rb, ra)
        };
        if na.rank == nb.rank {
            self.nodes[hi as usize].rank += 1;
        }
        self.nodes[lo as usize].parent = hi;
        self.nodes[hi as usize].pin = pin;
    }

    /// The successful joins (producer side, consumer side, the op that caused it):
    /// the spanning forest.
    pub fn joins(&self) -> &[(Var, Var, Op)] {
        &self.forest
    }

    /// The joins on the forest path from `from` to `to` (both in one class), in
    /// order: each one's op, and whether the path follows the data flow there.
    /// Breadth-first over the forest: only run when reporting an error.
    pub fn path(&self, from: Var, to: Var) -> Vec<Step> {
        let n = self.nodes.len();
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
        let mut steps = Vec::new();
        let mut v = to;
        while let Some((p, e)) = prev[v as usize] {
            let (producer, _, op) = self.forest[e as usize];
            steps.push(Step {
                op,
                forward: producer == p,
            });
            v = p;
        }
        steps.reverse();
        steps
    }
}

/// One join along a chain between two pins: the op that caused it, and whether
/// the chain goes with the data flow there (from producer to consumer).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub op: Op,
    pub forward: bool,
}
