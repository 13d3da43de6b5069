//! `graph.attention`: scaled dot-product attention, the composite that
//! `graph-decompose{keep-windows}` forms from the ops an exporter writes for it
//! (`decompose/attention.rs`) so that a backend with an attention stage runs it as one
//! kernel; every other backend gets it decomposed again.
//!
//! | op | operands → results | properties |
//! | --- | --- | --- |
//! | `graph.attention` | query `[B…, Sq, D]`, key `[B…, Sk, D]`, value `[B…, Sk, Dv]`, mask (optional) → `[B…, Sq, Dv]` | `scale` (`f32`), `nan_to_zero` (unit, optional) |
//!
//! Semantics (ONNX's `Attention` and torch's `scaled_dot_product_attention`):
//! `s = scale · query · keyᵀ + mask`, `p = softmax(s)` along the last dim (a row of
//! `Sk = 0` gives zeros), `result = p · value`. The mask has the scores' rank, each dim
//! the scores' or 1 (broadcast). With `nan_to_zero`, an element of `p` that is NaN
//! (every score of its row `-inf`, as a fully masked row's are) counts as 0: torch's
//! exported `where(isnan(p), 0, p)`. Float element types, all operands of one.

use crate::composite::F32_ATTR;
use crate::ops::TENSOR;
use crate::shape::{self, dim_str};
use xir::dialect::Traits;
use xir::ods::constraints::UNIT_ATTR;
use xir::ods::verify::op_error;
use xir::ods::{AttrSpec, OpSpec, ValueSpec};
use xir::printer::type_to_string;
use xir::types::TypeKind;
use xir::{Context, Diagnostic, Ir, Op, Type, DYNAMIC};

pub static ATTENTION: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("query", TENSOR),
        ValueSpec::one("key", TENSOR),
        ValueSpec::one("value", TENSOR),
        ValueSpec::optional("mask", TENSOR),
    ],
    results: &[ValueSpec::one("result", TENSOR)],
    attrs: &[
        AttrSpec::required("scale", F32_ATTR),
        AttrSpec::optional("nan_to_zero", UNIT_ATTR),
    ],
    traits: Traits::PURE,
    verify: Some(verify_attention),
    format: Some(
        "$query `,` $key `,` $value (`,` $mask^)? `scale` `=` $scale attr-dict `:` functional-type(operands, results)",
    ),
    ..OpSpec::new("graph.attention")
};

fn tensor(ctx: &Context, t: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } => Some((shape.clone(), *element)),
        _ => None,
    }
}

fn shape_str(s: &[i64]) -> String {
    s.iter().map(|&d| dim_str(d)).collect::<Vec<_>>().join("x")
}

/// Two dims that may be the same size (either dynamic, or equal).
fn agree(a: i64, b: i64) -> bool {
    a == DYNAMIC || b == DYNAMIC || a == b
}

/// The result shape `[B…, Sq, Dv]` of query, key, value (and mask) shapes, or why
/// they do not fit together.
pub fn infer(q: &[i64], k: &[i64], v: &[i64], mask: Option<&[i64]>) -> Result<Vec<i64>, String> {
    let rank = q.len();
    if rank < 2 {
        return Err(format!("query must have rank 2 or more, got {rank}"));
    }
    for (what, s) in [("key", k), ("value", v)] {
        if s.len() != rank {
            return Err(format!("{what} has rank {}, the query {rank}", s.len()));
        }
    }
    let b = rank - 2;
    for (what, s) in [("key", k), ("value", v)] {
        if !(0..b).all(|i| agree(q[i], s[i])) {
            return Err(format!(
                "{what}'s batch dims {} differ from the query's {}",
                shape_str(&s[..b]),
                shape_str(&q[..b])
            ));
        }
    }
    if !(0..b).all(|i| agree(k[i], v[i])) {
        return Err(format!(
            "value's batch dims {} differ from the key's {}",
            shape_str(&v[..b]),
            shape_str(&k[..b])
        ));
    }
    if !agree(q[b + 1], k[b + 1]) {
        return Err(format!(
            "query and key have other feature sizes ({} and {})",
            dim_str(q[b + 1]),
            dim_str(k[b + 1])
        ));
    }
    if !agree(k[b], v[b]) {
        return Err(format!(
            "key and value have other sequence lengths ({} and {})",
            dim_str(k[b]),
            dim_str(v[b])
        ));
    }
    // Each dim from every operand that has it: a static size wins over a dynamic one.
    let pick = |xs: &[i64]| {
        xs.iter()
            .copied()
            .find(|&d| d != DYNAMIC)
            .unwrap_or(DYNAMIC)
    };
    let batch: Vec<i64> = (0..b).map(|i| pick(&[q[i], k[i], v[i]])).collect();
    let sk = pick(&[k[b], v[b]]);
    if let Some(m) = mask {
        let mut scores = batch.clone();
        scores.extend([q[b], sk]);
        let fits = m.len() == rank
            && m.iter()
                .zip(&scores)
                .all(|(&md, &sd)| md == 1 || agree(md, sd));
        if !fits {
            return Err(format!(
                "mask shape {} does not broadcast to the scores' {} (each dim the scores' or 1)",
                shape_str(m),
                shape_str(&scores)
            ));
        }
    }
    let mut out = batch;
    out.extend([q[b], v[b + 1]]);
    Ok(out)
}

fn verify_attention(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let operands: Vec<_> = ir.operands(op).collect();
    let Some(&r) = ir.results(op).first() else {
        return Ok(());
    };
    let mut shapes = Vec::new();
    let mut elem = None;
    for &v in &operands {
        let Some((s, e)) = tensor(ctx, ir.value_type(v)) else {
            return Ok(());
        };
        if !matches!(ctx.type_kind(e), TypeKind::Float(_)) {
            return err(format!(
                "requires a float element type, got '{}'",
                type_to_string(ctx, e)
            ));
        }
        if *elem.get_or_insert(e) != e {
            return err(format!(
                "operands have other element types ('{}' and '{}')",
                type_to_string(ctx, elem.unwrap_or(e)),
                type_to_string(ctx, e)
            ));
        }
        shapes.push(s);
    }
    if shapes.len() < 3 {
        return Ok(());
    }
    let inferred = match infer(
        &shapes[0],
        &shapes[1],
        &shapes[2],
        shapes.get(3).map(|s| &s[..]),
    ) {
        Ok(s) => s,
        Err(m) => return err(m),
    };
    let Some((out, oe)) = tensor(ctx, ir.value_type(r)) else {
        return Ok(());
    };
    if Some(oe) != elem || !shape::matches(&inferred, &out) {
        return err(format!(
            "result type '{}' does not match the inferred type 'tensor<{}x{}>'",
            type_to_string(ctx, ir.value_type(r)),
            shape_str(&inferred),
            type_to_string(ctx, elem.unwrap_or(oe))
        ));
    }
    Ok(())
}
