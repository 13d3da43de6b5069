//! The symbol use counts the inliner keeps for discardable functions (MLIR's
//! `CGUseList`): a private function with no uses left is dead, one with a
//! single use is inlined by moving its body. The counts are updated as MLIR
//! updates them (a function found dead keeps the uses it holds), so the
//! functions erased at the end are the ones MLIR erases.

use super::callgraph::CallGraph;
use crate::symbol_dce::symbol_uses_with_users;
use rustc_hash::{FxHashMap, FxHashSet};
use xir::dialect::Traits;
use xir::symbol::{lookup_symbol_ref, nearest_symbol_table, visibility, Visibility};
use xir::{Attr, Context, Ir, Op};

#[derive(Default)]
struct NodeUses {
    /// Nodes the function op itself references (counted once).
    top: FxHashSet<usize>,
    /// Nodes referenced from inside the function, with counts.
    inner: FxHashMap<usize, i64>,
}

#[derive(Default)]
pub struct UseList {
    discardable: FxHashMap<usize, i64>,
    uses: FxHashMap<usize, NodeUses>,
}

/// Calls `f(node, user)` for every symbol use in `op` (nested ops included,
/// nested symbol tables not) that names a function of the call graph.
fn referenced_nodes(ctx: &Context, ir: &Ir, cg: &CallGraph, op: Op, mut f: impl FnMut(usize, Op)) {
    let Ok(uses) = symbol_uses_with_users(ctx, ir, op) else {
        return;
    };
    let table = ir
        .parent_op(op)
        .and_then(|p| nearest_symbol_table(ctx, ir, p));
    let mut resolved: FxHashMap<Attr, Option<usize>> = FxHashMap::default();
    for (sym, user) in uses {
        let node = *resolved.entry(sym).or_insert_with(|| {
            let target = table.and_then(|t| lookup_symbol_ref(ctx, ir, t, sym))?;
            super::callgraph::callable_region(ctx, ir, target).and_then(|r| cg.lookup(r))
        });
        if let Some(n) = node {
            f(n, user);
        }
    }
}

impl UseList {
    pub fn new(ctx: &Context, ir: &Ir, cg: &CallGraph, root: Op) -> UseList {
        let mut ul = UseList::default();
        let mut always_live: FxHashSet<usize> = FxHashSet::default();
        // Every symbol table under the root: its private functions are
        // discardable; anything else in it keeps what it references alive.
        for t in xir::walk::preorder(ir, root) {
            if !ctx.op_traits(ir.op(t).name).contains(Traits::SYMBOL_TABLE) {
                continue;
            }
            let Some(&r) = ir.regions(t).first() else {
                continue;
            };
            for b in ir.region_blocks(r) {
                for op in ir.block_ops(b) {
                    let node =
                        super::callgraph::callable_region(ctx, ir, op).and_then(|r| cg.lookup(r));
                    if let Some(n) = node {
                        if visibility(ctx, ir, op) == Visibility::Private {
                            ul.discardable.insert(n, 0);
                        }
                        continue;
                    }
                    referenced_nodes(ctx, ir, cg, op, |n, _| {
                        always_live.insert(n);
                    });
                }
            }
        }
        for n in always_live {
            ul.discardable.remove(&n);
        }
        for n in 0..cg.nodes.len() {
            if !cg.is_external(n) {
                ul.recompute(ctx, ir, cg, n);
            }
        }
        ul
    }

    fn bump(&mut self, n: usize, by: i64) {
        *self.discardable.entry(n).or_insert(0) += by;
    }

    fn decrement(&mut self, u: &NodeUses) {
        for &n in &u.top {
            self.bump(n, -1);
        }
        for (&n, &c) in &u.inner {
            self.bump(n, -c);
        }
    }

    /// Recounts the uses held by `node` (after it changed).
    pub fn recompute(&mut self, ctx: &Context, ir: &Ir, cg: &CallGraph, node: usize) {
        let Some(op) = cg.nodes[node].op else {
            return;
        };
        let old = self.uses.remove(&node).unwrap_or_default();
        self.decrement(&old);
        let mut u = NodeUses::default();
        let mut seen: Vec<usize> = Vec::new();
        referenced_nodes(ctx, ir, cg, op, |n, user| {
            if !self.discardable.contains_key(&n) {
                return;
            }
            if user != op {
                *u.inner.entry(n).or_insert(0) += 1;
            } else if !u.top.insert(n) {
                return;
            }
            seen.push(n);
        });
        for n in seen {
            self.bump(n, 1);
        }
        self.uses.insert(node, u);
    }

    /// Drops the uses `call` (inside `user`) held, before it is erased.
    pub fn drop_call_uses(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        cg: &CallGraph,
        user: usize,
        call: Op,
    ) {
        let mut hit: Vec<usize> = Vec::new();
        referenced_nodes(ctx, ir, cg, call, |n, _| hit.push(n));
        for n in hit {
            let Some(c) = self.uses.get_mut(&user).and_then(|u| u.inner.get_mut(&n)) else {
                continue;
            };
            *c -= 1;
            self.bump(n, -1);
        }
    }

    /// After a copy of `callee` was inlined into `caller`: the caller now holds
    /// the uses the callee's body held.
    pub fn merge_after_inlining(&mut self, callee: usize, caller: usize) {
        let inner: Vec<(usize, i64)> = self
            .uses
            .get(&callee)
            .map(|u| u.inner.iter().map(|(&n, &c)| (n, c)).collect())
            .unwrap_or_default();
        for (n, c) in inner {
            *self
                .uses
                .entry(caller)
                .or_default()
                .inner
                .entry(n)
                .or_insert(0) += c;
            self.bump(n, c);
        }
    }

    /// Forgets `node` (and the functions nested in it, first) and the uses it
    /// held.
    pub fn erase_node(&mut self, cg: &CallGraph, node: usize) {
        for &(child, is_child) in &cg.nodes[node].edges {
            if is_child {
                self.erase_node(cg, child);
            }
        }
        if let Some(u) = self.uses.remove(&node) {
            self.decrement(&u);
        }
        self.discardable.remove(&node);
    }

    pub fn is_dead(&self, node: usize) -> bool {
        self.discardable.get(&node) == Some(&0)
    }

    pub fn has_one_use_and_discardable(&self, node: usize) -> bool {
        self.discardable.get(&node) == Some(&1)
    }
}
