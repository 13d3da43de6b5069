//! Buffers of dynamic shape planned by scale (docs/architecture.md §4). A
//! flow-level dispatch result whose dynamic dims are products of the
//! function's argument dims (`graph.dim` of an entry argument, through the
//! result dims of earlier dispatches, `arith.muli`, and divisions that
//! cancel exactly) has `c · P` bytes: `c` known now, `P` the product of
//! those argument dims, known at entry. Buffers of one product `P` share a
//! scaled pool, named `pool*A.K*...` (argument `A`, dim `K`, sorted;
//! stream's `slabs.rs` reads it). Planned with sizes `c`, they keep their
//! places at any `P` (scaling preserves disjointness), so the stream level
//! makes the pool's slab `units · u` bytes with `u = align_up(P, 64)` and
//! puts a buffer at `offset · u`. IREE sizes its transient slabs at run time
//! too (`stream.resource.pack`); here the packing is done once, at compile
//! time.

use rustc_hash::FxHashMap;
use xir::store::ValueDef;
use xir::symbol::op_attr;
use xir::util::build::int_of;
use xir::util::bytes::{tensor_bytes, Bytes};
use xir::{Context, Ir, Op, Value};
use xir_flow::ops as flow;

/// Separates a pool's name from the factors of a scaled pool.
pub const SEP: char = '*';

/// The name of the scaled pool of `base` for `factors` (sorted).
pub fn name(base: &str, factors: &[(u32, u32)]) -> String {
    let mut s = base.to_string();
    for (a, k) in factors {
        s.push(SEP);
        s.push_str(&format!("{a}.{k}"));
    }
    s
}

/// Argument dims `(argument, dim)` and a constant: a dim's value, or a
/// buffer's factors and bytes per unit of their product.
pub type Product = (Vec<(u32, u32)>, u64);

/// Steps of the search for one dim; past it the buffer stays a run-time
/// allocation.
const DEPTH: usize = 32;

/// What each dim is, memoized per function.
pub struct Tracer<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
    /// The function's entry block arguments.
    args: Vec<Value>,
    seen: FxHashMap<Value, Option<Product>>,
}

impl<'a> Tracer<'a> {
    pub fn new(ctx: &'a Context, ir: &'a Ir, f: Op) -> Tracer<'a> {
        let args = ir
            .regions(f)
            .first()
            .and_then(|&r| ir.entry_block(r))
            .map(|b| ir.block_args(b).to_vec())
            .unwrap_or_default();
        Tracer {
            ctx,
            ir,
            args,
            seen: FxHashMap::default(),
        }
    }

    /// The scaled pool factors of result `r` of `op` (a `flow.dispatch`) and
    /// its bytes per unit of their product.
    pub fn buffer(&mut self, op: Op, r: usize) -> Option<Product> {
        let (ctx, ir) = (self.ctx, self.ir);
        if !flow::DISPATCH.is(ctx, ir, op) {
            return None;
        }
        let v = ir.result(op, r);
        let t = ir.value_type(v);
        let Bytes::Known(c) = tensor_bytes(ctx, t, Some(1)) else {
            return None;
        };
        let mut factors = Vec::new();
        let mut scale = c;
        for d in self.result_dims(op, r)? {
            let (f, m) = self.dim(d, 0)?;
            factors.extend(f);
            scale = scale.checked_mul(m)?;
        }
        factors.sort_unstable();
        (!factors.is_empty()).then_some((factors, scale))
    }

    /// The dynamic dims of result `r` of dispatch `op`, in order.
    fn result_dims(&self, op: Op, r: usize) -> Option<Vec<Value>> {
        let (ctx, ir) = (self.ctx, self.ir);
        let dims = xir::ods::access::operand_group(ctx, ir, op, &flow::DISPATCH, "result_dims");
        let before: usize = ir.results(op)[..r]
            .iter()
            .map(|&v| dynamic_count(ctx, ir.value_type(v)))
            .sum();
        let n = dynamic_count(ctx, ir.value_type(ir.result(op, r)));
        dims.get(before..before + n).map(<[Value]>::to_vec)
    }

    /// `v` as a product of argument dims and a constant.
    fn dim(&mut self, v: Value, depth: usize) -> Option<Product> {
        if let Some(s) = self.seen.get(&v) {
            return s.clone();
        }
        // Too deep here is not an answer for `v`: nothing is remembered.
        if depth > DEPTH {
            return None;
        }
        let s = self.dim_uncached(v, depth);
        self.seen.insert(v, s.clone());
        s
    }

    fn dim_uncached(&mut self, v: Value, depth: usize) -> Option<Product> {
        let (ctx, ir) = (self.ctx, self.ir);
        let ValueDef::Result { op, .. } = ir.value(v).def else {
            return None;
        };
        if xir_graph::ops::DIM.is(ctx, ir, op) {
            let x = ir.operand(op, 0);
            let k = op_attr(ctx, ir, op, "index").and_then(|a| int_of(ctx, a))?;
            let k = usize::try_from(k).ok()?;
            if let Some(a) = self.args.iter().position(|&a| a == x) {
                return Some((vec![(a as u32, k as u32)], 1));
            }
            // A dim of an earlier dispatch's result: the dim it was given.
            let ValueDef::Result { op: d, index } = ir.value(x).def else {
                return None;
            };
            if !flow::DISPATCH.is(ctx, ir, d) {
                return None;
            }
            let shape = match ctx.type_kind(ir.value_type(x)) {
                xir::types::TypeKind::RankedTensor { shape, .. } => shape.clone(),
                _ => return None,
            };
            if shape.get(k).is_none_or(|&s| s != xir::DYNAMIC) {
                return None;
            }
            let nth = shape[..k].iter().filter(|&&s| s == xir::DYNAMIC).count();
            let dims = self.result_dims(d, index as usize)?;
            return self.dim(*dims.get(nth)?, depth + 1);
        }
        if xir_arith::ops::MULI.is(ctx, ir, op) {
            let (a, b) = (ir.operand(op, 0), ir.operand(op, 1));
            let (mut fa, ma) = self.dim(a, depth + 1)?;
            let (fb, mb) = self.dim(b, depth + 1)?;
            fa.extend(fb);
            return Some((fa, ma.checked_mul(mb)?));
        }
        if xir_arith::ops::DIVUI.is(ctx, ir, op) || xir_arith::ops::DIVSI.is(ctx, ir, op) {
            // Exact when the divisor's dims are among the dividend's and its
            // constant divides (`b·s·512 / 512` of a reshape to `[-1, 512]`).
            let (a, b) = (ir.operand(op, 0), ir.operand(op, 1));
            let (mut fa, ma) = self.dim(a, depth + 1)?;
            let (fb, mb) = self.dim(b, depth + 1)?;
            if mb == 0 || ma % mb != 0 {
                return None;
            }
            for f in fb {
                let i = fa.iter().position(|&x| x == f)?;
                fa.swap_remove(i);
            }
            return Some((fa, ma / mb));
        }
        if xir_arith::ops::CONSTANT.is(ctx, ir, op) {
            let c = op_attr(ctx, ir, op, "value").and_then(|a| int_of(ctx, a))?;
            return Some((Vec::new(), u64::try_from(c).ok()?));
        }
        None
    }
}

fn dynamic_count(ctx: &Context, t: xir::Type) -> usize {
    match ctx.type_kind(t) {
        xir::types::TypeKind::RankedTensor { shape, .. } => {
            shape.iter().filter(|&&d| d == xir::DYNAMIC).count()
        }
        _ => 0,
    }
}
