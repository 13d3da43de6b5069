//! Dynamic dims of dispatch region results, computed outside the region from
//! the dims of its inputs (as IREE's dispatch regions carry `{%d}` on their
//! results): each kernel op's shape rule names, for a result dim, the operand
//! dim it equals; a chain of rules ends at a dim of a value defined outside
//! (a `graph.dim` before the region, folded at flow → stream) or at a static
//! size.
//!
//! Rules: elementwise ops keep their operand's dims; `graph.matmul` takes the
//! batch dims and `m` from the lhs, `n` from the rhs; `graph.transpose`
//! permutes; reductions keep the dims not reduced; `graph.broadcast` takes a
//! result dim from the input dim mapped to it (not a stretched 1);
//! `graph.concat` takes the dims off the axis from its first input; a reshape
//! keeps its single dynamic dim when the static rest has the same element
//! count. Anything else (a slice's dynamic size, a concat's dynamic axis, ...)
//! cannot be derived: an error at that op, naming the dim, when a region
//! result needs it.
//!
//! One forward pass over the region's ops in program order (no recursion).

use rustc_hash::FxHashMap;
use xir::printer::type_to_string;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{AttrKind, Context, Diagnostic, Ir, Op, OperationState, Value};

/// Where a dim's value comes from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DimSrc {
    Static(i64),
    /// Dim `k` of a value defined outside the region.
    Of(Value, usize),
}

/// A dim that no rule derives: the op and its result dim.
type Underivable = (Op, usize);

type Dims = Vec<Result<DimSrc, Underivable>>;

fn shape(ctx: &Context, v: Value, ir: &Ir) -> Vec<i64> {
    match ctx.type_kind(ir.value_type(v)) {
        TypeKind::RankedTensor { shape, .. } => shape.clone(),
        _ => Vec::new(),
    }
}

fn ints(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Vec<i64> {
    match op_attr(ctx, ir, op, key).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.iter().map(|&v| v as i64).collect(),
        Some(AttrKind::Integer { value, .. }) => i64::try_from(value).ok().into_iter().collect(),
        _ => Vec::new(),
    }
}

use xir_graph::ops::ELEMENTWISE;

/// The operand dim (operand index, dim) that result dim `i` of `op` equals.
fn rule(ctx: &Context, ir: &Ir, op: Op, i: usize) -> Option<(usize, usize)> {
    let name = ctx.str(ir.op(op).name);
    let in0 = ir.operands(op).next().map(|v| shape(ctx, v, ir))?;
    match name {
        n if ELEMENTWISE.contains(&n) => Some((0, i)),
        "graph.matmul" => {
            let r = in0.len();
            (i + 1 == r).then_some((1, i)).or(Some((0, i)))
        }
        "graph.transpose" => {
            let p = *ints(ctx, ir, op, "permutation").get(i)?;
            usize::try_from(p).ok().map(|p| (0, p))
        }
        "graph.reduce_sum" | "graph.reduce_max" => {
            let axes = ints(ctx, ir, op, "axes");
            let kept = (0..in0.len()).filter(|&d| !axes.contains(&(d as i64)));
            kept.clone().nth(i).map(|d| (0, d))
        }
        "graph.broadcast" => {
            let dims = ints(ctx, ir, op, "dimensions");
            let j = dims.iter().position(|&d| d == i as i64)?;
            (in0.get(j) != Some(&1)).then_some((0, j))
        }
        "graph.concat" => {
            let axis = *ints(ctx, ir, op, "axis").first()?;
            (axis != i as i64).then_some((0, i))
        }
        "graph.reshape" => {
            let out = ir.results(op).first().map(|&r| shape(ctx, r, ir))?;
            let dyn_in: Vec<usize> = (0..in0.len()).filter(|&d| in0[d] < 0).collect();
            let dyn_out = out.iter().filter(|&&d| d < 0).count();
            let rest = |s: &[i64]| s.iter().filter(|&&d| d >= 0).product::<i64>();
            (dyn_in.len() == 1 && dyn_out == 1 && rest(&in0) == rest(&out)).then(|| (0, dyn_in[0]))
        }
        _ => None,
    }
}

/// Dim sources of the values the region's ops define, in one forward pass.
pub struct Derivation {
    map: FxHashMap<Value, Dims>,
}

impl Derivation {
    /// `ops`: the region's ops in program order.
    pub fn new(ctx: &Context, ir: &Ir, ops: &[Op]) -> Self {
        let mut map: FxHashMap<Value, Dims> = FxHashMap::default();
        for &op in ops {
            for &r in ir.results(op) {
                let out = shape(ctx, r, ir);
                let mut dims = Dims::with_capacity(out.len());
                for (i, &d) in out.iter().enumerate() {
                    if d >= 0 {
                        dims.push(Ok(DimSrc::Static(d)));
                        continue;
                    }
                    let src = rule(ctx, ir, op, i).and_then(|(o, k)| {
                        let v = ir.operands(op).nth(o)?;
                        match map.get(&v) {
                            Some(ds) => ds.get(k).copied(),
                            None => match shape(ctx, v, ir).get(k) {
                                Some(&n) if n >= 0 => Some(Ok(DimSrc::Static(n))),
                                Some(_) => Some(Ok(DimSrc::Of(v, k))),
                                None => None,
                            },
                        }
                    });
                    dims.push(src.unwrap_or(Err((op, i))));
                }
                map.insert(r, dims);
            }
        }
        Derivation { map }
    }

    /// The sources of `v`'s dynamic dims, or the first dim no rule derives.
    pub fn dynamic_dims(
        &self,
        ctx: &Context,
        ir: &Ir,
        v: Value,
    ) -> Result<Vec<DimSrc>, Diagnostic> {
        let s = shape(ctx, v, ir);
        let mut out = Vec::new();
        for (k, &d) in s.iter().enumerate() {
            if d >= 0 {
                continue;
            }
            let src = match self.map.get(&v).and_then(|ds| ds.get(k)) {
                Some(&src) => src,
                None => Ok(DimSrc::Of(v, k)),
            };
            out.push(src.map_err(|(op, i)| underivable(ctx, ir, op, i))?);
        }
        Ok(out)
    }
}

fn underivable(ctx: &Context, ir: &Ir, op: Op, i: usize) -> Diagnostic {
    let name = ctx.str(ir.op(op).name);
    let ty = ir
        .results(op)
        .first()
        .map(|&r| type_to_string(ctx, ir.value_type(r)))
        .unwrap_or_default();
    Diagnostic::error(
        ir.op(op).loc,
        format!(
            "graph-to-flow: cannot derive dynamic dimension #{i} of the result of '{name}' ({ty}) from its operands; a dispatch region result needs its dims"
        ),
    )
}

/// Makes dim values before an op, sharing one per source.
#[derive(Default)]
pub struct DimValues {
    made: FxHashMap<DimSrc, Value>,
}

impl DimValues {
    /// Reuses the `graph.dim` ops right before `op` (those a previous step
    /// made for the same region).
    pub fn seeded_before(ctx: &Context, ir: &Ir, op: Op) -> Self {
        let mut made = FxHashMap::default();
        let mut cur = ir.prev_op(op);
        while let Some(o) = cur {
            if ctx.str(ir.op(o).name) != "graph.dim" {
                break;
            }
            let k = ints(ctx, ir, o, "index").first().copied();
            if let (Some(k), Some(v)) = (k, ir.operands(o).next()) {
                made.insert(DimSrc::Of(v, k as usize), ir.result(o, 0));
            }
            cur = ir.prev_op(o);
        }
        DimValues { made }
    }

    /// The value of `src`, made (`graph.dim` or `arith.constant`) before
    /// `before` on first use; later users must come after `before`.
    pub fn get(&mut self, ctx: &mut Context, ir: &mut Ir, src: DimSrc, before: Op) -> Value {
        if let Some(&v) = self.made.get(&src) {
            return v;
        }
        let loc = ir.op(before).loc;
        let index = ctx.index_type();
        let i64t = ctx.integer_type(64, xir::types::Signedness::Signless);
        let (name, operands, key, n) = match src {
            DimSrc::Static(n) => ("arith.constant", vec![], "value", n),
            DimSrc::Of(v, k) => ("graph.dim", vec![v], "index", k as i64),
        };
        let ty = if name == "graph.dim" { i64t } else { index };
        let attr = ctx.intern_attr(AttrKind::Integer {
            ty,
            value: n.into(),
        });
        let k = ctx.ident(key);
        let st = OperationState {
            operands,
            result_types: vec![index],
            properties: Some(ctx.dictionary(vec![(k, attr)])),
            ..OperationState::new(ctx, name, loc)
        };
        let op = ir.create_op(st);
        ir.insert_op_before(before, op);
        let v = ir.result(op, 0);
        self.made.insert(src, v);
        v
    }
}
