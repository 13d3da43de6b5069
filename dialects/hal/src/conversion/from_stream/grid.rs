//! Dispatch grids: the workgroup counts of a `hal.command_buffer.dispatch`
//! by the rule of `crate::grid` (the runtime's too), from the shape of the
//! kernel's first result. Static dims give index constants
//! (`workgroup_count` itself); a dynamic dim is the dispatch's dim operand
//! (the kernel's trailing `index` arguments: its arguments' dims, then its
//! results', see graph → flow outlining), and the counts become
//! `arith.ceildivui`/`arith.muli` on those values computing the same.

use crate::grid::{workgroup_count, TILE_X};
use rustc_hash::FxHashMap;
use xir::printer::type_to_string;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{Attr, Context, DiagEngine, Diagnostic, Ir, Op, Type, Value};
use xir_arith::ops::{CEILDIVUI, MULI};

use super::convert::Conv;
use super::executables::err;
use xir::util::build::op_state;

/// The kernel of each dispatch entry point (`@exe::@export`): its inputs and
/// results.
pub type Kernels = FxHashMap<Attr, (Vec<Type>, Vec<Type>)>;

/// The kernels `dispatches` (stream async dispatches, before the flow
/// executables are converted) name; one that names none is reported.
/// Returns the kernels and how many errors.
pub fn kernels(
    ctx: &Context,
    ir: &Ir,
    dispatches: &[Op],
    diags: &mut DiagEngine,
) -> (Kernels, usize) {
    // Reads only: the module's symbols are indexed once (a lookup per
    // dispatch scanned the whole module: quadratic in its size).
    xir::symbol::with_symbol_cache(|| kernels_in(ctx, ir, dispatches, diags))
}

fn kernels_in(
    ctx: &Context,
    ir: &Ir,
    dispatches: &[Op],
    diags: &mut DiagEngine,
) -> (Kernels, usize) {
    let mut out = Kernels::default();
    let mut failed = 0;
    for &op in dispatches {
        let Some(entry) = op_attr(ctx, ir, op, "entry_point") else {
            continue;
        };
        if out.contains_key(&entry) {
            continue;
        }
        let found = xir_flow::verify::lookup_entry(ctx, ir, op, 1, xir_flow::ops::EXPORT.name)
            .and_then(|e| xir_flow::verify::export_function(ctx, ir, e))
            .and_then(|f| {
                xir_flow::verify::function_signature(ctx, ir, f)
                    .ok_or_else(|| "the kernel has no function type".to_string())
            });
        match found {
            Ok(sig) => {
                out.insert(entry, sig);
            }
            Err(m) => {
                diags.emit(err(ir.op(op).loc, m));
                failed += 1;
            }
        }
    }
    (out, failed)
}

/// The dims of a ranked tensor type (negative: dynamic).
fn shape_of(ctx: &Context, t: Type) -> Option<&[i64]> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => Some(shape),
        _ => None,
    }
}

fn dynamic(ctx: &Context, t: Type) -> usize {
    shape_of(ctx, t).map_or(0, |s| s.iter().filter(|&&d| d < 0).count())
}

/// A dim of the iteration space: known, or a value at run time.
#[derive(Clone, Copy)]
enum Dim {
    Static(u64),
    Dynamic(Value),
}

impl Conv<'_> {
    /// The workgroup counts (x, y, z) of async dispatch `op`, whose `index`
    /// operands are `consts`; arithmetic goes before `before`.
    pub(super) fn workgroups(
        &mut self,
        op: Op,
        consts: &[Value],
        before: Op,
    ) -> Result<[Value; 3], Diagnostic> {
        let loc = self.ir.op(op).loc;
        let entry = op_attr(self.ctx, self.ir, op, "entry_point");
        let Some((inputs, results)) = entry.and_then(|e| self.kernels.get(&e)) else {
            return Err(err(loc, "the dispatch's kernel is not known"));
        };
        let scalars = inputs
            .iter()
            .filter(|&&t| shape_of(self.ctx, t).is_none())
            .count();
        let result_dims: usize = results.iter().map(|&t| dynamic(self.ctx, t)).sum();
        if scalars != consts.len() || consts.len() < result_dims {
            return Err(err(
                loc,
                format!(
                    "the dispatch passes {} index operands, its kernel takes {scalars}",
                    consts.len()
                ),
            ));
        }
        let shape: Vec<i64> = match results.first() {
            None => Vec::new(),
            Some(&t) => shape_of(self.ctx, t)
                .ok_or_else(|| {
                    err(
                        loc,
                        format!(
                            "the kernel's first result '{}' is not a ranked tensor: no iteration space",
                            type_to_string(self.ctx, t)
                        ),
                    )
                })?
                .to_vec(),
        };
        // The first result's dims lead the results' trailing dims (the
        // count was checked above).
        let values = &consts[consts.len() - result_dims..];
        let mut next = 0;
        let dims: Vec<Dim> = shape
            .iter()
            .map(|&d| match u64::try_from(d) {
                Ok(n) => Dim::Static(n),
                Err(_) => {
                    next += 1;
                    Dim::Dynamic(values[next - 1])
                }
            })
            .collect();
        let overflow = || err(loc, "the workgroup count overflows the index range");
        if next == 0 {
            // Static: the rule itself.
            let stat: Vec<u64> = shape.iter().map(|&d| d.unsigned_abs()).collect();
            let [x, y, z] = workgroup_count(&stat).ok_or_else(overflow)?;
            return Ok([
                self.const_u64(x, loc)?,
                self.const_u64(y, loc)?,
                self.const_u64(z, loc)?,
            ]);
        }
        let n = dims.len();
        let x = match dims.last() {
            None => self.const_u64(1, loc)?,
            Some(Dim::Static(d)) => self.const_u64(d.div_ceil(TILE_X), loc)?,
            Some(&Dim::Dynamic(v)) => {
                let tile = self.const_u64(TILE_X, loc)?;
                self.arith(before, CEILDIVUI.name, v, tile, loc)
            }
        };
        let y = match n.checked_sub(2).map(|i| dims[i]) {
            None => self.const_u64(1, loc)?,
            Some(Dim::Static(d)) => self.const_u64(d, loc)?,
            Some(Dim::Dynamic(v)) => v,
        };
        // z: the static outer dims folded into one factor (0 if one is 0),
        // times each dynamic one.
        let outer = &dims[..n.saturating_sub(2)];
        let mut fixed = Some(1u64);
        let mut runtime = Vec::new();
        for d in outer {
            match *d {
                Dim::Static(k) => fixed = fixed.and_then(|f| f.checked_mul(k)),
                Dim::Dynamic(v) => runtime.push(v),
            }
        }
        let z = if outer.iter().any(|d| matches!(d, Dim::Static(0))) {
            self.const_u64(0, loc)?
        } else {
            let fixed = fixed.ok_or_else(overflow)?;
            let mut factors = runtime.into_iter();
            let mut acc = match (fixed, factors.next()) {
                (1, Some(v)) => v,
                (_, first) => {
                    let c = self.const_u64(fixed, loc)?;
                    match first {
                        Some(v) => self.arith(before, MULI.name, c, v, loc),
                        None => c,
                    }
                }
            };
            for v in factors {
                acc = self.arith(before, MULI.name, acc, v, loc);
            }
            acc
        };
        Ok([x, y, z])
    }

    fn const_u64(&mut self, n: u64, loc: Attr) -> Result<Value, Diagnostic> {
        let n = i64::try_from(n)
            .map_err(|_| err(loc, "the workgroup count overflows the index range"))?;
        Ok(self.constant(n, loc))
    }

    /// `name` (`arith.muli`, `arith.ceildivui`) of two index values, before
    /// `before`.
    fn arith(&mut self, before: Op, name: &str, a: Value, b: Value, loc: Attr) -> Value {
        let props = if name == MULI.name {
            let flags = (xir_arith::constraints::OVERFLOW_DEFAULT.value)(self.ctx);
            vec![("overflowFlags", flags)]
        } else {
            vec![]
        };
        let mut st = op_state(self.ctx, name, props, loc);
        st.operands = vec![a, b];
        st.result_types = vec![self.ctx.index_type()];
        let op = self.ir.create_op(st);
        self.ir.insert_op_before(before, op);
        self.ir.result(op, 0)
    }
}
