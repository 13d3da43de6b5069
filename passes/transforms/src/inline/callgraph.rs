//! The call graph the inliner walks, built as MLIR's `CallGraph` is: a node per
//! function with a body, an external-caller node with an edge to every
//! top-level function, an unknown-callee node for calls that resolve to no
//! body, call edges in call order and child edges to nested functions. The
//! edges are computed once; inlining does not update them (as in MLIR). The
//! SCCs come out in the order LLVM's `scc_iterator` gives them: callees first.

use rustc_hash::FxHashMap;
use xir::symbol::{lookup_symbol_ref, nearest_symbol_table, op_attr};
use xir::{AttrKind, Context, Ir, Op, Region};

/// The external-caller node.
pub const EXTERNAL: usize = 0;
/// The node of calls whose callee has no body (or cannot be resolved).
pub const UNKNOWN: usize = 1;

pub struct Node {
    /// The function (`None` for the two abstract nodes).
    pub op: Option<Op>,
    pub region: Option<Region>,
    /// (target, is a child edge), each pair once, in insertion order.
    pub edges: Vec<(usize, bool)>,
}

pub struct CallGraph {
    pub nodes: Vec<Node>,
    by_region: FxHashMap<Region, usize>,
}

/// The body of `op` if it is a callable with one (`func.func` with a block).
pub fn callable_region(ctx: &Context, ir: &Ir, op: Op) -> Option<Region> {
    if !xir_func::FUNC.is(ctx, ir, op) {
        return None;
    }
    let r = *ir.regions(op).first()?;
    ir.entry_block(r).map(|_| r)
}

/// Whether `op` is a call as MLIR's `CallOpInterface` sees it.
pub fn is_call(ctx: &Context, ir: &Ir, op: Op) -> bool {
    xir_func::CALL.is(ctx, ir, op) || xir_func::CALL_INDIRECT.is(ctx, ir, op)
}

impl CallGraph {
    pub fn new(ctx: &Context, ir: &Ir, root: Op) -> CallGraph {
        let abstract_node = || Node {
            op: None,
            region: None,
            edges: Vec::new(),
        };
        let mut cg = CallGraph {
            nodes: vec![abstract_node(), abstract_node()],
            by_region: FxHashMap::default(),
        };
        // Two walks, as MLIR: every callable first, so that calls to functions
        // defined later resolve.
        cg.walk(ctx, ir, root, false);
        cg.walk(ctx, ir, root, true);
        cg
    }

    fn add_edge(&mut self, from: usize, to: usize, child: bool) {
        let e = &mut self.nodes[from].edges;
        if !e.contains(&(to, child)) {
            e.push((to, child));
        }
    }

    fn walk(&mut self, ctx: &Context, ir: &Ir, root: Op, resolve_calls: bool) {
        // (op, the node it belongs to), in pre-order.
        let mut stack: Vec<(Op, Option<usize>)> = vec![(root, None)];
        while let Some((op, mut parent)) = stack.pop() {
            if is_call(ctx, ir, op) {
                if let (true, Some(p)) = (resolve_calls, parent) {
                    let t = self.resolve(ctx, ir, op);
                    self.add_edge(p, t, false);
                }
                continue;
            }
            if xir_func::FUNC.is(ctx, ir, op) {
                let Some(r) = callable_region(ctx, ir, op) else {
                    continue;
                };
                let n = match self.by_region.get(&r) {
                    Some(&n) => n,
                    None => {
                        let n = self.nodes.len();
                        self.nodes.push(Node {
                            op: Some(op),
                            region: Some(r),
                            edges: Vec::new(),
                        });
                        self.by_region.insert(r, n);
                        match parent {
                            Some(p) => self.add_edge(p, n, true),
                            None => self.add_edge(EXTERNAL, n, false),
                        }
                        n
                    }
                };
                parent = Some(n);
            }
            let start = stack.len();
            for &r in ir.regions(op) {
                for b in ir.region_blocks(r) {
                    stack.extend(ir.block_ops(b).map(|o| (o, parent)));
                }
            }
            stack[start..].reverse();
        }
    }

    /// The node whose callable region is `r`.
    pub fn lookup(&self, r: Region) -> Option<usize> {
        self.by_region.get(&r).copied()
    }

    /// The node a call resolves to now (MLIR's `resolveCallable`).
    pub fn resolve(&self, ctx: &Context, ir: &Ir, call: Op) -> usize {
        if !xir_func::CALL.is(ctx, ir, call) {
            return UNKNOWN;
        }
        let Some(sym) = op_attr(ctx, ir, call, "callee") else {
            return UNKNOWN;
        };
        if !matches!(ctx.attr_kind(sym), AttrKind::SymbolRef { .. }) {
            return UNKNOWN;
        }
        let table = ir
            .parent_op(call)
            .and_then(|p| nearest_symbol_table(ctx, ir, p));
        let Some(callee) = table.and_then(|t| lookup_symbol_ref(ctx, ir, t, sym)) else {
            return UNKNOWN;
        };
        callable_region(ctx, ir, callee)
            .and_then(|r| self.lookup(r))
            .unwrap_or(UNKNOWN)
    }

    pub fn is_external(&self, n: usize) -> bool {
        self.nodes[n].region.is_none()
    }

    pub fn has_children(&self, n: usize) -> bool {
        self.nodes[n].edges.iter().any(|e| e.1)
    }

    /// The SCCs in the order LLVM's `scc_iterator` visits them from the
    /// external node (post-order; within an SCC, the last node reached first).
    pub fn sccs(&self) -> Vec<Vec<usize>> {
        const DONE: usize = usize::MAX;
        let mut number: Vec<Option<usize>> = vec![None; self.nodes.len()];
        let mut next_num = 0usize;
        let mut scc_stack: Vec<usize> = Vec::new();
        // (node, next edge, lowest number reached)
        let mut visit: Vec<(usize, usize, usize)> = Vec::new();
        let mut out = Vec::new();
        let mut enter = |n: usize,
                         number: &mut Vec<Option<usize>>,
                         scc_stack: &mut Vec<usize>,
                         visit: &mut Vec<(usize, usize, usize)>| {
            next_num += 1;
            number[n] = Some(next_num);
            scc_stack.push(n);
            visit.push((n, 0, next_num));
        };
        enter(EXTERNAL, &mut number, &mut scc_stack, &mut visit);
        while let Some(&(n, _, _)) = visit.last() {
            // Visit the children of the node on top.
            let top = visit.len() - 1;
            let edges = &self.nodes[n].edges;
            if visit[top].1 < edges.len() {
                let child = edges[visit[top].1].0;
                visit[top].1 += 1;
                match number[child] {
                    None => enter(child, &mut number, &mut scc_stack, &mut visit),
                    Some(c) => {
                        if visit[top].2 > c {
                            visit[top].2 = c;
                        }
                    }
                }
                continue;
            }
            let (n, _, min) = visit.pop().unwrap_or((n, 0, 0));
            if let Some(parent) = visit.last_mut() {
                if parent.2 > min {
                    parent.2 = min;
                }
            }
            if Some(min) != number[n] {
                continue;
            }
            let mut scc = Vec::new();
            while let Some(m) = scc_stack.pop() {
                number[m] = Some(DONE);
                scc.push(m);
                if m == n {
                    break;
                }
            }
            out.push(scc);
        }
        out
    }
}
