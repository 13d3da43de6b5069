//! The analysis behind `sccp`: MLIR's sparse constant propagation run together
//! with its dead code analysis, to the same fixpoint.
//!
//! - A value is uninitialized (not reached yet), a constant (with the dialect of
//!   the op that produced it, the one that materialises it) or overdefined.
//! - Blocks are executable once reached: the entry blocks of the top op, of a
//!   function with an unknown or a live call site, of an `scf.if` region its
//!   condition can take, of any other op with regions; the blocks at the end of
//!   a live CFG edge. A live terminator with the branch interface makes live the
//!   edge to the successor its constant operands select, or to every successor
//!   when they select none, and none while any operand is still uninitialized;
//!   one without the interface makes every edge live.
//! - A non-entry block's arguments are the meet, over its live incoming edges,
//!   of the operands the branch forwards; an edge from a terminator without the
//!   interface (or one forwarding too few operands) makes them overdefined.
//! - A function's arguments are the meet of the operands of its live call sites,
//!   or overdefined when it may have call sites nobody sees (public, or named
//!   by anything but a call). A `func.call`'s results are the meet of the
//!   operands of the callee's returns in executable blocks (public callee or
//!   not); a call to a declaration, or to nothing known, is overdefined.
//! - `scf.if`'s results are the meet of the yields of its executable regions
//!   whose operands are all initialized; other ops with regions are overdefined.
//! - Other ops fold on the constants of their operands once all are initialized
//!   (overdefined ones passed as unknown); a failed fold is overdefined.

use std::collections::VecDeque;

use rustc_hash::{FxHashMap, FxHashSet};
use xir::branch::branch_op;
use xir::dialect::Traits;
use xir::ods::FoldResult;
use xir::rewrite::fold::{constant_value, dialect_of};
use xir::symbol::{lookup_symbol_ref, nearest_symbol_table, op_attr, visibility, Visibility};
use xir::{Attr, Block, Context, Ident, Ir, Op, Region, Value};

/// What the analysis knows of a value once it has been reached.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Lattice {
    /// A constant, and the dialect that materialises it.
    Const(Attr, Ident),
    Overdefined,
}

/// The op names the analysis treats specially.
struct Names {
    func: Ident,
    call: Ident,
    if_: Ident,
    yield_: Ident,
    true_: Attr,
    false_: Attr,
}

impl Names {
    fn new(ctx: &mut Context) -> Names {
        Names {
            func: ctx.ident("func.func"),
            call: ctx.ident("func.call"),
            if_: ctx.ident(xir_scf::ops::IF_NAME),
            yield_: ctx.ident(xir_scf::ops::YIELD_NAME),
            true_: ctx.bool_attr(true),
            false_: ctx.bool_attr(false),
        }
    }
}

/// What a call op calls.
#[derive(Copy, Clone)]
enum Callee {
    /// A `func.func` with a body inside the analysed op.
    Func(Op),
    /// Another symbol op: MLIR records the call site and never learns a return.
    Opaque,
    /// A declaration, an indirect call or an unresolvable name.
    Unknown,
}

#[derive(Default)]
struct CallSites {
    known: Vec<Op>,
    seen: FxHashSet<Op>,
    unknown: bool,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash)]
enum Item {
    Op(Op),
    Args(Block),
}

/// The fixpoint: the lattice of each value (by value index; absent:
/// uninitialized, as is everything in blocks never reached).
pub struct Solution {
    values: Vec<Option<Lattice>>,
}

impl Solution {
    pub fn get(&self, v: Value) -> Option<Lattice> {
        self.values.get(v.index()).copied().flatten()
    }
}

struct Solver<'a> {
    ctx: &'a mut Context,
    ir: &'a Ir,
    names: Names,
    top: Op,
    values: Vec<Option<Lattice>>,
    live: FxHashSet<Block>,
    /// Executable CFG edges (predecessor block, successor block).
    live_edges: FxHashSet<(Block, Block)>,
    /// Each block's (predecessor block, successor index) pairs, per region
    /// computed once (the IR does not change during the analysis).
    preds: FxHashMap<Block, Vec<(Block, usize)>>,
    preds_done: FxHashSet<Region>,
    callsites: FxHashMap<Op, CallSites>,
    callees: FxHashMap<Op, Callee>,
    /// Ops that folded to a value other than one of their operands: revisited
    /// when that value changes, as its users are.
    folded_to: FxHashMap<Value, Vec<Op>>,
    work: VecDeque<Item>,
    queued: FxHashSet<Item>,
}

/// Runs the analysis on everything nested in `top`.
pub fn solve(ctx: &mut Context, ir: &Ir, top: Op) -> Solution {
    let names = Names::new(ctx);
    let mut s = Solver {
        ctx,
        ir,
        names,
        top,
        values: vec![None; ir.num_values()],
        live: FxHashSet::default(),
        live_edges: FxHashSet::default(),
        preds: FxHashMap::default(),
        preds_done: FxHashSet::default(),
        callsites: FxHashMap::default(),
        callees: FxHashMap::default(),
        folded_to: FxHashMap::default(),
        work: VecDeque::new(),
        queued: FxHashSet::default(),
    };
    s.init_symbol_callables();
    for &r in ir.regions(top) {
        if let Some(b) = ir.entry_block(r) {
            s.mark_live(b);
            // Nothing is known of the top op's own arguments.
            s.overdefine(ir.block_args(b));
        }
    }
    while let Some(item) = s.work.pop_front() {
        s.queued.remove(&item);
        match item {
            Item::Op(op) => s.visit_op(op),
            Item::Args(b) => s.visit_args(b),
        }
    }
    Solution { values: s.values }
}

impl Solver<'_> {
    fn enqueue(&mut self, item: Item) {
        if self.queued.insert(item) {
            self.work.push_back(item);
        }
    }

    fn lattice(&self, v: Value) -> Option<Lattice> {
        self.values.get(v.index()).copied().flatten()
    }

    /// Joins `new` into the lattice of `v`; the users of `v` are revisited when
    /// it changed.
    fn join(&mut self, v: Value, new: Option<Lattice>) {
        let Some(new) = new else { return };
        let Some(slot) = self.values.get_mut(v.index()) else {
            return;
        };
        let next = match (*slot, new) {
            (None, n) => n,
            (Some(Lattice::Overdefined), _) => return,
            (Some(Lattice::Const(a, _)), Lattice::Const(b, _)) if a == b => return,
            _ => Lattice::Overdefined,
        };
        *slot = Some(next);
        let users: Vec<Op> = self.ir.uses(v).map(|u| self.ir.use_data(u).owner).collect();
        for u in users {
            self.enqueue(Item::Op(u));
        }
        if let Some(ops) = self.folded_to.get(&v) {
            for op in ops.clone() {
                self.enqueue(Item::Op(op));
            }
        }
    }

    fn overdefine(&mut self, values: &[Value]) {
        for &v in values {
            self.join(v, Some(Lattice::Overdefined));
        }
    }

    fn mark_live(&mut self, b: Block) {
        if !self.live.insert(b) {
            return;
        }
        self.enqueue(Item::Args(b));
        let ops: Vec<Op> = self.ir.block_ops(b).collect();
        for op in ops {
            self.enqueue(Item::Op(op));
        }
    }

    fn is_func(&self, op: Op) -> bool {
        self.ir.op(op).name == self.names.func
    }

    /// The body of a function that has one.
    fn func_body(&self, f: Op) -> Option<Region> {
        let &r = self.ir.regions(f).first()?;
        (!self.ir.region_is_empty(r)).then_some(r)
    }

    fn set_unknown_callsites(&mut self, f: Op) {
        let cs = self.callsites.entry(f).or_default();
        if !cs.unknown {
            cs.unknown = true;
            self.enqueue(Item::Op(f));
            if let Some(b) = self.func_body(f).and_then(|r| self.ir.entry_block(r)) {
                self.enqueue(Item::Args(b));
            }
        }
    }

    // ---- initialisation: functions whose call sites are not all known ----

    /// MLIR's `initializeSymbolCallables`: in each symbol table, public functions
    /// (and nested ones where not every use is visible) and functions some op
    /// other than a call names have call sites nobody sees.
    fn init_symbol_callables(&mut self) {
        let mut tables = Vec::new();
        // (op, all uses visible), walked as `walkSymbolTables`: tables after
        // the tables nested in them (the order does not matter here).
        // Uses of the top op's symbols are all visible only when nothing
        // encloses it (a nested module run on its own may be named outside).
        let top_visible = self.ir.parent_block(self.top).is_none();
        let mut stack = vec![(self.top, top_visible)];
        while let Some((op, visible)) = stack.pop() {
            let table = self.is_symbol_table(op);
            let visible = if table {
                visible
                    || !self.is_symbol(op)
                    || visibility(self.ctx, self.ir, op) == Visibility::Private
            } else {
                true
            };
            if table {
                tables.push((op, visible));
            }
            for &r in self.ir.regions(op) {
                for b in self.ir.region_blocks(r) {
                    stack.extend(self.ir.block_ops(b).map(|o| (o, visible)));
                }
            }
        }
        for (table, visible) in tables {
            self.init_table(table, visible);
        }
    }

    fn is_symbol_table(&self, op: Op) -> bool {
        self.ctx
            .op_traits(self.ir.op(op).name)
            .contains(Traits::SYMBOL_TABLE)
    }

    /// MLIR's `SymbolOpInterface`: a registered symbol op, or a module.
    fn is_symbol(&self, op: Op) -> bool {
        let name = self.ir.op(op).name;
        self.ctx.op_traits(name).contains(Traits::SYMBOL) || self.ctx.str(name) == "builtin.module"
    }

    fn init_table(&mut self, table: Op, all_uses_visible: bool) {
        let Some(&region) = self.ir.regions(table).first() else {
            return;
        };
        let Some(block) = self.ir.entry_block(region) else {
            return;
        };
        let mut found = false;
        let funcs: Vec<Op> = self
            .ir
            .block_ops(block)
            .filter(|&o| self.is_func(o) && self.func_body(o).is_some())
            .collect();
        for f in funcs {
            let vis = visibility(self.ctx, self.ir, f);
            if vis == Visibility::Public || (!all_uses_visible && vis == Visibility::Nested) {
                self.set_unknown_callsites(f);
            }
            found = true;
        }
        if !found {
            return;
        }
        match self.symbol_uses(region) {
            Some(refs) => {
                for r in refs {
                    let target = if self.is_symbol_table(self.top) {
                        lookup_symbol_ref(self.ctx, self.ir, self.top, r)
                    } else {
                        None
                    };
                    if let Some(f) = target {
                        self.set_unknown_callsites(f);
                    }
                }
            }
            None => {
                // Uses that can't be gathered: no function's call sites are known.
                let all: Vec<Op> = xir::walk::preorder(self.ir, self.top)
                    .into_iter()
                    .filter(|&o| self.is_func(o))
                    .collect();
                for f in all {
                    self.set_unknown_callsites(f);
                }
            }
        }
    }

    /// The symbol references held by ops other than calls in `region`, not
    /// looking into nested symbol tables; `None` where an unregistered op with
    /// one region might be a symbol table nobody can see into.
    fn symbol_uses(&self, region: Region) -> Option<Vec<Attr>> {
        let mut out = Vec::new();
        let mut regions = vec![region];
        while let Some(r) = regions.pop() {
            for b in self.ir.region_blocks(r) {
                for op in self.ir.block_ops(b) {
                    let d = self.ir.op(op);
                    let registered = self.ctx.registry.op_def(d.name).is_some();
                    if !registered && self.ir.regions(op).len() == 1 {
                        return None;
                    }
                    if !self.ctx.op_traits(d.name).contains(Traits::CALL_LIKE) {
                        if let Some(p) = d.properties {
                            crate::symbol_dce::symbol_refs(self.ctx, p, &mut out);
                        }
                        crate::symbol_dce::symbol_refs(self.ctx, d.attrs, &mut out);
                    }
                    if !self.is_symbol_table(op) {
                        regions.extend(self.ir.regions(op).iter().copied());
                    }
                }
            }
        }
        Some(out)
    }

    // ---- transfer functions ----

    fn visit_args(&mut self, b: Block) {
        if !self.live.contains(&b) || self.ir.block_args(b).is_empty() {
            return;
        }
        let args = self.ir.block_args(b).to_vec();
        let region = self.ir.block_parent(b);
        let is_entry = region.and_then(|r| self.ir.entry_block(r)) == Some(b);
        let parent = region.and_then(|r| self.ir.region_parent(r));
        if let (true, Some(p)) = (is_entry, parent) {
            if self.is_func(p) && self.func_body(p) == region {
                // Known call sites join their operands in as they are visited.
                if self.callsites.get(&p).is_some_and(|c| c.unknown) {
                    self.overdefine(&args);
                }
                return;
            }
        }
        if is_entry {
            // Region entries of other ops: nothing is known of the arguments.
            self.overdefine(&args);
            return;
        }
        let Some(region) = region else { return };
        self.compute_preds(region);
        let preds = self.preds.get(&b).cloned().unwrap_or_default();
        for (p, i) in preds {
            if !self.live_edges.contains(&(p, b)) {
                continue;
            }
            let Some(term) = self.ir.last_op(p) else {
                continue;
            };
            let Some(iface) = branch_op(self.ctx, self.ir, term) else {
                // A branch nobody describes: its operands can't be mapped.
                self.overdefine(&args);
                return;
            };
            let n = self.ir.num_operands(term);
            let forwarded: Vec<Value> = (iface.successor_operands)(self.ctx, self.ir, term, i)
                .filter(|&k| k < n)
                .map(|k| self.ir.operand(term, k))
                .collect();
            for (k, &a) in args.iter().enumerate() {
                match forwarded.get(k) {
                    Some(&v) => {
                        let l = self.lattice(v);
                        self.join(a, l);
                    }
                    // An argument the branch produces itself: unknown.
                    None => self.join(a, Some(Lattice::Overdefined)),
                }
            }
        }
    }

    /// The predecessors of every block of `region`, in block order and, per
    /// terminator, in successor order (a block named twice is listed twice).
    fn compute_preds(&mut self, region: Region) {
        if !self.preds_done.insert(region) {
            return;
        }
        for p in self.ir.region_blocks(region) {
            let Some(term) = self.ir.last_op(p) else {
                continue;
            };
            for (i, &s) in self.ir.successors(term).iter().enumerate() {
                self.preds.entry(s).or_default().push((p, i));
            }
        }
    }

    /// MLIR's `markEdgeLive`: the edge, and the block it leads to.
    fn mark_edge(&mut self, from: Block, to: Block) {
        if self.live_edges.insert((from, to)) {
            self.enqueue(Item::Args(to));
        }
        self.mark_live(to);
    }

    /// A live op with successors: the edges it can take. Every edge it can take
    /// is then re-met by its block, as the operands it forwards may have changed.
    fn visit_branch(&mut self, op: Op, block: Block) {
        let succs = self.ir.successors(op).to_vec();
        let mut taken = None;
        if let Some(iface) = branch_op(self.ctx, self.ir, op) {
            let mut consts = Vec::with_capacity(self.ir.num_operands(op));
            for v in self.ir.operands(op) {
                match self.lattice(v) {
                    // Not every operand reached yet: no edge is known live.
                    None => return,
                    Some(Lattice::Const(a, _)) => consts.push(Some(a)),
                    Some(Lattice::Overdefined) => consts.push(None),
                }
            }
            taken = (iface.taken_successor)(self.ctx, self.ir, op, &consts)
                .and_then(|i| succs.get(i).copied());
        }
        match taken {
            Some(s) => self.mark_edge(block, s),
            None => {
                for &s in &succs {
                    self.mark_edge(block, s);
                }
            }
        }
        for s in succs {
            if self.live_edges.contains(&(block, s)) {
                self.enqueue(Item::Args(s));
            }
        }
    }

    fn visit_op(&mut self, op: Op) {
        let ir = self.ir;
        let Some(block) = ir.parent_block(op) else {
            return;
        };
        if !self.live.contains(&block) {
            return;
        }
        let name = ir.op(op).name;
        if name == self.names.call {
            self.visit_call(op);
        } else if name == self.names.if_ {
            self.visit_if(op);
        } else if self.ctx.op_traits(name).contains(Traits::CALL_LIKE) {
            // `func.call_indirect`: the callee is not a symbol.
            self.overdefine(ir.results(op));
        } else if !ir.regions(op).is_empty() {
            if self.is_func(op) {
                let cs = self.callsites.get(&op);
                if cs.is_some_and(|c| c.unknown || !c.known.is_empty()) {
                    self.mark_entries_live(op);
                }
            } else {
                self.mark_entries_live(op);
            }
            self.overdefine(ir.results(op));
        } else if !ir.results(op).is_empty() {
            self.visit_fold(op);
        }
        // A returning terminator: its parent learns of it.
        if ir.successors(op).is_empty() && ir.last_op(block) == Some(op) {
            if let Some(p) = ir.parent_op(op) {
                if self.is_func(p) {
                    let calls = self
                        .callsites
                        .get(&p)
                        .map(|c| c.known.clone())
                        .unwrap_or_default();
                    for c in calls {
                        self.enqueue(Item::Op(c));
                    }
                } else if ir.op(p).name == self.names.if_ {
                    self.enqueue(Item::Op(p));
                }
            }
        }
        if !ir.successors(op).is_empty() {
            self.visit_branch(op, block);
        }
    }

    fn mark_entries_live(&mut self, op: Op) {
        for &r in self.ir.regions(op) {
            if let Some(b) = self.ir.entry_block(r) {
                self.mark_live(b);
            }
        }
    }

    fn callee(&mut self, call: Op) -> Callee {
        if let Some(&c) = self.callees.get(&call) {
            return c;
        }
        let c = self.resolve(call);
        self.callees.insert(call, c);
        c
    }

    fn resolve(&self, call: Op) -> Callee {
        let (ctx, ir) = (&*self.ctx, self.ir);
        let Some(sym) = op_attr(ctx, ir, call, "callee") else {
            return Callee::Unknown;
        };
        let Some(table) = ir
            .parent_op(call)
            .and_then(|p| nearest_symbol_table(ctx, ir, p))
        else {
            return Callee::Unknown;
        };
        let Some(target) = lookup_symbol_ref(ctx, ir, table, sym) else {
            return Callee::Unknown;
        };
        // Outside the analysed op, or the analysed op itself (a function
        // analysed on its own calling itself): external, as in mlir-opt.
        let inside = std::iter::successors(ir.parent_op(target), |&o| ir.parent_op(o))
            .any(|o| o == self.top);
        if !inside {
            return Callee::Unknown;
        }
        if self.is_func(target) {
            if self.func_body(target).is_some() {
                Callee::Func(target)
            } else {
                Callee::Unknown
            }
        } else if self.is_symbol(target) {
            Callee::Opaque
        } else {
            Callee::Unknown
        }
    }

    fn visit_call(&mut self, call: Op) {
        let ir = self.ir;
        let f = match self.callee(call) {
            Callee::Func(f) => f,
            Callee::Opaque => return,
            Callee::Unknown => {
                self.overdefine(ir.results(call));
                return;
            }
        };
        let Some(body) = self.func_body(f) else {
            return;
        };
        let entry = ir.entry_block(body);
        let cs = self.callsites.entry(f).or_default();
        if cs.seen.insert(call) {
            cs.known.push(call);
            if let Some(e) = entry {
                self.mark_live(e);
            }
        }
        let unknown = self.callsites.get(&f).is_some_and(|c| c.unknown);
        if let (false, Some(e)) = (unknown, entry) {
            let args = ir.block_args(e).to_vec();
            for (a, v) in args.into_iter().zip(ir.operands(call)) {
                let l = self.lattice(v);
                self.join(a, l);
            }
        }
        // Results: the meet of the returns reached so far.
        let results = ir.results(call).to_vec();
        if results.is_empty() {
            return;
        }
        for b in ir.region_blocks(body) {
            if !self.live.contains(&b) {
                continue;
            }
            let Some(term) = ir.last_op(b) else { continue };
            if !ir.successors(term).is_empty() {
                continue;
            }
            let t = ir.op(term).name;
            let traits = self.ctx.op_traits(t);
            let registered = self.ctx.registry.op_def(t).is_some();
            if traits.contains(Traits::RETURN_LIKE) {
                for (r, v) in results.iter().zip(ir.operands(term)) {
                    let l = self.lattice(v);
                    self.join(*r, l);
                }
            } else if traits.contains(Traits::TERMINATOR) || !registered {
                self.overdefine(&results);
            }
        }
    }

    /// The regions of `scf.if` its condition can take, and its results from
    /// their yields.
    fn visit_if(&mut self, op: Op) {
        let ir = self.ir;
        let regions = ir.regions(op).to_vec();
        let Some(cond) = ir.operands(op).next() else {
            return;
        };
        if let Some(c) = self.lattice(cond) {
            let taken = match c {
                Lattice::Const(a, _) => self.bool_value(a),
                Lattice::Overdefined => None,
            };
            for (i, &r) in regions.iter().enumerate() {
                let wanted = match taken {
                    None => true,
                    Some(t) => (i == 0) == t,
                };
                if wanted {
                    if let Some(b) = ir.entry_block(r) {
                        self.mark_live(b);
                    }
                }
            }
        }
        let results = ir.results(op).to_vec();
        if results.is_empty() {
            return;
        }
        for r in regions {
            let Some(b) = ir.entry_block(r) else { continue };
            if !self.live.contains(&b) {
                continue;
            }
            let Some(y) = ir.last_op(b) else { continue };
            if ir.op(y).name != self.names.yield_ {
                continue;
            }
            let operands: Vec<Value> = ir.operands(y).collect();
            if operands.iter().any(|&v| self.lattice(v).is_none()) {
                continue;
            }
            for (&res, v) in results.iter().zip(operands) {
                let l = self.lattice(v);
                self.join(res, l);
            }
        }
    }

    /// An `i1` integer attribute's value (MLIR's `BoolAttr`).
    fn bool_value(&self, a: Attr) -> Option<bool> {
        if a == self.names.true_ {
            Some(true)
        } else if a == self.names.false_ {
            Some(false)
        } else {
            None
        }
    }

    fn visit_fold(&mut self, op: Op) {
        let ir = self.ir;
        let mut consts: Vec<Option<Attr>> = Vec::with_capacity(ir.num_operands(op));
        for v in ir.operands(op) {
            match self.lattice(v) {
                None => return,
                Some(Lattice::Const(a, _)) => consts.push(Some(a)),
                Some(Lattice::Overdefined) => consts.push(None),
            }
        }
        let name = ir.op(op).name;
        let dialect = {
            let d = dialect_of(self.ctx, name).to_string();
            self.ctx.ident(&d)
        };
        let results = ir.results(op).to_vec();
        if let Some(c) = constant_value(self.ctx, ir, op) {
            self.join(results[0], Some(Lattice::Const(c, dialect)));
            return;
        }
        let fold = xir::ods::spec_of(self.ctx, name).and_then(|s| s.fold);
        let folded = fold.and_then(|f| f(self.ctx, ir, op, &consts));
        match folded {
            Some(rs) if rs.len() == results.len() => {
                for (&res, r) in results.iter().zip(rs) {
                    match r {
                        FoldResult::Attr(a) => self.join(res, Some(Lattice::Const(a, dialect))),
                        FoldResult::Value(v) => {
                            if !ir.operands(op).any(|o| o == v) {
                                let deps = self.folded_to.entry(v).or_default();
                                if !deps.contains(&op) {
                                    deps.push(op);
                                }
                            }
                            let l = self.lattice(v);
                            self.join(res, l);
                        }
                    }
                }
            }
            // No fold, or an in-place one: nothing is known.
            _ => self.overdefine(&results),
        }
    }
}
