//! The checks a declaration implies, in MLIR's order and with its messages: counts
//! (regions, results, successors, operands), properties, operand and result type
//! constraints, type relations, parents, symbols; then the op's own verifier.

use super::access::{operand_groups, result_groups, Groups};
use super::spec::{Arity, OpSpec, ValueSpec};
use crate::attributes::AttrKind;
use crate::context::Context;
use crate::diag::Diagnostic;
use crate::dialect::Traits;
use crate::entity::{Op, Type};
use crate::printer::{attr_to_string, type_to_string};
use crate::store::Ir;
use crate::symbol::op_attr;
use std::ops::Range;

/// `'name' op msg` at the op.
pub fn op_error(ctx: &Context, ir: &Ir, op: Op, msg: impl std::fmt::Display) -> Diagnostic {
    let d = ir.op(op);
    Diagnostic::error(d.loc, format!("'{}' op {}", ctx.str(d.name), msg))
}

/// The first position where `actual` differs from `expected`: (index, actual,
/// expected). Only the common prefix is compared: counts have their own messages.
pub fn first_type_mismatch(
    actual: impl IntoIterator<Item = Type>,
    expected: &[Type],
) -> Option<(usize, Type, Type)> {
    actual
        .into_iter()
        .zip(expected.iter().copied())
        .enumerate()
        .find(|(_, (a, e))| a != e)
        .map(|(i, (a, e))| (i, a, e))
}

/// The verifier installed for every declared op.
pub fn verify_op(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let name = ir.op(op).name;
    let Some(ods) = ctx.registry.ods().get(&name) else {
        return Ok(());
    };
    let spec = ods.spec;
    verify_counts(ctx, ir, op, spec)?;
    verify_attrs(ctx, ir, op, spec)?;
    verify_value_types(ctx, ir, op, spec)?;
    verify_relations(ctx, ir, op, spec)?;
    verify_parent(ctx, ir, op, spec)?;
    if spec.traits.contains(Traits::SYMBOL) {
        verify_symbol(ctx, ir, op)?;
    }
    match spec.verify {
        Some(f) => f(ctx, ir, op),
        None => Ok(()),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        one.to_string()
    } else {
        many.to_string()
    }
}

fn verify_counts(ctx: &Context, ir: &Ir, op: Op, spec: &OpSpec) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let nreg = ir.regions(op).len();
    let fixed_reg = spec.regions.iter().filter(|r| !r.variadic).count();
    let var_reg = spec.regions.iter().any(|r| r.variadic);
    if !var_reg && nreg != fixed_reg {
        return err(match fixed_reg {
            0 => "requires zero regions".into(),
            1 => "requires one region".into(),
            n => format!("expected {n} regions"),
        });
    }
    if var_reg && nreg < fixed_reg {
        return err(format!("expected at least {fixed_reg} regions"));
    }
    let (n, fixed, var) = counts(spec.results, ir.results(op).len());
    if !var && n != fixed {
        return err(match fixed {
            0 => "requires zero results".into(),
            1 => "requires one result".into(),
            f => format!("expected {f} results, but found {n}"),
        });
    }
    if var && n < fixed {
        return err(format!("expected {fixed} or more results, but found {n}"));
    }
    let ns = ir.successors(op).len();
    let fixed_s = spec.successors.iter().filter(|s| !s.variadic).count();
    let var_s = spec.successors.iter().any(|s| s.variadic);
    if !var_s && ns != fixed_s {
        return err(match fixed_s {
            0 => "requires zero successors".into(),
            f => format!(
                "requires {f} {} but found {ns}",
                plural(f, "successor", "successors")
            ),
        });
    }
    if var_s && ns < fixed_s {
        return err(format!(
            "requires at least {fixed_s} successors but found {ns}"
        ));
    }
    let (n, fixed, var) = counts(spec.operands, ir.num_operands(op));
    if !var && n != fixed {
        return err(match fixed {
            0 => "requires zero operands".into(),
            1 => "requires a single operand".into(),
            f => format!("expected {f} operands, but found {n}"),
        });
    }
    if var && n < fixed {
        return err(format!("expected {fixed} or more operands, but found {n}"));
    }
    Ok(())
}

fn counts(specs: &[ValueSpec], n: usize) -> (usize, usize, bool) {
    let fixed = specs.iter().filter(|s| s.arity == Arity::Single).count();
    let var = specs.iter().any(|s| s.arity != Arity::Single);
    (n, fixed, var)
}

fn verify_attrs(ctx: &Context, ir: &Ir, op: Op, spec: &OpSpec) -> Result<(), Diagnostic> {
    // Each declared property is looked up once. A missing required one is
    // reported first, the first in name order, as ODS does.
    let mut present: Groups<(usize, crate::entity::Attr)> = Groups::new();
    let mut missing: Option<&str> = None;
    for (i, a) in spec.attrs.iter().enumerate() {
        match op_attr(ctx, ir, op, a.name) {
            Some(v) => present.push((i, v)),
            None if !a.optional && missing.is_none_or(|m| a.name < m) => missing = Some(a.name),
            None => {}
        }
    }
    if let Some(name) = missing {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("requires attribute '{name}'"),
        ));
    }
    for (i, v) in present {
        let a = &spec.attrs[i];
        if !(a.constraint.check)(ctx, v) {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "attribute '{}' failed to satisfy constraint: {}",
                    a.name, a.constraint.desc
                ),
            ));
        }
    }
    if spec.has_operand_segments() {
        let ok = op_attr(ctx, ir, op, "operandSegmentSizes").is_some_and(|a| {
            matches!(ctx.attr_kind(a), AttrKind::DenseArray { values, .. }
                if values.len() == spec.operands.len()
                    && values.iter().map(|&v| v as u32 as usize).sum::<usize>() == ir.num_operands(op))
        });
        if !ok {
            return Err(op_error(
                ctx,
                ir,
                op,
                "operand count mismatch with 'operandSegmentSizes'",
            ));
        }
    }
    Ok(())
}

fn verify_value_types(ctx: &Context, ir: &Ir, op: Op, spec: &OpSpec) -> Result<(), Diagnostic> {
    // Every group one value (most ops): value k is group k, no ranges needed.
    if spec.operands.iter().all(|g| g.arity == Arity::Single)
        && spec.results.iter().all(|g| g.arity == Arity::Single)
    {
        for (k, g) in spec.operands.iter().enumerate().take(ir.num_operands(op)) {
            check_type(
                ctx,
                ir,
                op,
                "operand",
                k,
                g,
                ir.value_type(ir.operand(op, k)),
            )?;
        }
        for (k, g) in spec.results.iter().enumerate().take(ir.results(op).len()) {
            check_type(ctx, ir, op, "result", k, g, ir.value_type(ir.result(op, k)))?;
        }
        return Ok(());
    }
    let ranges = operand_groups(ctx, ir, op, spec);
    for (g, r) in spec.operands.iter().zip(ranges) {
        if g.arity == Arity::Optional && r.len() > 1 {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "operand group starting at #{} requires 0 or 1 element, but found {}",
                    r.start,
                    r.len()
                ),
            ));
        }
        for k in r {
            let t = ir.value_type(ir.operand(op, k));
            check_type(ctx, ir, op, "operand", k, g, t)?;
        }
    }
    let ranges = result_groups(ir, op, spec);
    for (g, r) in spec.results.iter().zip(ranges) {
        for k in r {
            let t = ir.value_type(ir.result(op, k));
            check_type(ctx, ir, op, "result", k, g, t)?;
        }
    }
    Ok(())
}

fn check_type(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    what: &str,
    k: usize,
    g: &ValueSpec,
    t: Type,
) -> Result<(), Diagnostic> {
    if (g.ty.check)(ctx, t) {
        return Ok(());
    }
    let desc = if g.arity == Arity::Variadic {
        format!("variadic of {}", g.ty.desc)
    } else {
        g.ty.desc.to_string()
    };
    Err(op_error(
        ctx,
        ir,
        op,
        format!(
            "{what} #{k} must be {desc}, but got '{}'",
            type_to_string(ctx, t)
        ),
    ))
}

/// The types of a named operand or result group.
/// The types of the property, operand group or result group `name`, given
/// the op's operand and result groups.
fn group_types(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    spec: &OpSpec,
    (operands, results): (&Groups<Range<usize>>, &Groups<Range<usize>>),
    name: &str,
) -> Groups<Type> {
    if spec.attr_index(name).is_some() {
        return op_attr(ctx, ir, op, name)
            .and_then(|a| super::access::attr_type(ctx, a))
            .into_iter()
            .collect();
    }
    if let Some(i) = spec.operand_index(name) {
        return operands[i]
            .clone()
            .map(|k| ir.value_type(ir.operand(op, k)))
            .collect();
    }
    match spec.result_index(name) {
        Some(i) => results[i]
            .clone()
            .map(|k| ir.value_type(ir.result(op, k)))
            .collect(),
        None => Groups::new(),
    }
}

fn verify_relations(ctx: &Context, ir: &Ir, op: Op, spec: &OpSpec) -> Result<(), Diagnostic> {
    let groups = if spec.same_types.is_empty() && spec.type_rules.is_empty() {
        (Groups::new(), Groups::new())
    } else {
        (
            operand_groups(ctx, ir, op, spec),
            result_groups(ir, op, spec),
        )
    };
    let groups = (&groups.0, &groups.1);
    for group in spec.same_types {
        let mut first: Option<Type> = None;
        let mut same = true;
        for n in group.iter() {
            for t in group_types(ctx, ir, op, spec, groups, n) {
                match first {
                    None => first = Some(t),
                    Some(f) => same &= f == t,
                }
            }
        }
        if !same {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "failed to verify that all of {{{}}} have same type",
                    group.join(", ")
                ),
            ));
        }
    }
    if spec.traits.contains(Traits::SAME_OPERANDS_AND_RESULT_TYPE) {
        let mut all = ir
            .operands(op)
            .map(|v| ir.value_type(v))
            .chain(ir.results(op).iter().map(|&v| ir.value_type(v)));
        if let Some(f) = all.next() {
            if all.any(|t| t != f) {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    "requires the same type for all operands and results",
                ));
            }
        }
    }
    for rule in spec.type_rules {
        let lhs = group_types(ctx, ir, op, spec, groups, rule.lhs);
        let rhs = group_types(ctx, ir, op, spec, groups, rule.rhs);
        if let Some(&l) = lhs.first() {
            if !(rule.matches)(ctx, l, &rhs) {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!("failed to verify that {}", rule.desc),
                ));
            }
        }
    }
    Ok(())
}

fn verify_parent(ctx: &Context, ir: &Ir, op: Op, spec: &OpSpec) -> Result<(), Diagnostic> {
    if spec.parents.is_empty() {
        return Ok(());
    }
    let parent = ir.parent_op(op).map(|p| ctx.str(ir.op(p).name));
    if parent.is_some_and(|p| spec.parents.contains(&p)) {
        return Ok(());
    }
    let msg = if spec.parents.len() == 1 {
        format!("expects parent op '{}'", spec.parents[0])
    } else {
        format!(
            "expects parent op to be one of '{}'",
            spec.parents.join(", ")
        )
    };
    Err(op_error(ctx, ir, op, msg))
}

fn verify_symbol(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    if !op_attr(ctx, ir, op, "sym_name")
        .is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::String { .. }))
    {
        return Err(op_error(
            ctx,
            ir,
            op,
            "requires string attribute 'sym_name'",
        ));
    }
    if let Some(v) = op_attr(ctx, ir, op, "sym_visibility") {
        let ok = matches!(ctx.attr_kind(v), AttrKind::String { value, .. }
            if matches!(&**value, b"public" | b"private" | b"nested"));
        if !ok {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                    attr_to_string(ctx, v)
                ),
            ));
        }
    }
    Ok(())
}
