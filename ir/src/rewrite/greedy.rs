//! The greedy driver (MLIR's `applyPatternsGreedily`): a worklist of ops, each
//! erased when trivially dead, else folded, else matched against the patterns;
//! every change re-queues the ops it touched. Iterates to a fixpoint or a limit.

use super::dead;
use super::fold::{self, OperationFolder};
use super::pattern::PatternSet;
use super::rewriter::{Listener, PatternRewriter};
use crate::context::Context;
use crate::entity::{Op, Region};
use crate::store::{Ir, ValueDef};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RegionSimplify {
    Disabled,
    Normal,
    Aggressive,
}

#[derive(Copy, Clone, Debug)]
pub struct GreedyConfig {
    /// Walks of the whole region; `-1`: no limit.
    pub max_iterations: i64,
    /// Pattern applications per walk; `-1`: no limit.
    pub max_num_rewrites: i64,
    /// Seed the worklist in pre-order (else post-order).
    pub top_down: bool,
    pub region_simplify: RegionSimplify,
    pub fold: bool,
    /// De-duplicate and hoist constants.
    pub cse_constants: bool,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig {
            max_iterations: 10,
            max_num_rewrites: -1,
            top_down: true,
            region_simplify: RegionSimplify::Normal,
            fold: true,
            cse_constants: true,
        }
    }
}

/// A LIFO worklist without duplicates; removed entries leave holes.
#[derive(Default)]
struct Worklist {
    list: Vec<Option<Op>>,
    /// Position in `list` by op index (`u32::MAX`: absent).
    pos: Vec<u32>,
}

impl Worklist {
    fn push(&mut self, op: Op) {
        let i = op.index();
        if self.pos.len() <= i {
            self.pos.resize(i + 1 + i / 4, u32::MAX);
        }
        if self.pos[i] != u32::MAX {
            return;
        }
        self.pos[i] = self.list.len() as u32;
        self.list.push(Some(op));
    }

    fn pop(&mut self) -> Option<Op> {
        while let Some(x) = self.list.pop() {
            if let Some(op) = x {
                self.pos[op.index()] = u32::MAX;
                return Some(op);
            }
        }
        None
    }

    fn remove(&mut self, op: Op) {
        if let Some(p) = self.pos.get_mut(op.index()) {
            if *p != u32::MAX {
                self.list[*p as usize] = None;
                *p = u32::MAX;
            }
        }
    }

    /// Reverses the order ops pop in (holes dropped).
    fn reverse(&mut self) {
        self.list.retain(|x| x.is_some());
        self.list.reverse();
        for (i, x) in self.list.iter().enumerate() {
            if let Some(op) = x {
                self.pos[op.index()] = i as u32;
            }
        }
    }

    fn clear(&mut self) {
        while self.pop().is_some() {}
    }
}

struct State {
    worklist: Worklist,
    /// Ops are queued only inside this region.
    scope: Region,
}

impl State {
    /// Queues `op` and its ancestors (op first) if it lies inside the scope region,
    /// as MLIR's `addToWorklist`.
    fn add(&mut self, ir: &Ir, op: Op) {
        let mut chain: smallvec::SmallVec<[Op; 4]> = smallvec::SmallVec::new();
        let mut cur = op;
        loop {
            chain.push(cur);
            let Some(r) = ir.parent_block(cur).and_then(|b| ir.block_parent(b)) else {
                return;
            };
            if r == self.scope {
                for &o in &chain {
                    self.worklist.push(o);
                }
                return;
            }
            match ir.region_parent(r) {
                Some(p) => cur = p,
                None => return,
            }
        }
    }
}

impl Listener for State {
    fn inserted(&mut self, ir: &Ir, op: Op) {
        self.add(ir, op);
    }
    fn modified(&mut self, ir: &Ir, op: Op) {
        self.add(ir, op);
    }
    fn erased(&mut self, ir: &Ir, op: Op) {
        // Defining ops of operands left with at most one other user may now fold
        // or be dead.
        for v in ir.operands(op) {
            let ValueDef::Result { op: def, .. } = ir.value(v).def else {
                continue;
            };
            let mut other = None;
            let mut many = false;
            for u in ir.uses(v) {
                let user = ir.use_data(u).owner;
                if user == op || Some(user) == other {
                    continue;
                }
                if other.is_none() {
                    other = Some(user);
                    continue;
                }
                many = true;
                break;
            }
            if !many {
                self.add(ir, def);
            }
        }
        self.worklist.remove(op);
    }
}

/// Applies `patterns` and folding to every region of `root`, each on its own.
/// Returns whether every region converged within the limits.
pub fn apply_patterns_greedily(
    ctx: &mut Context,
    ir: &mut Ir,
    root: Op,
    patterns: &PatternSet,
    config: &GreedyConfig,
) -> (bool, bool) {
    let mut converged = true;
    let mut any_change = false;
    for r in ir.regions(root).to_vec() {
        let (c, ch) = simplify_region(ctx, ir, r, patterns, config);
        converged &= c;
        any_change |= ch;
    }
    (converged, any_change)
}

/// MLIR's `simplifyRegions`: unreachable blocks, then liveness-based dead code
/// (ops and block arguments), then, when `merge_blocks` (the `aggressive`
/// level), identical blocks merged and arguments that always receive one value
/// dropped. Returns (MLIR's result, whether the IR changed at all): as MLIR,
/// the first ignores dead block arguments erased alone, so they do not cause
/// another iteration; the second keeps the pass from claiming to preserve
/// analyses.
pub fn simplify_regions(
    rw: &mut PatternRewriter<'_>,
    regions: &[Region],
    merge_blocks: bool,
) -> (bool, bool) {
    let unreachable = dead::erase_unreachable_blocks(rw, regions);
    let dce = super::region_dce::run_region_dce(rw, regions);
    let (mut merged, mut dropped) = (false, false);
    if merge_blocks {
        merged = super::block_merge::merge_identical_blocks(rw, regions);
        dropped = super::block_merge::drop_redundant_arguments(rw, regions);
    }
    let result = unreachable || dce.erased_ops || merged || dropped;
    (result, result || dce.modified)
}

/// Returns (converged, changed).
fn simplify_region(
    ctx: &mut Context,
    ir: &mut Ir,
    region: Region,
    patterns: &PatternSet,
    config: &GreedyConfig,
) -> (bool, bool) {
    let mut st = State {
        worklist: Worklist::default(),
        scope: region,
    };
    let mut iteration = 0i64;
    let mut any_change = false;
    loop {
        if config.max_iterations >= 0 && iteration >= config.max_iterations {
            return (false, any_change);
        }
        iteration += 1;
        st.worklist.clear();
        seed(ctx, ir, region, config, &mut st);
        let mut changed = {
            let mut rw = PatternRewriter::new(ctx, ir, &mut st);
            dead::erase_unreachable_blocks(&mut rw, &[region])
        };
        changed |= process(ctx, ir, patterns, config, &mut st);
        if config.region_simplify != RegionSimplify::Disabled {
            let mut rw = PatternRewriter::new(ctx, ir, &mut st);
            let merge = config.region_simplify == RegionSimplify::Aggressive;
            let (result, modified) = simplify_regions(&mut rw, &[region], merge);
            changed |= result;
            any_change |= modified;
        }
        any_change |= changed;
        if !changed {
            return (true, any_change);
        }
    }
}

/// Fills the worklist as MLIR does each iteration: a walk of the region (pre-order,
/// or post-order bottom-up) with a fresh [`OperationFolder`] that uniques and hoists
/// constants as they are met; a duplicate constant is replaced (its users queued
/// then) and, top-down, its regions are skipped. Top-down, the list is reversed so
/// ops pop in walk order.
fn seed(ctx: &mut Context, ir: &mut Ir, region: Region, config: &GreedyConfig, st: &mut State) {
    let mut folder = OperationFolder::default();
    // (op, regions already visited): the second entry drives the post-order.
    let mut stack: Vec<(Op, bool)> = Vec::new();
    let push_region = |ir: &Ir, r: Region, stack: &mut Vec<(Op, bool)>| {
        let start = stack.len();
        for b in ir.region_blocks(r) {
            stack.extend(ir.block_ops(b).map(|o| (o, false)));
        }
        stack[start..].reverse();
    };
    // A new known constant stays; a duplicate is replaced and erased (`false`).
    let mut keep = |ctx: &mut Context, ir: &mut Ir, st: &mut State, op: Op| -> bool {
        if !config.cse_constants {
            return true;
        }
        let Some(v) = fold::constant_value(ctx, ir, op) else {
            return true;
        };
        let mut rw = PatternRewriter::new(ctx, ir, st);
        folder.insert_known_constant(&mut rw, op, v)
    };
    push_region(ir, region, &mut stack);
    while let Some((op, expanded)) = stack.pop() {
        if ir.is_erased(op) {
            continue;
        }
        if config.top_down {
            if keep(ctx, ir, st, op) {
                st.add(ir, op);
                for &r in ir.regions(op).to_vec().iter().rev() {
                    push_region(ir, r, &mut stack);
                }
            }
        } else if expanded {
            if keep(ctx, ir, st, op) {
                st.add(ir, op);
            }
        } else {
            stack.push((op, true));
            for &r in ir.regions(op).to_vec().iter().rev() {
                push_region(ir, r, &mut stack);
            }
        }
    }
    if config.top_down {
        st.worklist.reverse();
    }
}

fn process(
    ctx: &mut Context,
    ir: &mut Ir,
    patterns: &PatternSet,
    config: &GreedyConfig,
    st: &mut State,
) -> bool {
    let mut changed = false;
    let mut rewrites = 0i64;
    while config.max_num_rewrites < 0 || rewrites < config.max_num_rewrites {
        let Some(op) = st.worklist.pop() else { break };
        if ir.is_erased(op) {
            continue;
        }
        let mut rw = PatternRewriter::new(ctx, ir, st);
        if dead::is_trivially_dead(rw.ctx, rw.ir, op) {
            rw.erase_op(op);
            changed = true;
            continue;
        }
        if config.fold && fold::try_fold_and_replace(&mut rw, op) {
            changed = true;
            continue;
        }
        let name = rw.ir.op(op).name;
        if !patterns.has_patterns_for(name) {
            continue;
        }
        for p in patterns.for_op(name) {
            rw.point = crate::builder::InsertPoint::Before(op);
            if p.match_and_rewrite(&mut rw, op) {
                changed = true;
                rewrites += 1;
                break;
            }
        }
    }
    changed
}
