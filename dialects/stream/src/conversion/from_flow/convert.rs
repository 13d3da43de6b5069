//! `convert-flow-to-stream`: tensors become sized resources. Function tensor
//! arguments/results become `!stream.resource<external>` (with their tensor
//! type as `stream.tensor`, plus one `index` per dynamic dimension, see
//! mod.rs), `flow.dispatch` becomes
//! `stream.async.dispatch` on its affinity over whole resources, with the
//! dispatch's argument then result dims after its arguments as `index`
//! operands (the kernel's trailing dim arguments), `flow.tensor.transfer`
//! becomes `stream.async.transfer`, `graph.dim` folds to the dimension's
//! value. A dispatch result's dims are the dispatch's
//! `result_dims` (its size a `stream.tensor.sizeof` of them before it), and
//! travel with it to later `graph.dim`s, calls, transfers and returns. Intermediates are transient; values returned are
//! external. Sizes: constants for static shapes, `stream.tensor.sizeof` else.
//!
//! `scf.if` (host control flow) is converted with its branches: each tensor
//! result becomes a resource followed by an `index` result for its byte size
//! (as IREE does: a resource's size travels with the ops that use it, and
//! `scf.yield` would otherwise lose it, e.g. for a yielded argument), then one
//! `index` per dynamic dimension (as at the function boundary); `scf.yield`
//! forwards the same. Ops reading a statically shaped result use the constant
//! size. A result and the values yielded for it share one
//! lifetime (external when any of them is returned or is a function
//! argument), so types match.
//!
//! `func.call` follows the function ABI (abi.rs): tensor operands pass as
//! their (external) resources and dynamic dims, tensor results come back the
//! same way, sized by constants or `stream.tensor.sizeof` after the call;
//! the call's `arg_attrs`/`res_attrs` hold each tensor's `stream.tensor`.
//! Declarations get the converted signature too.
//!
//! Planned dispatches and transfers keep `memory.pool`/`memory.offset`, and a
//! function with `memory.pools` gets its slabs (slabs.rs).

use crate::types::resource_type;
use rustc_hash::{FxHashMap, FxHashSet};
use xir::ods::access::segment_attr;
use xir::op_attrs::set_property;
use xir::pass::{Pass, PassContext};
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{
    Attr, AttrKind, Context, DiagEngine, Diagnostic, Ident, Ir, Op, OperationState, Type, Value,
};
use xir_scf::ops::{IF_NAME, YIELD_NAME};

use crate::abi;
use crate::slabs;
use xir::util::build::{index_const, int_of, op_state, tensor_shape};
use xir::util::bytes::static_bytes;
use xir::util::union_find::find;

/// Where a `stream.tensor.sizeof` goes.
#[derive(Clone, Copy)]
enum Place {
    After(Op),
    Before(Op),
}

/// A tensor as a resource: the resource, its byte size, its dynamic dims.
#[derive(Clone)]
struct Res {
    value: Value,
    size: Value,
    dims: Vec<Value>,
}

struct Conv<'a> {
    ctx: &'a mut Context,
    ir: &'a mut Ir,
    /// Where sizes and constants go (the first original op of the body).
    top: Op,
    consts: FxHashMap<i64, Value>,
    /// Sizes made at the top, by type, dims and affinity.
    top_sizes: FxHashMap<(Type, Vec<Value>, Option<Attr>), Value>,
    map: FxHashMap<Value, Res>,
    /// Each function's result affinities (by original result index).
    result_affinities: &'a Affinities,
    /// Pools that planned ops use (pool name → the affinity of the first).
    used_pools: FxHashMap<Attr, Attr>,
    /// Dim `k` of argument `a` (a position of its shape) → its value, for
    /// the slabs of scaled pools.
    arg_dims: FxHashMap<(usize, usize), Value>,
}

/// Function name → the `device.affinity` of each of its results.
pub type Affinities = FxHashMap<Ident, Vec<Option<Attr>>>;

fn err(loc: Attr, msg: String) -> Diagnostic {
    Diagnostic::error(loc, format!("flow-to-stream: {msg}"))
}

impl Conv<'_> {
    /// Carries the memory plan of flow op `op` over to `new` (slabs.rs) and
    /// notes the pools it uses, which live on `aff`.
    fn carry_plan(&mut self, op: Op, new: Op, aff: Option<Attr>) {
        let attrs = self.ir.op(op).attrs;
        let mut kept = Vec::new();
        for key in [slabs::POOL, slabs::OFFSET, slabs::UNITS] {
            if let Some(v) = self.ctx.dict_get(attrs, key) {
                kept.push((self.ctx.ident(key), v));
            }
        }
        if kept.is_empty() {
            return;
        }
        self.ir.op_mut(new).attrs = self.ctx.dictionary(kept);
        let Some(aff) = aff else { return };
        for i in 0..self.ir.results(op).len() {
            if let Some((pool, _)) = slabs::result_plan(self.ctx, self.ir, op, i) {
                self.used_pools.entry(pool).or_insert(aff);
            }
        }
    }

    fn constant(&mut self, n: i64, loc: Attr) -> Value {
        if let Some(&v) = self.consts.get(&n) {
            return v;
        }
        let v = index_const(self.ctx, self.ir, self.top, n, loc);
        self.consts.insert(n, v);
        v
    }

    /// The byte size of a tensor of type `t` with dynamic dims `dims`; a
    /// `stream.tensor.sizeof` goes at `after` (where the dims are defined),
    /// else at the top.
    fn size_of(
        &mut self,
        t: Type,
        dims: &[Value],
        aff: Option<Attr>,
        loc: Attr,
        after: Option<Place>,
    ) -> Value {
        if let Some(n) = static_bytes(self.ctx, t) {
            return self.constant(n, loc);
        }
        let key = (t, dims.to_vec(), aff);
        if let Some(&v) = self.top_sizes.get(&key) {
            return v;
        }
        let enc = self.ctx.intern_attr(AttrKind::Type(t));
        let mut props = vec![("encoding", enc)];
        if let Some(a) = aff {
            props.push(("affinity", a));
        }
        let mut st = op_state(self.ctx, "stream.tensor.sizeof", props, loc);
        st.operands = dims.to_vec();
        st.result_types = vec![self.ctx.index_type()];
        let op = self.ir.create_op(st);
        match after {
            Some(Place::After(a)) => self.ir.insert_op_after(a, op),
            Some(Place::Before(b)) => self.ir.insert_op_before(b, op),
            None => self.ir.insert_op_before(self.top, op),
        }
        let v = self.ir.result(op, 0);
        // Only those at the top dominate every later use.
        if after.is_none() {
            self.top_sizes.insert(key, v);
        }
        v
    }

    fn lookup(&self, v: Value, user: Op) -> Result<Res, Diagnostic> {
        self.map.get(&v).cloned().ok_or_else(|| {
            err(
                self.ir.op(user).loc,
                format!(
                    "operand of '{}' is a tensor not produced by a converted op",
                    self.ctx.str(self.ir.op(user).name)
                ),
            )
        })
    }

    fn dispatch(&mut self, op: Op, external: &FxHashSet<Value>) -> Result<Op, Diagnostic> {
        let loc = self.ir.op(op).loc;
        let c0 = self.constant(0, loc);
        let groups = match xir::ods::spec_of(self.ctx, self.ir.op(op).name) {
            Some(spec) => xir::ods::access::operand_ranges(self.ctx, self.ir, op, spec),
            None => Vec::new(),
        };
        let [arguments, argument_dims, result_dims] = &groups[..] else {
            return Err(err(
                loc,
                "flow.dispatch without operand segments".to_string(),
            ));
        };
        let all: Vec<Value> = self.ir.operands(op).collect();
        let mut result_dims = all[result_dims.clone()].iter().copied();
        // Kernel arguments keep their order; ranges go with the resources.
        let (mut args, mut sizes) = (vec![], vec![]);
        for &v in &all[arguments.clone()] {
            if tensor_shape(self.ctx, self.ir.value_type(v)).is_some() {
                let r = self.lookup(v, op)?;
                args.push(r.value);
                sizes.push(r.size);
            } else {
                args.push(v);
            }
        }
        // The kernel's trailing dim arguments (graph → flow outlining): the
        // arguments' dims, then the results' (`graph.dim`s already folded).
        args.extend_from_slice(&all[argument_dims.clone()]);
        args.extend_from_slice(&all[groups[2].clone()]);
        // Result sizes from their types and dims (a `stream.tensor.sizeof`
        // before the dispatch when dynamic); results keep their dims.
        let aff = op_attr(self.ctx, self.ir, op, "affinity");
        let (mut rtypes, mut rsizes, mut rdims) = (vec![], vec![], vec![]);
        for &r in self.ir.results(op).to_vec().iter() {
            let t = self.ir.value_type(r);
            let n =
                tensor_shape(self.ctx, t).map_or(0, |(s, _)| s.iter().filter(|&&d| d < 0).count());
            let dims: Vec<Value> = result_dims.by_ref().take(n).collect();
            if dims.len() != n {
                return Err(err(loc, "dispatch result without its dims".to_string()));
            }
            rtypes.push(resource_type(self.ctx, lifetime(external, r)));
            rsizes.push(self.size_of(t, &dims, aff, loc, Some(Place::Before(op))));
            rdims.push(dims);
        }
        let k = sizes.len();
        let segs = segment_attr(self.ctx, &[args.len(), k, k, k, k, rsizes.len()]);
        let entry = op_attr(self.ctx, self.ir, op, "entry_point")
            .ok_or_else(|| err(loc, "flow.dispatch without entry point".to_string()))?;
        let mut props = vec![("entry_point", entry), ("operandSegmentSizes", segs)];
        if let Some(a) = op_attr(self.ctx, self.ir, op, "affinity") {
            props.push(("affinity", a));
        }
        let mut st = op_state(self.ctx, "stream.async.dispatch", props, loc);
        // Whole resources: [0 to size for size].
        let mut operands = args;
        operands.extend(sizes.iter().copied());
        operands.extend(std::iter::repeat_n(c0, k));
        operands.extend(sizes.iter().copied());
        operands.extend(sizes);
        operands.extend(rsizes.iter().copied());
        st.operands = operands;
        st.result_types = rtypes;
        let new = self.ir.create_op(st);
        self.ir.insert_op_before(op, new);
        self.carry_plan(op, new, aff);
        for (i, (&r, dims)) in self.ir.results(op).to_vec().iter().zip(rdims).enumerate() {
            let value = self.ir.result(new, i);
            let res = Res {
                value,
                size: rsizes[i],
                dims,
            };
            self.map.insert(r, res);
        }
        Ok(new)
    }

    fn transfer(&mut self, op: Op, external: &FxHashSet<Value>) -> Result<Op, Diagnostic> {
        let loc = self.ir.op(op).loc;
        let src = self.lookup(self.ir.operand(op, 0), op)?;
        let r = self.ir.result(op, 0);
        let mut props = Vec::new();
        if let Some(a) = op_attr(self.ctx, self.ir, op, "source") {
            props.push(("source_affinity", a));
        }
        if let Some(a) = op_attr(self.ctx, self.ir, op, "target") {
            props.push(("result_affinity", a));
        }
        let mut st = op_state(self.ctx, "stream.async.transfer", props, loc);
        st.operands = vec![src.value, src.size, src.size];
        st.result_types = vec![resource_type(self.ctx, lifetime(external, r))];
        let new = self.ir.create_op(st);
        self.ir.insert_op_before(op, new);
        let aff = op_attr(self.ctx, self.ir, op, "target");
        self.carry_plan(op, new, aff);
        let value = self.ir.result(new, 0);
        self.map.insert(r, Res { value, ..src });
        Ok(new)
    }

    /// `graph.dim` of a converted tensor: its dynamic dim value or a constant.
    fn dim(&mut self, op: Op) -> Result<(), Diagnostic> {
        let loc = self.ir.op(op).loc;
        let t = self.ir.operand(op, 0);
        let src = self.lookup(t, op)?;
        let shape = tensor_shape(self.ctx, self.ir.value_type(t))
            .map(|(s, _)| s)
            .unwrap_or_default();
        let k = op_attr(self.ctx, self.ir, op, "index").and_then(|a| int_of(self.ctx, a));
        let Some(k) = k.filter(|&k| k >= 0 && (k as usize) < shape.len()) else {
            return Err(err(loc, "graph.dim index out of range".to_string()));
        };
        let v = if shape[k as usize] < 0 {
            let nth = shape[..k as usize].iter().filter(|&&d| d < 0).count();
            src.dims[nth]
        } else {
            self.constant(shape[k as usize], loc)
        };
        let r = self.ir.result(op, 0);
        self.ir.replace_all_uses(r, v);
        Ok(())
    }

    /// `graph.extract`: the host loads the element of the resource (awaited
    /// by the scheduler, schedule.rs) and casts it to `index`.
    fn extract(&mut self, op: Op) -> Result<(), Diagnostic> {
        let loc = self.ir.op(op).loc;
        let t = self.ir.operand(op, 0);
        let src = self.lookup(t, op)?;
        let Some((_, elem)) = tensor_shape(self.ctx, self.ir.value_type(t)) else {
            return Err(err(loc, "graph.extract of a non-tensor".to_string()));
        };
        let zero = self.constant(0, loc);
        let mut st = op_state(self.ctx, crate::ops::RESOURCE_LOAD.name, Vec::new(), loc);
        st.operands = vec![src.value, src.size, zero];
        st.result_types = vec![elem];
        let load = self.ir.create_op(st);
        self.ir.insert_op_before(op, load);
        let mut st = op_state(self.ctx, "arith.index_cast", Vec::new(), loc);
        st.operands = vec![self.ir.result(load, 0)];
        st.result_types = vec![self.ctx.index_type()];
        let cast = self.ir.create_op(st);
        self.ir.insert_op_before(op, cast);
        let (old, new) = (self.ir.result(op, 0), self.ir.result(cast, 0));
        self.ir.replace_all_uses(old, new);
        Ok(())
    }

    /// A new `scf.if` with converted results (see the module comment) that
    /// takes over the branches; returns it.
    fn if_op(&mut self, op: Op, external: &FxHashSet<Value>) -> Result<Op, Diagnostic> {
        let loc = self.ir.op(op).loc;
        let index = self.ctx.index_type();
        let old: Vec<Value> = self.ir.results(op).to_vec();
        let mut types = Vec::new();
        for &r in &old {
            let t = self.ir.value_type(r);
            match tensor_shape(self.ctx, t) {
                Some((shape, _)) => {
                    types.push(resource_type(self.ctx, lifetime(external, r)));
                    types.push(index);
                    types.extend(shape.iter().filter(|&&d| d < 0).map(|_| index));
                }
                None => types.push(t),
            }
        }
        let new = self.ir.create_op(OperationState {
            operands: self.ir.operands(op).collect(),
            result_types: types,
            attrs: self.ir.op(op).attrs,
            num_regions: 2,
            ..OperationState::new(self.ctx, IF_NAME, loc)
        });
        self.ir.insert_op_before(op, new);
        // Constants made later must dominate the branches.
        if self.top == op {
            self.top = new;
        }
        let (from, to) = (self.ir.regions(op).to_vec(), self.ir.regions(new).to_vec());
        for (&src, &dst) in from.iter().zip(&to) {
            self.ir.take_body(dst, src);
        }
        let mut k = 0;
        for &r in &old {
            let t = self.ir.value_type(r);
            let value = self.ir.result(new, k);
            k += 1;
            let Some((shape, _)) = tensor_shape(self.ctx, t) else {
                self.ir.replace_all_uses(r, value);
                continue;
            };
            // Static sizes stay constants for the ops that read the result.
            let size = match static_bytes(self.ctx, t) {
                Some(n) => self.constant(n, loc),
                None => self.ir.result(new, k),
            };
            k += 1;
            let ndims = shape.iter().filter(|&&d| d < 0).count();
            let dims = (k..k + ndims).map(|i| self.ir.result(new, i)).collect();
            k += ndims;
            self.map.insert(r, Res { value, size, dims });
        }
        Ok(new)
    }

    /// `func.call` by the function ABI (abi.rs); returns the new call.
    fn call(&mut self, op: Op) -> Result<Op, Diagnostic> {
        let loc = self.ir.op(op).loc;
        let mut operands = Vec::new();
        for (i, v) in self
            .ir
            .operands(op)
            .collect::<Vec<_>>()
            .into_iter()
            .enumerate()
        {
            let t = self.ir.value_type(v);
            abi::convert_type(self.ctx, t, &mut Vec::new())
                .map_err(|m| err(loc, format!("operand #{i} of 'func.call': {m}")))?;
            if tensor_shape(self.ctx, t).is_some() {
                let r = self.lookup(v, op)?;
                operands.push(r.value);
                operands.extend(r.dims);
            } else {
                operands.push(v);
            }
        }
        let old: Vec<Value> = self.ir.results(op).to_vec();
        let old_types: Vec<Type> = old.iter().map(|&r| self.ir.value_type(r)).collect();
        let types = abi::convert_types(self.ctx, &old_types)
            .map_err(|(i, m)| err(loc, format!("result #{i} of 'func.call': {m}")))?;
        let callee =
            op_attr(self.ctx, self.ir, op, "callee").and_then(|a| match self.ctx.attr_kind(a) {
                AttrKind::SymbolRef { root, .. } => Some(*root),
                _ => None,
            });
        let affs = callee
            .and_then(|c| self.result_affinities.get(&c))
            .cloned()
            .unwrap_or_default();
        let d = self.ir.op(op);
        let new = self.ir.create_op(OperationState {
            name: d.name,
            operands,
            result_types: types,
            properties: d.properties,
            attrs: d.attrs,
            num_regions: 0,
            successors: Vec::new(),
            loc,
        });
        self.ir.insert_op_before(op, new);
        // Each tensor's type, at the call site too (abi.rs).
        let in_types: Vec<Type> = self
            .ir
            .operands(op)
            .map(|v| self.ir.value_type(v))
            .collect();
        for (key, types) in [("arg_attrs", &in_types), ("res_attrs", &old_types)] {
            let list = dicts(self.ctx, self.ir, op, key, types.len());
            let a = abi::expand_attrs(self.ctx, types, &list);
            set_property(self.ctx, self.ir, new, key, None);
            abi::set_attrs(self.ctx, self.ir, new, key, a);
        }
        // Constants made later must dominate the call's results' users.
        if self.top == op {
            self.top = new;
        }
        let (mut k, mut after) = (0, new);
        for (i, &r) in old.iter().enumerate() {
            let t = old_types[i];
            let value = self.ir.result(new, k);
            let n = abi::arity(self.ctx, t);
            if tensor_shape(self.ctx, t).is_none() {
                self.ir.replace_all_uses(r, value);
                k += n;
                continue;
            }
            let dims: Vec<Value> = (k + 1..k + n).map(|j| self.ir.result(new, j)).collect();
            k += n;
            let aff = affs.get(i).copied().flatten();
            let size = self.size_of(t, &dims, aff, loc, Some(Place::After(after)));
            if let Some(s) = defining(self.ir, size).filter(|&s| self.ir.prev_op(s) == Some(after))
            {
                after = s;
            }
            self.map.insert(r, Res { value, size, dims });
        }
        Ok(new)
    }

    /// `scf.yield`: each tensor as its resource, size, dynamic dims.
    fn yield_op(&mut self, op: Op) -> Result<(), Diagnostic> {
        let mut outs = Vec::new();
        for v in self.ir.operands(op).collect::<Vec<_>>() {
            let t = self.ir.value_type(v);
            if tensor_shape(self.ctx, t).is_none() {
                outs.push(v);
                continue;
            }
            let r = self.lookup(v, op)?;
            outs.push(r.value);
            outs.push(r.size);
            outs.extend(r.dims);
        }
        self.ir.set_operands(op, &outs);
        Ok(())
    }
}

fn defining(ir: &Ir, v: Value) -> Option<Op> {
    match ir.value(v).def {
        xir::ValueDef::Result { op, .. } => Some(op),
        _ => None,
    }
}

fn lifetime(external: &FxHashSet<Value>, v: Value) -> &'static str {
    if external.contains(&v) {
        "external"
    } else {
        "transient"
    }
}

/// The tensors that must be external resources: `roots` (returned or passed
/// in) and every value tied to one through `scf.if` results and the values
/// yielded for them (union-find over those ties: one pass).
fn external_values(
    ctx: &Context,
    ir: &Ir,
    ops: &[Op],
    roots: impl IntoIterator<Item = Value>,
) -> FxHashSet<Value> {
    let mut id: FxHashMap<Value, usize> = FxHashMap::default();
    let mut parent: Vec<usize> = Vec::new();
    let mut key = |v: Value, parent: &mut Vec<usize>| {
        *id.entry(v).or_insert_with(|| {
            parent.push(parent.len());
            parent.len() - 1
        })
    };
    for &op in ops {
        if ctx.str(ir.op(op).name) != IF_NAME {
            continue;
        }
        let results = ir.results(op);
        for &region in ir.regions(op) {
            let Some(y) = ir.entry_block(region).and_then(|b| ir.last_op(b)) else {
                continue;
            };
            if ctx.str(ir.op(y).name) != YIELD_NAME {
                continue;
            }
            for (&r, v) in results.iter().zip(ir.operands(y)) {
                if tensor_shape(ctx, ir.value_type(v)).is_none() {
                    continue;
                }
                let (a, b) = (key(r, &mut parent), key(v, &mut parent));
                let (a, b) = (find(&mut parent, a), find(&mut parent, b));
                parent[a] = b;
            }
        }
    }
    let mut out: FxHashSet<Value> = FxHashSet::default();
    let mut ext_roots: FxHashSet<usize> = FxHashSet::default();
    for v in roots {
        out.insert(v);
        if let Some(&i) = id.get(&v) {
            ext_roots.insert(find(&mut parent, i));
        }
    }
    for (&v, &i) in &id {
        if ext_roots.contains(&find(&mut parent, i)) {
            out.insert(v);
        }
    }
    out
}

/// `array` attribute entries of a property, or `n` empty dictionaries.
fn dicts(ctx: &Context, ir: &Ir, f: Op, key: &str, n: usize) -> Vec<Attr> {
    match op_attr(ctx, ir, f, key).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(v)) if v.len() == n => v.clone(),
        _ => vec![ctx.empty_dict(); n],
    }
}

/// The inputs and results of `f`'s `function_type`.
fn signature(ctx: &Context, ir: &Ir, f: Op) -> Option<(Vec<Type>, Vec<Type>)> {
    let a = op_attr(ctx, ir, f, "function_type")?;
    let AttrKind::Type(t) = ctx.attr_kind(a) else {
        return None;
    };
    match ctx.type_kind(*t) {
        TypeKind::Function { inputs, results } => Some((inputs.clone(), results.clone())),
        _ => None,
    }
}

/// Checks that `f`'s signature has a stream form (abi.rs); for a declaration,
/// also converts it (a definition's is rebuilt from its body).
fn convert_signature(
    ctx: &mut Context,
    ir: &mut Ir,
    f: Op,
    declaration: bool,
) -> Result<(), Diagnostic> {
    let loc = ir.op(f).loc;
    let Some((inputs, results)) = signature(ctx, ir, f) else {
        return Ok(());
    };
    let name = xir::symbol::symbol_name(ctx, ir, f)
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .unwrap_or_default();
    let ins = abi::convert_types(ctx, &inputs)
        .map_err(|(i, m)| err(loc, format!("argument #{i} of @{name}: {m}")))?;
    let outs = abi::convert_types(ctx, &results)
        .map_err(|(i, m)| err(loc, format!("result #{i} of @{name}: {m}")))?;
    if !declaration {
        return Ok(());
    }
    for (key, types) in [("arg_attrs", &inputs), ("res_attrs", &results)] {
        let list = dicts(ctx, ir, f, key, types.len());
        let a = abi::expand_attrs(ctx, types, &list);
        abi::set_attrs(ctx, ir, f, key, a);
    }
    let fty = ctx.function_type(ins, outs);
    let fty = ctx.intern_attr(AttrKind::Type(fty));
    set_property(ctx, ir, f, "function_type", Some(fty));
    Ok(())
}

/// Converts one function body; errors leave the body partly converted.
fn convert_func(
    ctx: &mut Context,
    ir: &mut Ir,
    f: Op,
    result_affinities: &Affinities,
) -> Result<(), Diagnostic> {
    let floc = ir.op(f).loc;
    let Some(&region) = ir.regions(f).first() else {
        return Ok(());
    };
    let Some(old) = ir.entry_block(region) else {
        return convert_signature(ctx, ir, f, true);
    };
    convert_signature(ctx, ir, f, false)?;
    if ir.next_block(old).is_some() {
        return Err(err(
            floc,
            "functions with several blocks are not supported".to_string(),
        ));
    }
    let Some(ret) = ir.last_op(old) else {
        return Ok(());
    };
    let returned: Vec<Value> = ir.operands(ret).collect();
    let nargs = ir.block_args(old).len();
    let nres = returned.len();
    let arg_attrs = dicts(ctx, ir, f, "arg_attrs", nargs);
    let res_attrs = dicts(ctx, ir, f, "res_attrs", nres);
    let (new, (in_types, new_arg_attrs), tensor_args) =
        new_entry_block(ctx, ir, region, old, &arg_attrs);
    // Every op of the body, branches of scf.if included, in program order.
    let ops: Vec<Op> = xir::walk::preorder(ir, f).into_iter().skip(1).collect();
    // Calls pass and return external resources (the function ABI).
    let mut call_values = Vec::new();
    for &op in &ops {
        if xir_func::CALL.is(ctx, ir, op) {
            call_values.extend(ir.operands(op));
            call_values.extend(ir.results(op).iter().copied());
        }
    }
    let roots = returned
        .iter()
        .chain(tensor_args.iter().map(|t| &t.0))
        .chain(&call_values);
    let external_set = external_values(ctx, ir, &ops, roots.copied());

    let mut cv = Conv {
        ctx,
        ir,
        top: ops[0],
        consts: FxHashMap::default(),
        top_sizes: FxHashMap::default(),
        map: FxHashMap::default(),
        result_affinities,
        used_pools: FxHashMap::default(),
        arg_dims: FxHashMap::default(),
    };
    for (a, r, dims, attrs) in tensor_args {
        let t = cv.ir.value_type(a);
        if let (xir::ValueDef::BlockArg { index, .. }, Some((shape, _))) =
            (cv.ir.value(a).def, tensor_shape(cv.ctx, t))
        {
            let positions = shape.iter().enumerate().filter(|(_, &d)| d < 0);
            for ((k, _), &d) in positions.zip(&dims) {
                cv.arg_dims.insert((index as usize, k), d);
            }
        }
        let aff = cv.ctx.dict_get(attrs, "device.affinity");
        let size = cv.size_of(t, &dims, aff, floc, None);
        cv.map.insert(
            a,
            Res {
                value: r,
                size,
                dims,
            },
        );
    }
    let dead = cv.convert_ops(&ops, ret, &external_set)?;
    let (out_types, new_res_attrs) = cv.convert_return(ret, &returned, &res_attrs)?;
    for &op in dead.iter().rev() {
        cv.ir.erase_op(op);
    }
    cv.create_slabs(f, new, ret, floc);
    let (ctx, ir) = (cv.ctx, cv.ir);
    let fty = ctx.function_type(in_types, out_types);
    let fty = ctx.intern_attr(AttrKind::Type(fty));
    set_property(ctx, ir, f, "function_type", Some(fty));
    for (key, list) in [("arg_attrs", new_arg_attrs), ("res_attrs", new_res_attrs)] {
        let a = ctx.intern_attr(AttrKind::Array(list));
        abi::set_attrs(ctx, ir, f, key, a);
    }
    Ok(())
}

/// A tensor argument: the original value, its resource, its dynamic dims'
/// arguments and its attributes.
type TensorArg = (Value, Value, Vec<Value>, Attr);

/// Moves the body of `old` into a new entry block of `region` whose
/// arguments are the converted ones: a resource and its dynamic dims per
/// tensor (the function ABI). Returns the block, its argument types and
/// attributes, and the tensor arguments (still to be mapped).
fn new_entry_block(
    ctx: &mut Context,
    ir: &mut Ir,
    region: xir::Region,
    old: xir::Block,
    arg_attrs: &[Attr],
) -> (xir::Block, (Vec<Type>, Vec<Attr>), Vec<TensorArg>) {
    let index = ctx.index_type();
    let external = resource_type(ctx, "external");
    let empty = ctx.empty_dict();
    let new = ir.create_block();
    ir.append_block(region, new);
    let (mut in_types, mut new_arg_attrs) = (Vec::new(), Vec::new());
    let mut tensor_args = Vec::new();
    for (i, a) in ir.block_args(old).to_vec().into_iter().enumerate() {
        let t = ir.value_type(a);
        let loc = ir.value(a).loc;
        if let Some((shape, _)) = tensor_shape(ctx, t) {
            let r = ir.add_block_arg(new, external, loc);
            in_types.push(external);
            new_arg_attrs.push(abi::with_tensor(ctx, arg_attrs[i], t));
            let mut dims = Vec::new();
            for _ in shape.iter().filter(|&&d| d < 0) {
                dims.push(ir.add_block_arg(new, index, loc));
                in_types.push(index);
                new_arg_attrs.push(empty);
            }
            tensor_args.push((a, r, dims, arg_attrs[i]));
        } else {
            let n = ir.add_block_arg(new, t, loc);
            in_types.push(t);
            new_arg_attrs.push(arg_attrs[i]);
            ir.replace_all_uses(a, n);
        }
    }
    let top_ops: Vec<Op> = ir.block_ops(old).collect();
    for &op in &top_ops {
        ir.remove_op(op);
        ir.append_op(new, op);
    }
    ir.remove_block(old);
    (new, (in_types, new_arg_attrs), tensor_args)
}

impl Conv<'_> {
    /// Converts the ops of the body but the return `ret`; returns the flow
    /// ops replaced, to erase.
    fn convert_ops(
        &mut self,
        ops: &[Op],
        ret: Op,
        external_set: &FxHashSet<Value>,
    ) -> Result<Vec<Op>, Diagnostic> {
        let mut dead = Vec::new();
        for &op in ops {
            let name = self.ctx.str(self.ir.op(op).name).to_string();
            match name.as_str() {
                n if n == xir_flow::ops::DISPATCH.name => {
                    self.dispatch(op, external_set)?;
                    dead.push(op);
                }
                n if n == xir_flow::ops::TENSOR_TRANSFER.name => {
                    self.transfer(op, external_set)?;
                    dead.push(op);
                }
                IF_NAME => {
                    self.if_op(op, external_set)?;
                    dead.push(op);
                }
                YIELD_NAME => self.yield_op(op)?,
                n if n == xir_func::CALL.name => {
                    self.call(op)?;
                    dead.push(op);
                }
                n if n == xir_graph::ops::DIM.name => {
                    self.dim(op)?;
                    dead.push(op);
                }
                n if n == xir_graph::ops::EXTRACT.name => {
                    self.extract(op)?;
                    dead.push(op);
                }
                _ if op == ret => {}
                _ => {
                    let has_tensor = self
                        .ir
                        .operands(op)
                        .chain(self.ir.results(op).iter().copied())
                        .any(|v| tensor_shape(self.ctx, self.ir.value_type(v)).is_some());
                    if has_tensor || !self.ir.regions(op).is_empty() {
                        return Err(err(
                            self.ir.op(op).loc,
                            format!("'{name}' cannot be converted to the stream level"),
                        ));
                    }
                }
            }
        }
        Ok(dead)
    }

    /// The return: resources followed by their dynamic dims. Returns the
    /// result types and attributes.
    fn convert_return(
        &mut self,
        ret: Op,
        returned: &[Value],
        res_attrs: &[Attr],
    ) -> Result<(Vec<Type>, Vec<Attr>), Diagnostic> {
        let index = self.ctx.index_type();
        let empty = self.ctx.empty_dict();
        let (mut outs, mut out_types, mut new_res_attrs) = (Vec::new(), Vec::new(), Vec::new());
        for (i, &v) in returned.iter().enumerate() {
            let t = self.ir.value_type(v);
            if tensor_shape(self.ctx, t).is_some() {
                let r = self.lookup(v, ret)?;
                outs.push(r.value);
                out_types.push(self.ir.value_type(r.value));
                new_res_attrs.push(abi::with_tensor(self.ctx, res_attrs[i], t));
                for d in r.dims {
                    outs.push(d);
                    out_types.push(index);
                    new_res_attrs.push(empty);
                }
            } else {
                // Scalars may have been renamed (new block arguments, folded dims).
                let v = self.ir.operand(ret, i);
                outs.push(v);
                out_types.push(self.ir.value_type(v));
                new_res_attrs.push(res_attrs[i]);
            }
        }
        self.ir.set_operands(ret, &outs);
        Ok((out_types, new_res_attrs))
    }

    /// One slab per pool that planned ops use (slabs.rs), in block `new` of
    /// function `f`, before its return `ret`.
    fn create_slabs(&mut self, f: Op, new: xir::Block, ret: Op, floc: Attr) {
        if self.used_pools.is_empty() {
            return;
        }
        let (consts, top, used) = (&mut self.consts, self.top, &self.used_pools);
        // Constants go before the first original op (still in place).
        let anchor = if self.ir.is_erased(top) || self.ir.parent_block(top) != Some(new) {
            self.ir.first_op(new).unwrap_or(ret)
        } else {
            top
        };
        let arg_dims = &self.arg_dims;
        slabs::create(
            self.ctx,
            self.ir,
            f,
            new,
            ret,
            used,
            |ctx, ir, name, n, before| {
                if slabs::is_scaled(name) {
                    return scaled_slab_size(ctx, ir, arg_dims, name, n, before, floc);
                }
                Some(
                    *consts
                        .entry(n)
                        .or_insert_with(|| index_const(ctx, ir, anchor, n, floc)),
                )
            },
        );
    }
}

/// The bytes of a scaled pool's slab (memory-plan's scaled.rs): `units ·
/// align_up(P, 64)`, `P` the product of the argument dims its name lists;
/// placed before `before`. `None` when an argument dim is unknown.
fn scaled_slab_size(
    ctx: &mut Context,
    ir: &mut Ir,
    arg_dims: &FxHashMap<(usize, usize), Value>,
    name: &str,
    units: i64,
    before: Op,
    loc: Attr,
) -> Option<Value> {
    let factors = slabs::scaled_factors(name)?;
    let dims: Vec<Value> = factors
        .iter()
        .map(|f| arg_dims.get(f).copied())
        .collect::<Option<_>>()?;
    let index = ctx.index_type();
    let emit = |ctx: &mut Context, ir: &mut Ir, name: &str, a: Value, b: Value| {
        let mut st = op_state(ctx, name, Vec::new(), loc);
        st.operands = vec![a, b];
        st.result_types = vec![index];
        let op = ir.create_op(st);
        ir.insert_op_before(before, op);
        ir.result(op, 0)
    };
    let mut p = dims[0];
    for &d in &dims[1..] {
        p = emit(ctx, ir, "arith.muli", p, d);
    }
    let c63 = index_const(ctx, ir, before, 63, loc);
    let c64 = index_const(ctx, ir, before, 64, loc);
    let t = emit(ctx, ir, "arith.addi", p, c63);
    let t = emit(ctx, ir, "arith.divui", t, c64);
    let unit = emit(ctx, ir, "arith.muli", t, c64);
    let n = index_const(ctx, ir, before, units, loc);
    Some(emit(ctx, ir, "arith.muli", n, unit))
}

/// Converts every function directly in `module`; returns how many failed.
pub fn convert(ctx: &mut Context, ir: &mut Ir, module: Op, diags: &mut DiagEngine) -> usize {
    let funcs = xir::util::top::top_funcs(ctx, ir, module);
    // Result affinities before any signature changes (calls size their
    // dynamic results on the callee's devices).
    let mut affinities = Affinities::default();
    for &f in &funcs {
        let (Some(name), Some((_, results))) = (
            xir::symbol::symbol_name(ctx, ir, f).map(<[u8]>::to_vec),
            signature(ctx, ir, f),
        ) else {
            continue;
        };
        let list = dicts(ctx, ir, f, "res_attrs", results.len())
            .into_iter()
            .map(|d| ctx.dict_get(d, "device.affinity"))
            .collect();
        let name = ctx.ident(&String::from_utf8_lossy(&name));
        affinities.insert(name, list);
    }
    let mut failed = 0;
    for f in funcs {
        if let Err(d) = convert_func(ctx, ir, f, &affinities) {
            diags.emit(d);
            failed += 1;
        }
    }
    failed
}

#[derive(Default)]
pub struct ConvertFlowToStream;

impl ConvertFlowToStream {
    pub const ARGUMENT: &'static str = "convert-flow-to-stream";
    pub const SUMMARY: &'static str =
        "Convert flow tensors, dispatches and transfers to sized stream resources and async ops";
}

impl Pass for ConvertFlowToStream {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "ConvertFlowToStream"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        if convert(pc.ctx, pc.ir, module, pc.diags) > 0 {
            return Err(());
        }
        Ok(())
    }
}
