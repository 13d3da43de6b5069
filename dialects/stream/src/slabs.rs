//! The memory plan at the stream level. A planned async op keeps the pool and
//! offset of its results as `memory-plan` wrote them on the flow op
//! (`memory.pool = "gpu"`, `memory.offset = 64 : i64`; arrays with one entry
//! per result on multi-result ops, `""`/`-1` where a result is not planned).
//! Each function gets one slab per pool it plans: at entry, a
//! `stream.resource.alloca` of the pool's size (`memory.pools` on the function)
//! tagged `memory.pool`, awaited at once (planned ops write into it from the
//! start); before the return, its `stream.resource.dealloca`, which
//! scheduling makes wait on all of the function's work. Planned ops name
//! their slab by pool, not by operand: they keep the value semantics of async
//! ops, and stream → hal binds subspans of the slab.

use crate::ops::{ASYNC_DISPATCH, ASYNC_TRANSFER};
use crate::types::{resource_type, timepoint_type};
use rustc_hash::FxHashMap;
use xir::ods::access::operand_group;
use xir::{Attr, AttrKind, Context, Ir, Op, Value};

use xir::util::build::{int_of, op_state};

pub const POOL: &str = "memory.pool";
pub const OFFSET: &str = "memory.offset";
/// A result of a scaled pool: its size in units (its offset counts them too).
pub const UNITS: &str = "memory.units";
pub const ALLOCA: &str = "stream.resource.alloca";
pub const DEALLOCA: &str = "stream.resource.dealloca";

/// The pool (a string attribute) and byte offset of result `i` of `op`, if
/// it is planned.
pub fn result_plan(ctx: &Context, ir: &Ir, op: Op, i: usize) -> Option<(Attr, u64)> {
    let attrs = ir.op(op).attrs;
    let (pool, off) = (ctx.dict_get(attrs, POOL)?, ctx.dict_get(attrs, OFFSET)?);
    let (pool, off) = match (ctx.attr_kind(pool), ctx.attr_kind(off)) {
        (AttrKind::Array(p), AttrKind::Array(o)) => (*p.get(i)?, *o.get(i)?),
        (AttrKind::String { .. }, _) if i == 0 => (pool, off),
        _ => return None,
    };
    match ctx.attr_kind(pool) {
        AttrKind::String { value, .. } if !value.is_empty() => {}
        _ => return None,
    }
    let off = u64::try_from(int_of(ctx, off)?).ok()?;
    Some((pool, off))
}

/// The size in units of result `i` of `op`, planned in a scaled pool.
pub fn result_units(ctx: &Context, ir: &Ir, op: Op, i: usize) -> Option<u64> {
    let u = ctx.dict_get(ir.op(op).attrs, UNITS)?;
    let u = match ctx.attr_kind(u) {
        AttrKind::Array(v) => *v.get(i)?,
        _ if i == 0 => u,
        _ => return None,
    };
    u64::try_from(int_of(ctx, u)?).ok()
}

/// Whether any result of `op` is planned.
pub fn is_planned(ctx: &Context, ir: &Ir, op: Op) -> bool {
    ctx.dict_get(ir.op(op).attrs, POOL).is_some()
        && (0..ir.results(op).len()).any(|i| result_plan(ctx, ir, op, i).is_some())
}

/// A planned result: its index, pool, offset and byte size (when constant;
/// in a scaled pool offset and size count units).
#[derive(Clone, Copy, Debug)]
pub struct Planned {
    pub result: usize,
    pub pool: Attr,
    pub offset: u64,
    pub size: Value,
    pub bytes: Option<u64>,
}

/// The planned results of an async dispatch or transfer.
pub fn planned_results(ctx: &Context, ir: &Ir, op: Op) -> Vec<Planned> {
    let mut out = Vec::new();
    if !is_planned(ctx, ir, op) {
        return out;
    }
    let sizes = match ctx.str(ir.op(op).name) {
        n if n == ASYNC_TRANSFER.name && ir.num_operands(op) == 3 => vec![ir.operand(op, 2)],
        n if n == ASYNC_DISPATCH.name => {
            operand_group(ctx, ir, op, &ASYNC_DISPATCH, "result_sizes")
        }
        _ => return out,
    };
    for (result, &size) in sizes.iter().enumerate() {
        if let Some((pool, offset)) = result_plan(ctx, ir, op, result) {
            let bytes = match result_units(ctx, ir, op, result) {
                Some(u) => Some(u),
                None => const_index(ctx, ir, size),
            };
            out.push(Planned {
                result,
                pool,
                offset,
                size,
                bytes,
            });
        }
    }
    out
}

/// A function's slab: the alloca, its resource (after the entry await) and
/// its size when constant.
#[derive(Clone, Copy, Debug)]
pub struct Slab {
    pub alloca: Op,
    pub resource: Value,
    pub size: Value,
    pub bytes: Option<u64>,
}

/// The slabs of function `f` by pool: the tagged allocas of its entry block.
pub fn slabs(ctx: &Context, ir: &Ir, f: Op) -> FxHashMap<Attr, Slab> {
    let mut out = FxHashMap::default();
    let Some(entry) = ir.regions(f).first().and_then(|&r| ir.entry_block(r)) else {
        return out;
    };
    for op in ir.block_ops(entry) {
        if ctx.str(ir.op(op).name) != ALLOCA || ir.num_operands(op) != 1 {
            continue;
        }
        let Some(pool) = ctx.dict_get(ir.op(op).attrs, POOL) else {
            continue;
        };
        let size = ir.operand(op, 0);
        let r = ir.result(op, 0);
        // The entry await makes it ready; the dealloca reads that value.
        let resource = ir
            .uses(r)
            .map(|u| ir.use_data(u).owner)
            .find(|&o| ctx.str(ir.op(o).name) == "stream.timepoint.await")
            .map(|o| ir.result(o, 0))
            .unwrap_or(r);
        out.insert(
            pool,
            Slab {
                alloca: op,
                resource,
                size,
                bytes: const_index(ctx, ir, size),
            },
        );
    }
    out
}

/// The value of an `arith.constant` index.
pub fn const_index(ctx: &Context, ir: &Ir, v: Value) -> Option<u64> {
    let xir::ValueDef::Result { op, .. } = ir.value(v).def else {
        return None;
    };
    if !xir_arith::ops::CONSTANT.is(ctx, ir, op) {
        return None;
    }
    let a = xir::symbol::op_attr(ctx, ir, op, "value")?;
    u64::try_from(int_of(ctx, a)?).ok()
}

/// Whether a pool name is a scaled pool's (`gpu*0.1`: memory-plan's
/// scaled.rs), whose `memory.pools` entry counts units, not bytes.
pub fn is_scaled(name: &str) -> bool {
    name.contains('*')
}

/// The argument dims `(argument, dim)` a scaled pool's unit is made of.
pub fn scaled_factors(name: &str) -> Option<Vec<(usize, usize)>> {
    let mut parts = name.split('*');
    parts.next()?;
    let mut out = Vec::new();
    for p in parts {
        let (a, k) = p.split_once('.')?;
        out.push((a.parse().ok()?, k.parse().ok()?));
    }
    (!out.is_empty()).then_some(out)
}

/// The pool sizes of `f` (`memory.pools = {gpu = N : i64}`), in name order.
pub fn pool_sizes(ctx: &Context, ir: &Ir, f: Op) -> Vec<(String, i64)> {
    let Some(d) = ctx.dict_get(ir.op(f).attrs, "memory.pools") else {
        return Vec::new();
    };
    ctx.dict_entries(d)
        .iter()
        .filter_map(|&(k, v)| Some((ctx.str(k).to_string(), int_of(ctx, v)?)))
        .collect()
}

/// Makes the slabs of one function: for each pool of `memory.pools` that a
/// planned op uses (`used`: pool name attribute → the affinity it lives on),
/// an alloca and its await after the constants and sizes at the top of `block` (the
/// entry block), and a dealloca before `ret`. `size` makes a slab's size
/// from its pool's name and `memory.pools` entry, before the given op: an
/// index constant, or for a scaled pool (memory-plan's scaled.rs, whose
/// entry counts units) its arithmetic; `None` leaves the pool out.
pub fn create(
    ctx: &mut Context,
    ir: &mut Ir,
    f: Op,
    block: xir::Block,
    ret: Op,
    used: &FxHashMap<Attr, Attr>,
    mut size: impl FnMut(&mut Context, &mut Ir, &str, i64, Op) -> Option<Value>,
) {
    let loc = ir.op(f).loc;
    let transient = resource_type(ctx, "transient");
    let tp = timepoint_type(ctx);
    // After the constants and sizes at the top (interleaved when arguments
    // have dynamic shapes), so that the slab sizes dominate.
    let top = ir
        .block_ops(block)
        .find(|&o| {
            !xir_arith::ops::CONSTANT.is(ctx, ir, o) && !crate::ops::TENSOR_SIZEOF.is(ctx, ir, o)
        })
        .unwrap_or(ret);
    let mut slabs = Vec::new();
    for (name, n) in pool_sizes(ctx, ir, f) {
        let pool = ctx.string_attr(&name);
        let Some(&aff) = used.get(&pool) else {
            continue;
        };
        if let Some(v) = size(ctx, ir, &name, n, top) {
            slabs.push((pool, aff, v));
        }
    }
    // A size constant made earlier for an op further down (two slabs, or a
    // slab and a tensor, of one size share it) would not dominate the
    // alloca: constants are pure, so hoist such a one above `top`.
    let head: rustc_hash::FxHashSet<Op> = ir.block_ops(block).take_while(|&o| o != top).collect();
    for &(_, _, size) in &slabs {
        // A scaled slab's size is arithmetic made before `top` already.
        if const_index(ctx, ir, size).is_none() {
            continue;
        }
        if let xir::ValueDef::Result { op: def, .. } = ir.value(size).def {
            if !head.contains(&def) && def != top {
                ir.remove_op(def);
                ir.insert_op_before(top, def);
            }
        }
    }
    for (pool, aff, size) in slabs {
        let mut st = op_state(ctx, ALLOCA, vec![("affinity", aff)], loc);
        st.operands = vec![size];
        st.result_types = vec![transient, tp];
        let key = ctx.ident(POOL);
        st.attrs = ctx.dictionary(vec![(key, pool)]);
        let alloca = ir.create_op(st);
        ir.insert_op_before(top, alloca);
        let segs = xir::ods::access::segment_attr(ctx, &[1, 1, 1]);
        let mut st = op_state(
            ctx,
            "stream.timepoint.await",
            vec![("operandSegmentSizes", segs)],
            loc,
        );
        st.operands = vec![ir.result(alloca, 1), ir.result(alloca, 0), size];
        st.result_types = vec![transient];
        let ready = ir.create_op(st);
        ir.insert_op_before(top, ready);
        let mut st = op_state(ctx, DEALLOCA, vec![("affinity", aff)], loc);
        st.operands = vec![ir.result(ready, 0), size];
        st.result_types = vec![tp];
        let dealloca = ir.create_op(st);
        ir.insert_op_before(ret, dealloca);
    }
}
