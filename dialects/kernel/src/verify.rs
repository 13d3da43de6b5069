//! Verifiers of the kernel ops: operand counts against types, maps against
//! ranks and the domain, bodies against operands.

use crate::ops::{CONV, GENERIC, MATMUL};
use xir::affine::{AffineExpr, AffineMap};
use xir::ods::access::operand_group;
use xir::ods::verify::op_error;
use xir::types::TypeKind;
use xir::{AttrKind, Context, Diagnostic, Ir, Op, Type, Value};

/// Shape and element of a memref type.
pub fn memref_shape(ctx: &Context, t: Type) -> Option<(&[i64], Type)> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, element, .. } => Some((shape, *element)),
        _ => None,
    }
}

fn dynamic_count(ctx: &Context, t: Type) -> usize {
    memref_shape(ctx, t).map_or(0, |(s, _)| s.iter().filter(|&&d| d < 0).count())
}

/// `binding` / `alloc`: one `dims` operand per dynamic dim of the result.
pub fn verify_shaped_dims(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let t = ir.value_type(ir.result(op, 0));
    let want = dynamic_count(ctx, t);
    let got = ir.num_operands(op);
    if want != got {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("expects {want} dim operands (one per dynamic dim of the result), got {got}"),
        ));
    }
    Ok(())
}

pub fn verify_constant(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let t = ir.value_type(ir.result(op, 0));
    let value = xir::symbol::op_attr(ctx, ir, op, "value").expect("required");
    let vt = match ctx.attr_kind(value) {
        AttrKind::DenseElements { ty, .. } => Some(*ty),
        _ => None,
    };
    let same = match (vt.map(|v| ctx.type_kind(v)), memref_shape(ctx, t)) {
        (Some(TypeKind::RankedTensor { shape, element, .. }), Some((ms, me))) => {
            shape.as_slice() == ms && *element == me
        }
        _ => false,
    };
    if !same {
        return Err(op_error(
            ctx,
            ir,
            op,
            "value's shape and element type must be the result's",
        ));
    }
    Ok(())
}

pub fn verify_reshape(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let src = ir.value_type(ir.operand(op, 0));
    let res = ir.value_type(ir.result(op, 0));
    let (se, re) = (
        memref_shape(ctx, src).map(|s| s.1),
        memref_shape(ctx, res).map(|s| s.1),
    );
    if se != re {
        return Err(op_error(
            ctx,
            ir,
            op,
            "source and result element types differ",
        ));
    }
    let want = dynamic_count(ctx, res);
    if ir.num_operands(op) - 1 != want {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("expects {want} dim operands (one per dynamic dim of the result)"),
        ));
    }
    Ok(())
}

/// The affine maps of `indexing_maps`.
pub fn maps(ctx: &Context, ir: &Ir, op: Op) -> Option<Vec<AffineMap>> {
    let a = xir::symbol::op_attr(ctx, ir, op, "indexing_maps")?;
    let AttrKind::Array(items) = ctx.attr_kind(a) else {
        return None;
    };
    items
        .iter()
        .map(|&m| match ctx.attr_kind(m) {
            AttrKind::AffineMap(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

/// Whether `e` is a sum of `const * dim` / `const * symbol` terms and a
/// constant (what a backend turns into strides and offsets).
pub fn is_linear(e: &AffineExpr) -> bool {
    match e {
        AffineExpr::Dim(_) | AffineExpr::Symbol(_) | AffineExpr::Const(_) => true,
        AffineExpr::Add(a, b) => is_linear(a) && is_linear(b),
        AffineExpr::Mul(a, b) => {
            (is_linear(a) && matches!(**b, AffineExpr::Const(_)))
                || (is_linear(b) && matches!(**a, AffineExpr::Const(_)))
        }
        _ => false,
    }
}

fn check_maps(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    maps: &[AffineMap],
    operands: &[Value],
    dims: usize,
    symbols: usize,
) -> Result<(), Diagnostic> {
    if maps.len() != operands.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expects {} indexing maps, one per buffer operand, got {}",
                operands.len(),
                maps.len()
            ),
        ));
    }
    for (i, (m, &v)) in maps.iter().zip(operands).enumerate() {
        let rank = memref_shape(ctx, ir.value_type(v)).map_or(0, |s| s.0.len());
        if m.num_dims as usize != dims || m.num_symbols as usize != symbols {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!("indexing map {i} must have {dims} dims and {symbols} symbols"),
            ));
        }
        if m.results.len() != rank {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "indexing map {i} has {} results, its buffer has rank {rank}",
                    m.results.len()
                ),
            ));
        }
        if !m.results.iter().all(is_linear) {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!("indexing map {i} must be a sum of constant multiples of dims and symbols"),
            ));
        }
    }
    Ok(())
}

/// The signless scalar a body sees for an element type.
fn scalar_ok(ctx: &Context, body_arg: Type, element: Type) -> bool {
    match (ctx.type_kind(body_arg), ctx.type_kind(element)) {
        (TypeKind::Integer { width: a, .. }, TypeKind::Integer { width: b, .. }) => a == b,
        (a, b) => a == b,
    }
}

fn check_body(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    args_of: &[Type],
    yields: usize,
) -> Result<(), Diagnostic> {
    let block = ir.regions(op).first().and_then(|&r| ir.entry_block(r));
    let Some(block) = block else {
        return Err(op_error(ctx, ir, op, "expects a body block"));
    };
    let args = ir.block_args(block);
    if args.len() != args_of.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "body expects {} arguments, has {}",
                args_of.len(),
                args.len()
            ),
        ));
    }
    for (i, (&a, &e)) in args.iter().zip(args_of).enumerate() {
        if !scalar_ok(ctx, ir.value_type(a), e) {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!("body argument {i} does not match its buffer's element type"),
            ));
        }
    }
    let term = ir.last_op(block);
    let ok = term
        .is_some_and(|t| ctx.str(ir.op(t).name) == "kernel.yield" && ir.num_operands(t) == yields);
    if !ok {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("body must end in a kernel.yield of {yields} values"),
        ));
    }
    Ok(())
}

fn elements(ctx: &Context, vals: &[Value], ir: &Ir) -> Vec<Type> {
    vals.iter()
        .filter_map(|&v| memref_shape(ctx, ir.value_type(v)).map(|s| s.1))
        .collect()
}

pub fn verify_generic(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let ins = operand_group(ctx, ir, op, &GENERIC, "inputs");
    let outs = operand_group(ctx, ir, op, &GENERIC, "outputs");
    let domain = operand_group(ctx, ir, op, &GENERIC, "domain");
    let symbols = operand_group(ctx, ir, op, &GENERIC, "symbols");
    let iters = xir::symbol::op_attr(ctx, ir, op, "iterator_types")
        .and_then(|a| match ctx.attr_kind(a) {
            AttrKind::Array(items) => Some(items.clone()),
            _ => None,
        })
        .unwrap_or_default();
    if iters.len() != domain.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expects one iterator type per domain dim",
        ));
    }
    for &it in &iters {
        let ok = matches!(ctx.attr_kind(it), AttrKind::String { value, .. } if &**value == b"parallel" || &**value == b"reduction");
        if !ok {
            return Err(op_error(
                ctx,
                ir,
                op,
                "iterator types must be \"parallel\" or \"reduction\"",
            ));
        }
    }
    if outs.is_empty() {
        return Err(op_error(ctx, ir, op, "expects at least one output"));
    }
    let maps = maps(ctx, ir, op)
        .ok_or_else(|| op_error(ctx, ir, op, "indexing_maps must be an array of affine maps"))?;
    let all: Vec<Value> = ins.iter().chain(&outs).copied().collect();
    check_maps(ctx, ir, op, &maps, &all, domain.len(), symbols.len())?;
    check_body(ctx, ir, op, &elements(ctx, &all, ir), outs.len())
}

pub fn verify_matmul(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let get = |n| operand_group(ctx, ir, op, &MATMUL, n);
    let (lhs, rhs, out) = (get("lhs")[0], get("rhs")[0], get("output")[0]);
    let epi = get("epilogue_inputs");
    let shape = |v: Value| {
        memref_shape(ctx, ir.value_type(v))
            .map(|s| s.0.to_vec())
            .unwrap_or_default()
    };
    let (l, r, o) = (shape(lhs), shape(rhs), shape(out));
    let rank = o.len();
    if rank < 2 || l.len() != rank || r.len() != rank {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expects operands of equal rank, at least 2",
        ));
    }
    let same = |a: i64, b: i64| a < 0 || b < 0 || a == b;
    let batch_ok = (0..rank - 2).all(|i| same(l[i], o[i]) && same(r[i], o[i]));
    if !batch_ok
        || !same(l[rank - 2], o[rank - 2])
        || !same(r[rank - 1], o[rank - 1])
        || !same(l[rank - 1], r[rank - 2])
    {
        return Err(op_error(
            ctx,
            ir,
            op,
            "operand shapes do not form [b…, m, k] x [b…, k, n] -> [b…, m, n]",
        ));
    }
    check_epilogue(ctx, ir, op, out, &epi, rank)
}

/// The `i64` list property `name` of `op` (empty when absent).
fn i64_list(ctx: &Context, ir: &Ir, op: Op, name: &str) -> Vec<i64> {
    xir::symbol::op_attr(ctx, ir, op, name)
        .and_then(|a| xir_graph::syntax::i64_values(ctx, a))
        .unwrap_or_default()
}

/// `kernel.conv`: input `[n, c, d…]`, filter `[m, c / groups, k…]`, output
/// `[n, m, o…]` of one float element type, 1 or 2 spatial dims, each output
/// size what the strides, dilations and pads give (dynamic dims match
/// anything).
pub fn verify_conv(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let get = |n| operand_group(ctx, ir, op, &CONV, n);
    let (x, w, out) = (get("input")[0], get("filter")[0], get("output")[0]);
    let epi = get("epilogue_inputs");
    let fail = |m: String| Err(op_error(ctx, ir, op, m));
    let (Some((xs, xe)), Some((ws, we)), Some((os, oe))) = (
        memref_shape(ctx, ir.value_type(x)).map(|(s, e)| (s.to_vec(), e)),
        memref_shape(ctx, ir.value_type(w)).map(|(s, e)| (s.to_vec(), e)),
        memref_shape(ctx, ir.value_type(out)).map(|(s, e)| (s.to_vec(), e)),
    ) else {
        return Ok(());
    };
    if xe != we || xe != oe || !matches!(ctx.type_kind(xe), TypeKind::Float(_)) {
        return fail("expects input, filter and output of one float element type".into());
    }
    let rank = xs.len();
    if !(3..=4).contains(&rank) || ws.len() != rank || os.len() != rank {
        return fail(
            "expects input, filter and output of rank 3 or 4 (1 or 2 spatial dims)".into(),
        );
    }
    let sp = rank - 2;
    let (strides, dilations, pads) = (
        i64_list(ctx, ir, op, "strides"),
        i64_list(ctx, ir, op, "dilations"),
        i64_list(ctx, ir, op, "pads"),
    );
    let groups = xir::symbol::op_attr(ctx, ir, op, "groups")
        .and_then(|a| xir::util::build::int_of(ctx, a))
        .unwrap_or(0);
    if strides.len() != sp || dilations.len() != sp || pads.len() != 2 * sp {
        return fail(format!(
            "expects {sp} strides and dilations and {} pads",
            2 * sp
        ));
    }
    if strides.iter().chain(&dilations).any(|&v| v < 1) || pads.iter().any(|&p| p < 0) {
        return fail("expects strides and dilations of at least 1 and pads of at least 0".into());
    }
    let same = |a: i64, b: i64| a < 0 || b < 0 || a == b;
    if groups < 1 {
        return fail("expects groups of at least 1".into());
    }
    let (c, m) = (xs[1], ws[0]);
    if (c >= 0 && c % groups != 0) || (m >= 0 && m % groups != 0) {
        return fail(format!(
            "groups = {groups} must divide the input channels ({c}) and the filter's output channels ({m})"
        ));
    }
    if !same(ws[1], if c < 0 { -1 } else { c / groups }) || !same(os[0], xs[0]) || !same(os[1], m) {
        return fail(
            "operand shapes do not form [n, c, d…] x [m, c / groups, k…] -> [n, m, o…]".into(),
        );
    }
    let w = xir_graph::window::Window {
        kernel: ws[2..].to_vec(),
        strides,
        dilations,
        pads,
    };
    for i in 0..sp {
        let (d, k, o) = (xs[2 + i], ws[2 + i], os[2 + i]);
        if d < 0 || k < 0 || o < 0 {
            continue;
        }
        match w.output(i, d, false) {
            Ok(want) if want == o => {}
            Ok(want) => {
                return fail(format!(
                    "output spatial dim {i} is {o}, but the input, filter, strides, dilations and pads give {want}"
                ))
            }
            Err(m) => return fail(m),
        }
    }
    check_epilogue(ctx, ir, op, out, &epi, rank)
}

/// The epilogue of a matmul or conv over its output's `rank` dims: one map
/// per epilogue input, a body of the sum and one element of each.
fn check_epilogue(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    out: Value,
    epi: &[Value],
    rank: usize,
) -> Result<(), Diagnostic> {
    let maps = maps(ctx, ir, op)
        .ok_or_else(|| op_error(ctx, ir, op, "indexing_maps must be an array of affine maps"))?;
    check_maps(ctx, ir, op, &maps, epi, rank, 0)?;
    let mut args = elements(ctx, &[out], ir);
    args.extend(elements(ctx, epi, ir));
    check_body(ctx, ir, op, &args, 1)
}

/// `kernel.pool`: input `[n, c, d…]` and output `[n, c, o…]` of one float
/// element type, 1 or 2 spatial dims, each output size what the window and
/// `ceil_mode` give (dynamic dims match anything), `kind` max or avg.
pub fn verify_pool(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let fail = |m: String| Err(op_error(ctx, ir, op, m));
    let (Some((xs, xe)), Some((os, oe))) = (
        memref_operand(ctx, ir, op, 0),
        memref_operand(ctx, ir, op, 1),
    ) else {
        return Ok(());
    };
    let kind = xir::symbol::op_attr(ctx, ir, op, "kind").map(|a| ctx.attr_kind(a));
    if !matches!(kind, Some(AttrKind::String { value, .. }) if &**value == b"max" || &**value == b"avg")
    {
        return fail("kind must be \"max\" or \"avg\"".into());
    }
    if xe != oe || !matches!(ctx.type_kind(xe), TypeKind::Float(_)) {
        return fail("expects input and output of one float element type".into());
    }
    let rank = xs.len();
    if !(3..=4).contains(&rank) || os.len() != rank {
        return fail("expects input and output of rank 3 or 4 (1 or 2 spatial dims)".into());
    }
    let sp = rank - 2;
    let int = |name: &str| {
        xir::symbol::op_attr(ctx, ir, op, name)
            .and_then(|a| xir::util::build::int_of(ctx, a))
            .unwrap_or(0)
    };
    let w = xir_graph::window::Window {
        kernel: i64_list(ctx, ir, op, "kernel_shape"),
        strides: i64_list(ctx, ir, op, "strides"),
        dilations: i64_list(ctx, ir, op, "dilations"),
        pads: i64_list(ctx, ir, op, "pads"),
    };
    if w.kernel.len() != sp
        || w.strides.len() != sp
        || w.dilations.len() != sp
        || w.pads.len() != 2 * sp
    {
        return fail(format!(
            "expects {sp} kernel sizes, strides and dilations and {} pads",
            2 * sp
        ));
    }
    if w.kernel
        .iter()
        .chain(&w.strides)
        .chain(&w.dilations)
        .any(|&v| v < 1)
        || w.pads.iter().any(|&p| p < 0)
    {
        return fail(
            "expects kernel sizes, strides and dilations of at least 1 and pads of at least 0"
                .into(),
        );
    }
    let same = |a: i64, b: i64| a < 0 || b < 0 || a == b;
    if !same(xs[0], os[0]) || !same(xs[1], os[1]) {
        return fail("operand shapes do not form [n, c, d…] -> [n, c, o…]".into());
    }
    for i in 0..sp {
        let (d, o) = (xs[2 + i], os[2 + i]);
        if d < 0 || o < 0 {
            continue;
        }
        match w.output(i, d, int("ceil_mode") != 0) {
            Ok(want) if want == o => {}
            Ok(want) => {
                return fail(format!(
                    "output spatial dim {i} is {o}, but the input, window and ceil_mode give {want}"
                ))
            }
            Err(m) => return fail(m),
        }
    }
    Ok(())
}

/// Operand `i` of `op` as a memref's shape and element type.
fn memref_operand(ctx: &Context, ir: &Ir, op: Op, i: usize) -> Option<(Vec<i64>, Type)> {
    let v = ir.operands(op).nth(i)?;
    memref_shape(ctx, ir.value_type(v)).map(|(s, e)| (s.to_vec(), e))
}

/// `kernel.attention`: float operands of one element type whose shapes fit as
/// `graph.attention`'s do (`xir_graph::attention::infer`), the output that shape.
pub fn verify_attention(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let n = ir.num_operands(op);
    let shapes: Option<Vec<(Vec<i64>, Type)>> =
        (0..n).map(|i| memref_operand(ctx, ir, op, i)).collect();
    let Some(shapes) = shapes else {
        return Ok(());
    };
    let e = shapes[0].1;
    if !matches!(ctx.type_kind(e), TypeKind::Float(_)) || shapes.iter().any(|s| s.1 != e) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expects operands of one float element type",
        ));
    }
    let (out, ins) = shapes.split_last().expect("operands");
    let mask = (ins.len() == 4).then(|| &ins[3].0[..]);
    let want = xir_graph::attention::infer(&ins[0].0, &ins[1].0, &ins[2].0, mask)
        .map_err(|m| op_error(ctx, ir, op, m))?;
    if !xir_graph::shape::matches(&want, &out.0) {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "output shape {} does not match the inferred {}",
                dims_str(&out.0),
                dims_str(&want)
            ),
        ));
    }
    Ok(())
}

/// `2x?x4`.
fn dims_str(s: &[i64]) -> String {
    let d: Vec<String> = s.iter().map(|&d| xir_graph::shape::dim_str(d)).collect();
    d.join("x")
}

/// `kernel.gather`: i32/i64 indices, the output `input[:axis] + indices +
/// input[axis+1:]` of the input's element (dynamic dims match anything).
pub fn verify_gather(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let get = |i: usize| memref_operand(ctx, ir, op, i);
    let (Some((xs, xe)), Some((is, ie)), Some((os, oe))) = (get(0), get(1), get(2)) else {
        return Ok(());
    };
    if !matches!(ctx.type_kind(ie), TypeKind::Integer { width: 32 | 64, .. }) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "indices must be a memref of i32 or i64",
        ));
    }
    if xe != oe {
        return Err(op_error(
            ctx,
            ir,
            op,
            "input and output element types differ",
        ));
    }
    let axis = xir::symbol::op_attr(ctx, ir, op, "axis")
        .and_then(|a| xir::util::build::int_of(ctx, a))
        .unwrap_or(-1);
    if axis < 0 || axis as usize >= xs.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("axis {axis} out of range for input rank {}", xs.len()),
        ));
    }
    let a = axis as usize;
    let mut want = xs[..a].to_vec();
    want.extend_from_slice(&is);
    want.extend_from_slice(&xs[a + 1..]);
    let same = |x: i64, y: i64| x < 0 || y < 0 || x == y;
    if want.len() != os.len() || want.iter().zip(&os).any(|(&x, &y)| !same(x, y)) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "output shape is not input[:axis] + indices + input[axis+1:]",
        ));
    }
    Ok(())
}

/// `kernel.scatter`: a known reduction, i32/i64 1-d indices, data, updates
/// and output of one element type, updates `indices + data[1:]` and the
/// output the data's shape.
pub fn verify_scatter(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let fail = |m: String| Err(op_error(ctx, ir, op, m));
    let reduction = match xir::symbol::op_attr(ctx, ir, op, "reduction").map(|a| ctx.attr_kind(a)) {
        Some(xir::AttrKind::String { value, .. }) => String::from_utf8_lossy(value).into_owned(),
        _ => return Ok(()),
    };
    if !xir_graph::verify::SCATTER_REDUCTIONS.contains(&reduction.as_str()) {
        return fail(format!(
            "unknown reduction '{reduction}' (expected one of none, add, mul, max, min)"
        ));
    }
    let get = |i: usize| memref_operand(ctx, ir, op, i);
    let (Some((xs, xe)), Some((is, ie)), Some((us, ue)), Some((os, oe))) =
        (get(0), get(1), get(2), get(3))
    else {
        return Ok(());
    };
    if !matches!(ctx.type_kind(ie), TypeKind::Integer { width: 32 | 64, .. }) || is.len() != 1 {
        return fail("indices must be a 1-d memref of i32 or i64".into());
    }
    if xe != ue || xe != oe {
        return fail("data, updates and output element types differ".into());
    }
    if reduction != "none" && matches!(ctx.type_kind(xe), TypeKind::Integer { width: 1, .. }) {
        return fail(format!("reduction '{reduction}' is not defined on i1"));
    }
    let same = |x: i64, y: i64| x < 0 || y < 0 || x == y;
    let fits =
        |a: &[i64], b: &[i64]| a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| same(x, y));
    if xs.is_empty() || !fits(&xs, &os) {
        return fail("output shape is not the data's (of rank 1 or more)".into());
    }
    let mut want = is.clone();
    want.extend_from_slice(&xs[1..]);
    if !fits(&want, &us) {
        return fail("updates shape is not indices + data[1:]".into());
    }
    Ok(())
}

/// `kernel.index`: `dim` within the enclosing stage's domain (a matmul
/// epilogue's domain is its output's dims).
pub fn verify_index(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let dim =
        xir::symbol::op_attr(ctx, ir, op, "dim").and_then(|a| xir::util::build::int_of(ctx, a));
    let rank = ir.parent_op(op).map(|p| {
        if GENERIC.is(ctx, ir, p) {
            operand_group(ctx, ir, p, &GENERIC, "domain").len()
        } else {
            let spec = if CONV.is(ctx, ir, p) { &CONV } else { &MATMUL };
            operand_group(ctx, ir, p, spec, "output")
                .first()
                .and_then(|&o| memref_shape(ctx, ir.value_type(o)))
                .map_or(0, |(s, _)| s.len())
        }
    });
    match (dim, rank) {
        (Some(d), Some(r)) if d < 0 || d >= r as i64 => Err(op_error(
            ctx,
            ir,
            op,
            format!("dim {d} is out of range for a domain of rank {r}"),
        )),
        _ => Ok(()),
    }
}
