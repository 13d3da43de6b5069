//! Dominance: block dominator trees of SSA-CFG regions (Cooper–Harvey–Kennedy) and the
//! value-dominates-use query the verifier and transforms need.

use crate::context::Context;
use crate::diag::Diagnostic;
use crate::dialect::Traits;
use crate::entity::{Block, Op, Region, Value};
use crate::store::{Ir, ValueDef};

pub struct DominanceInfo {
    /// Position of each op in its block.
    op_pos: Vec<u32>,
    /// Immediate dominator of each block of an SSA region (the entry block points to itself).
    idom: Vec<Option<Block>>,
    reachable: Vec<bool>,
    /// Regions whose values obey SSA dominance (others are graph regions).
    ssa_region: Vec<bool>,
}

/// Whether a region follows SSA dominance. As in MLIR, only a single-block region can
/// be a graph region (of an unregistered op or one declaring graph regions): a region
/// with several blocks always follows dominance, whatever its op.
pub fn has_ssa_dominance(ctx: &Context, ir: &Ir, r: Region) -> bool {
    if ir.region_blocks(r).nth(1).is_some() {
        return true;
    }
    match ir.region_parent(r) {
        Some(op) => {
            let name = ir.op(op).name;
            ctx.registry.op_def(name).is_some()
                && !ctx.op_traits(name).contains(Traits::GRAPH_REGION)
        }
        None => true,
    }
}

impl DominanceInfo {
    /// Computes dominance for every region nested under `root`.
    pub fn new(ctx: &Context, ir: &Ir, root: Op) -> Self {
        let mut info = DominanceInfo {
            op_pos: vec![0; ir.num_ops()],
            idom: Vec::new(),
            reachable: Vec::new(),
            ssa_region: Vec::new(),
        };
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            for &r in ir.regions(op) {
                let ssa = has_ssa_dominance(ctx, ir, r);
                if info.ssa_region.len() <= r.index() {
                    info.ssa_region.resize(r.index() + 1, false);
                }
                info.ssa_region[r.index()] = ssa;
                for b in ir.region_blocks(r) {
                    for (i, child) in ir.block_ops(b).enumerate() {
                        info.op_pos[child.index()] = i as u32;
                        if !ir.regions(child).is_empty() {
                            stack.push(child);
                        }
                    }
                }
                if ssa {
                    info.compute_region(ir, r);
                }
            }
        }
        info
    }

    fn set_block(&mut self, b: Block, idom: Option<Block>, reachable: bool) {
        if self.idom.len() <= b.index() {
            self.idom.resize(b.index() + 1, None);
            // Blocks of graph regions are never computed: they count as reachable.
            self.reachable.resize(b.index() + 1, true);
        }
        self.idom[b.index()] = idom;
        self.reachable[b.index()] = reachable;
    }

    fn compute_region(&mut self, ir: &Ir, r: Region) {
        let Some(entry) = ir.entry_block(r) else {
            return;
        };
        let blocks: Vec<Block> = ir.region_blocks(r).collect();
        for &b in &blocks {
            self.set_block(b, None, false);
        }
        if blocks.len() == 1 {
            self.set_block(entry, Some(entry), true);
            return;
        }
        let succs = |b: Block| -> &[Block] {
            match ir.last_op(b) {
                Some(t) => ir.successors(t),
                None => &[],
            }
        };
        // Iterative DFS post-order from the entry.
        let mut postorder = Vec::with_capacity(blocks.len());
        let mut po_num = rustc_hash::FxHashMap::default();
        let mut visited = rustc_hash::FxHashSet::default();
        let mut dfs: Vec<(Block, usize)> = vec![(entry, 0)];
        visited.insert(entry);
        while let Some(&mut (b, ref mut i)) = dfs.last_mut() {
            let s = succs(b);
            if *i < s.len() {
                let n = s[*i];
                *i += 1;
                if visited.insert(n) {
                    dfs.push((n, 0));
                }
            } else {
                po_num.insert(b, postorder.len());
                postorder.push(b);
                dfs.pop();
            }
        }
        let mut preds: rustc_hash::FxHashMap<Block, Vec<Block>> = Default::default();
        for &b in &postorder {
            for &s in succs(b) {
                preds.entry(s).or_default().push(b);
            }
        }
        let mut idom: Vec<Option<usize>> = vec![None; postorder.len()];
        let entry_po = postorder.len() - 1;
        idom[entry_po] = Some(entry_po);
        let mut changed = true;
        while changed {
            changed = false;
            for (po, &b) in postorder.iter().enumerate().rev() {
                if po == entry_po {
                    continue;
                }
                let mut new: Option<usize> = None;
                for p in preds.get(&b).map(|v| v.as_slice()).unwrap_or(&[]) {
                    let Some(&pp) = po_num.get(p) else { continue };
                    if idom[pp].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => pp,
                        Some(mut x) => {
                            let mut y = pp;
                            while x != y {
                                while x < y {
                                    x = idom[x].unwrap();
                                }
                                while y < x {
                                    y = idom[y].unwrap();
                                }
                            }
                            x
                        }
                    });
                }
                if new.is_some() && idom[po] != new {
                    idom[po] = new;
                    changed = true;
                }
            }
        }
        for (po, &b) in postorder.iter().enumerate() {
            self.set_block(b, idom[po].map(|i| postorder[i]), true);
        }
    }

    /// The immediate dominator of a reachable block of an SSA region (the entry
    /// block: itself); `None` for graph regions and unreachable blocks.
    pub fn idom(&self, b: Block) -> Option<Block> {
        self.idom.get(b.index()).copied().flatten()
    }

    pub fn is_reachable(&self, b: Block) -> bool {
        self.reachable.get(b.index()).copied().unwrap_or(true)
    }

    fn is_ssa(&self, r: Region) -> bool {
        self.ssa_region.get(r.index()).copied().unwrap_or(false)
    }

    /// Whether block `a` dominates block `b` (same region). Unreachable blocks are
    /// dominated by everything.
    pub fn dominates_block(&self, a: Block, b: Block) -> bool {
        if !self.is_reachable(b) {
            return true;
        }
        let mut cur = b;
        loop {
            if cur == a {
                return true;
            }
            match self.idom[cur.index()] {
                Some(d) if d != cur => cur = d,
                _ => return false,
            }
        }
    }

    /// Whether `v` is visible and defined before `user` (MLIR's `properlyDominates`).
    pub fn properly_dominates(&self, ir: &Ir, v: Value, user: Op) -> bool {
        let (def_block, def_op) = match ir.value(v).def {
            ValueDef::Result { op, .. } => match ir.parent_block(op) {
                Some(b) => (b, Some(op)),
                None => return false,
            },
            ValueDef::BlockArg { block, .. } => (block, None),
            ValueDef::Placeholder => return false,
        };
        let def_region = ir.block_parent(def_block);
        // The ancestor of `user` in the def's region.
        let mut a = user;
        let a_block = loop {
            let Some(ab) = ir.parent_block(a) else {
                return false;
            };
            if ir.block_parent(ab) == def_region {
                break ab;
            }
            match ir.parent_op(a) {
                Some(p) => a = p,
                None => return false,
            }
        };
        let Some(region) = def_region else {
            return false;
        };
        if !self.is_ssa(region) {
            return true;
        }
        if def_op == Some(a) {
            return false;
        }
        if a_block == def_block {
            return match def_op {
                None => true,
                Some(d) => self.op_pos[d.index()] < self.op_pos[a.index()],
            };
        }
        self.dominates_block(def_block, a_block)
    }

    /// MLIR's "operand #N does not dominate this use" with its explanatory note.
    pub fn operand_error(&self, ctx: &Context, ir: &Ir, op: Op, i: usize) -> Diagnostic {
        let d = Diagnostic::error(
            ir.op(op).loc,
            format!("operand #{i} does not dominate this use"),
        );
        let v = ir.operand(op, i);
        let use_region = ir.parent_block(op).and_then(|b| ir.block_parent(b));
        #[derive(PartialEq)]
        enum Rel {
            Same,
            Parent,
            Child,
            Neither,
        }
        let relation = |def_region: Option<Region>| {
            if def_region == use_region {
                Rel::Same
            } else if is_proper_ancestor(ir, def_region, use_region) {
                Rel::Parent
            } else if is_proper_ancestor(ir, use_region, def_region) {
                Rel::Child
            } else {
                Rel::Neither
            }
        };
        match ir.value(v).def {
            ValueDef::Result { op: def, .. } => {
                let def_block = ir.parent_block(def);
                let what = if def_block == ir.parent_block(op) {
                    "op in the same block"
                } else {
                    match relation(def_block.and_then(|b| ir.block_parent(b))) {
                        Rel::Same => "op in the same region",
                        Rel::Parent => "op in a parent region",
                        Rel::Child => "op in a child region",
                        Rel::Neither => "op is neither in a parent nor in a child region",
                    }
                };
                d.with_note(ir.op(def).loc, format!("operand defined here ({what})"))
            }
            ValueDef::BlockArg { block, .. } => {
                let loc = ir
                    .block_parent_op(block)
                    .map(|p| ir.op(p).loc)
                    .unwrap_or(ctx.unknown_loc());
                let region = ir.block_parent(block);
                let index = region
                    .map(|r| ir.region_blocks(r).position(|b| b == block).unwrap_or(0))
                    .unwrap_or(0);
                let where_ = match relation(region) {
                    Rel::Same => "in the same region",
                    Rel::Parent => "in a parent region",
                    Rel::Child => "in a child region",
                    Rel::Neither => "neither in a parent nor in a child region",
                };
                d.with_note(
                    loc,
                    format!("operand defined as a block argument (block #{index} {where_})"),
                )
            }
            ValueDef::Placeholder => d,
        }
    }
}

fn is_proper_ancestor(ir: &Ir, anc: Option<Region>, r: Option<Region>) -> bool {
    let (Some(anc), Some(mut r)) = (anc, r) else {
        return false;
    };
    loop {
        let Some(op) = ir.region_parent(r) else {
            return false;
        };
        let Some(b) = ir.parent_block(op) else {
            return false;
        };
        let Some(pr) = ir.block_parent(b) else {
            return false;
        };
        if pr == anc {
            return true;
        }
        r = pr;
    }
}
