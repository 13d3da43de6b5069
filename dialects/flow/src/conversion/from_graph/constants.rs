//! `flow-convert-constants`: `graph.constant`s outside kernels, as IREE does.
//! A constant used by a dispatch region is cloned into it (the kernel
//! materialises the value; identical kernels still share an executable); a
//! constant still used outside any region afterwards (returned, transferred,
//! yielded, passed to a call) becomes a dispatch region of its own on its
//! placement, a kernel without inputs that produces it; `graph.dim` of a
//! constant folds to an `arith.constant`; unused constants are erased.
//! Runs after region formation and before outlining.

use rustc_hash::FxHashMap;
use xir::clone::{clone_op, Mapping};
use xir::pass::{Pass, PassContext};
use xir::{AttrKind, Context, Ir, Op, OperationState, Value};

use super::form_regions::placement;
use super::util::{kernel_attrs, ops_named_outside};

const CONSTANT: &str = xir_graph::ops::CONSTANT.name;
const REGION: &str = "flow.dispatch.region";

/// What [`convert_constants`] did.
#[derive(Default)]
pub struct Counts {
    /// Clones made inside dispatch regions.
    pub cloned: u64,
    /// Constants that became dispatch regions of their own.
    pub materialized: u64,
    /// Constants erased (all their uses were cloned or folded, or none).
    pub erased: u64,
}

/// `graph.constant`s outside kernels (executables and dispatch regions).
fn constants(ctx: &Context, ir: &Ir, module: Op) -> Vec<Op> {
    ops_named_outside(ctx, ir, module, CONSTANT, &["flow.executable", REGION])
}

/// The innermost dispatch region holding `user`, below `scope` (the op
/// whose body holds the constant).
fn region_of(ctx: &Context, ir: &Ir, user: Op, scope: Option<Op>) -> Option<Op> {
    let mut op = user;
    loop {
        if ctx.str(ir.op(op).name) == REGION {
            return Some(op);
        }
        op = ir.parent_op(op)?;
        if Some(op) == scope {
            return None;
        }
    }
}

/// `op`'s attributes as kernel code has them (see [`kernel_attrs`]).
fn to_kernel(ctx: &mut Context, ir: &mut Ir, op: Op) {
    let attrs = ir.op(op).attrs;
    ir.op_mut(op).attrs = kernel_attrs(ctx, attrs);
}

/// `graph.dim` of a constant (outside kernels) → `arith.constant` index; true
/// when folded.
fn fold_dim(ctx: &mut Context, ir: &mut Ir, dim: Op, value: Value) -> bool {
    let xir::types::TypeKind::RankedTensor { shape, .. } = ctx.type_kind(ir.value_type(value))
    else {
        return false;
    };
    let k = xir::symbol::op_attr(ctx, ir, dim, "index").and_then(|a| match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => usize::try_from(value).ok(),
        _ => None,
    });
    let Some(&n) = k.and_then(|k| shape.get(k)) else {
        return false;
    };
    if n < 0 {
        return false;
    }
    let ty = ctx.index_type();
    let attr = ctx.intern_attr(AttrKind::Integer {
        ty,
        value: n.into(),
    });
    let loc = ir.op(dim).loc;
    let mut st = xir::util::build::op_state(
        ctx,
        xir_arith::ops::CONSTANT.name,
        vec![("value", attr)],
        loc,
    );
    st.result_types = vec![ty];
    let c = ir.create_op(st);
    ir.insert_op_before(dim, c);
    let (old, new) = (ir.result(dim, 0), ir.result(c, 0));
    ir.replace_all_uses(old, new);
    ir.erase_op(dim);
    true
}

/// Puts `constant` (in place) into a dispatch region of its own on its placement.
fn materialize(ctx: &mut Context, ir: &mut Ir, constant: Op) {
    let value = ir.result(constant, 0);
    let loc = ir.op(constant).loc;
    let properties = placement(ctx, ir, constant).map(|a| {
        let k = ctx.ident("affinity");
        ctx.dictionary(vec![(k, a)])
    });
    let region_op = ir.create_op(OperationState {
        name: ctx.ident(REGION),
        operands: Vec::new(),
        result_types: vec![ir.value_type(value)],
        properties,
        attrs: ctx.empty_dict(),
        num_regions: 1,
        successors: Vec::new(),
        loc,
    });
    ir.insert_op_before(constant, region_op);
    let out = ir.result(region_op, 0);
    ir.replace_all_uses(value, out);
    let body = ir.create_block();
    ir.append_block(ir.regions(region_op)[0], body);
    ir.remove_op(constant);
    ir.append_op(body, constant);
    to_kernel(ctx, ir, constant);
    let ret = ir.create_op(OperationState {
        operands: vec![value],
        ..OperationState::new(ctx, "flow.return", loc)
    });
    ir.append_op(body, ret);
}

/// Converts every constant outside kernels in `module` (see the module comment).
pub fn convert_constants(ctx: &mut Context, ir: &mut Ir, module: Op) -> Counts {
    let mut counts = Counts::default();
    let dim = ctx.ident(xir_graph::ops::DIM.name);
    for c in constants(ctx, ir, module) {
        let value = ir.result(c, 0);
        let scope = ir.parent_op(c);
        let uses: Vec<(Op, usize)> = ir
            .uses(value)
            .map(|u| (ir.use_data(u).owner, ir.use_data(u).index as usize))
            .collect();
        // One clone per region, placed first in its body (it dominates every use).
        let mut clones: FxHashMap<Op, Value> = FxHashMap::default();
        for (user, i) in uses {
            if let Some(region) = region_of(ctx, ir, user, scope) {
                let clone = match clones.get(&region) {
                    Some(&v) => v,
                    None => {
                        let Some(body) =
                            ir.regions(region).first().and_then(|&r| ir.entry_block(r))
                        else {
                            continue;
                        };
                        let new = clone_op(ir, c, &mut Mapping::default());
                        to_kernel(ctx, ir, new);
                        ir.prepend_op(body, new);
                        counts.cloned += 1;
                        let v = ir.result(new, 0);
                        clones.insert(region, v);
                        v
                    }
                };
                ir.set_operand(user, i, clone);
            } else if ir.op(user).name == dim {
                fold_dim(ctx, ir, user, value);
            }
        }
        if ir.has_uses(value) {
            materialize(ctx, ir, c);
            counts.materialized += 1;
        } else {
            ir.erase_op(c);
            counts.erased += 1;
        }
    }
    counts
}

#[derive(Default)]
pub struct ConvertConstants;

impl ConvertConstants {
    pub const ARGUMENT: &'static str = "flow-convert-constants";
    pub const SUMMARY: &'static str =
        "Clone graph.constant ops into the dispatch regions that use them; make the rest dispatch regions of their own";
}

impl Pass for ConvertConstants {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "ConvertConstants"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        super::util::refuse_hal_level(pc.ctx, pc.ir, module, self.argument(), pc.diags)?;
        let n = convert_constants(pc.ctx, pc.ir, module);
        add_statistics(pc, &n);
        if n.cloned + n.materialized + n.erased == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}

pub fn add_statistics(pc: &mut PassContext<'_>, n: &Counts) {
    pc.add_statistic(
        "num-cloned",
        "Number of constants cloned into dispatch regions",
        n.cloned,
    );
    pc.add_statistic(
        "num-materialized",
        "Number of constants made dispatch regions of their own",
        n.materialized,
    );
    pc.add_statistic("num-erased", "Number of constants erased", n.erased);
}
