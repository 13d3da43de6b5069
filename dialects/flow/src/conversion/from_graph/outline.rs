//! `flow-outline-dispatch-regions`: each `flow.dispatch.region` becomes a
//! private `flow.executable @<func>_dispatch_<n>` with one export and a kernel
//! `func.func` (the region's ops, captured values as arguments), and the region
//! is replaced by `flow.dispatch @exe::@export(captures) on(#aff)`, with the
//! captures' dynamic dims (`graph.dim` ops before it) and the region's result
//! dims.
//!
//! A region with dynamic argument or result dims gets a kernel with trailing
//! `index` arguments, one per dynamic dim: first each argument's (in argument
//! order, outermost dim first), then each result's, the same values (same
//! order) the `flow.dispatch` lists after the types, so a kernel knows every
//! dim even of a `?x?` tensor (IREE passes them as push constants; stream →
//! hal makes them the dispatch's `constants`). The kernel's ops need not use
//! them: graph ops carry dims in their types. An `index` value an op inside
//! reads (a dim it is given) is captured like a tensor, an argument in
//! capture order; the dims are always the trailing `index` arguments.
//!
//! Kernels that are structurally equal (same signature, same ops with the same
//! properties, attributes and result types, wired the same way) share one
//! executable; locations do not count.

use rustc_hash::{FxHashMap, FxHashSet};
use xir::ods::access::segment_attr;
use xir::pass::{Pass, PassContext};
use xir::symbol::symbol_name;
use xir::types::TypeKind;
use xir::{AttrKind, Block, Context, Ir, Op, OperationState, Value};

use super::dims::{DimSrc, DimValues};
use xir::util::build::op_state;
use xir::util::nesting::{ancestor_in, defining_scope, is_inside};

#[derive(Default)]
pub struct OutlineDispatchRegions;

impl OutlineDispatchRegions {
    pub const ARGUMENT: &'static str = "flow-outline-dispatch-regions";
    pub const SUMMARY: &'static str =
        "Outline flow.dispatch.region ops into flow.executable kernels and flow.dispatch calls";
}

/// The single block of `op`'s first region.
fn body(ir: &Ir, op: Op) -> Option<Block> {
    ir.regions(op).first().and_then(|&r| ir.entry_block(r))
}

/// Values used in `region_op` and defined outside it, in first-use order, and
/// every use of them inside (user, operand index, capture index).
fn captures(ir: &Ir, region_op: Op) -> (Vec<Value>, Vec<(Op, usize, usize)>) {
    let mut caps = Vec::new();
    let mut index: FxHashMap<Value, usize> = FxHashMap::default();
    let mut uses = Vec::new();
    for inner in xir::walk::preorder(ir, region_op).into_iter().skip(1) {
        for (i, v) in ir.operands(inner).enumerate() {
            let outside = match defining_scope(ir, v) {
                Some(s) => s != region_op && !is_inside(ir, region_op, s),
                None => true,
            };
            if outside {
                let k = *index.entry(v).or_insert_with(|| {
                    caps.push(v);
                    caps.len() - 1
                });
                uses.push((inner, i, k));
            }
        }
    }
    (caps, uses)
}

/// The number of `?` of `t` (0 unless a ranked tensor).
fn dynamic_dims(ctx: &Context, t: xir::Type) -> usize {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => shape.iter().filter(|&&d| d < 0).count(),
        _ => 0,
    }
}

/// A structural key of the kernel: equal keys mean interchangeable kernels.
/// `None` for bodies with nested regions (never shared). The trailing dim
/// arguments follow from the types, so the key covers them.
fn kernel_key(ir: &Ir, region_op: Op, caps: &[Value]) -> Option<Vec<u32>> {
    let block = body(ir, region_op)?;
    let mut key: Vec<u32> = vec![caps.len() as u32];
    key.extend(caps.iter().map(|&v| ir.value_type(v).index() as u32));
    key.extend(
        ir.results(region_op)
            .iter()
            .map(|&v| ir.value_type(v).index() as u32),
    );
    let mut local: FxHashMap<Value, u32> = FxHashMap::default();
    let cap_index: FxHashMap<Value, u32> = caps
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, i as u32))
        .collect();
    for op in ir.block_ops(block) {
        if !ir.regions(op).is_empty() {
            return None;
        }
        let d = ir.op(op);
        key.push(u32::MAX);
        key.push(d.name.index() as u32);
        key.push(d.properties.map_or(u32::MAX, |p| p.index() as u32));
        key.push(d.attrs.index() as u32);
        key.push(ir.num_operands(op) as u32);
        for v in ir.operands(op) {
            match (cap_index.get(&v), local.get(&v)) {
                (Some(&c), _) => key.push(c * 2),
                (None, Some(&l)) => key.push(l * 2 + 1),
                (None, None) => return None,
            }
        }
        for &r in ir.results(op) {
            key.push(ir.value_type(r).index() as u32);
            let n = local.len() as u32;
            local.insert(r, n);
        }
    }
    Some(key)
}

fn simple_op(
    ctx: &mut Context,
    name: &str,
    props: Vec<(&str, xir::Attr)>,
    num_regions: usize,
    loc: xir::Attr,
) -> OperationState {
    OperationState {
        num_regions,
        ..op_state(ctx, name, props, loc)
    }
}

/// An op with one region holding one empty block; returns both.
fn with_block(ir: &mut Ir, st: OperationState) -> (Op, Block) {
    let op = ir.create_op(st);
    let b = ir.create_block();
    let r = ir.regions(op)[0];
    ir.append_block(r, b);
    (op, b)
}

/// Moves the body of `region_op` into a new executable named `name`, inserted
/// before `anchor`.
fn outline(
    ctx: &mut Context,
    ir: &mut Ir,
    region_op: Op,
    caps: &[Value],
    cap_uses: &[(Op, usize, usize)],
    name: &str,
    anchor: Op,
) {
    let num_dims = caps
        .iter()
        .copied()
        .chain(ir.results(region_op).iter().copied())
        .map(|v| dynamic_dims(ctx, ir.value_type(v)))
        .sum::<usize>();
    let loc = ir.op(region_op).loc;
    let sym = ctx.string_attr(name);
    let private = ctx.string_attr("private");
    let st = simple_op(
        ctx,
        "flow.executable",
        vec![("sym_name", sym), ("sym_visibility", private)],
        1,
        loc,
    );
    let (exe, exe_body) = with_block(ir, st);
    ir.insert_op_before(anchor, exe);
    let st = simple_op(
        ctx,
        "flow.executable.export",
        vec![("sym_name", sym)],
        0,
        loc,
    );
    let export = ir.create_op(st);
    ir.append_op(exe_body, export);
    let st = simple_op(ctx, "builtin.module", vec![], 1, loc);
    let (module, module_body) = with_block(ir, st);
    ir.append_op(exe_body, module);
    let index = ctx.index_type();
    let mut inputs: Vec<_> = caps.iter().map(|&v| ir.value_type(v)).collect();
    inputs.extend(std::iter::repeat_n(index, num_dims));
    let results = ir
        .results(region_op)
        .iter()
        .map(|&v| ir.value_type(v))
        .collect();
    let fty = ctx.function_type(inputs, results);
    let fty = ctx.type_attr(fty);
    let st = simple_op(
        ctx,
        xir_func::FUNC.name,
        vec![("function_type", fty), ("sym_name", sym)],
        1,
        loc,
    );
    let (func, entry) = with_block(ir, st);
    ir.append_op(module_body, func);
    let args: Vec<Value> = caps
        .iter()
        .map(|&v| {
            let l = ir.value(v).loc;
            ir.add_block_arg(entry, ir.value_type(v), l)
        })
        .collect();
    for _ in 0..num_dims {
        ir.add_block_arg(entry, index, Some(loc));
    }
    for &(user, i, k) in cap_uses {
        ir.set_operand(user, i, args[k]);
    }
    let Some(src) = body(ir, region_op) else {
        return;
    };
    let ops: Vec<Op> = ir.block_ops(src).collect();
    for op in ops {
        ir.remove_op(op);
        if ctx.str(ir.op(op).name) == "flow.return" {
            let vals: Vec<Value> = ir.operands(op).collect();
            let rloc = ir.op(op).loc;
            ir.erase_op(op);
            let mut st = simple_op(ctx, xir_func::RETURN.name, vec![], 0, rloc);
            st.operands = vals;
            let ret = ir.create_op(st);
            ir.append_op(entry, ret);
        } else {
            ir.append_op(entry, op);
        }
    }
}

struct Namer {
    taken: FxHashSet<Vec<u8>>,
    next: FxHashMap<Vec<u8>, u32>,
}

impl Namer {
    fn fresh(&mut self, base: &[u8]) -> String {
        let n = self.next.entry(base.to_vec()).or_insert(0);
        loop {
            let mut name = base.to_vec();
            name.extend_from_slice(format!("_dispatch_{n}").as_bytes());
            *n += 1;
            if self.taken.insert(name.clone()) {
                return String::from_utf8_lossy(&name).into_owned();
            }
        }
    }
}

/// Outlines every dispatch region of `module`; returns (regions, executables).
pub fn outline_all(ctx: &mut Context, ir: &mut Ir, module: Op) -> (u64, u64) {
    let Some(top) = body(ir, module) else {
        return (0, 0);
    };
    let mut taken = FxHashSet::default();
    for op in ir.block_ops(top) {
        if let Some(n) = symbol_name(ctx, ir, op) {
            taken.insert(n.to_vec());
        }
    }
    let mut namer = Namer {
        taken,
        next: FxHashMap::default(),
    };
    let mut regions = Vec::new();
    let mut stack = vec![module];
    while let Some(op) = stack.pop() {
        match ctx.str(ir.op(op).name) {
            "flow.executable" => continue,
            "flow.dispatch.region" => {
                regions.push(op);
                continue;
            }
            _ => {}
        }
        let start = stack.len();
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                stack.extend(ir.block_ops(b));
            }
        }
        stack[start..].reverse();
    }
    let mut kernels: FxHashMap<Vec<u32>, String> = FxHashMap::default();
    let (mut outlined, mut created) = (0u64, 0u64);
    for region_op in regions {
        let Some(anchor) = ancestor_in(ir, top, region_op) else {
            continue;
        };
        let (caps, cap_uses) = captures(ir, region_op);
        let key = kernel_key(ir, region_op, &caps);
        let existing = key.as_ref().and_then(|k| kernels.get(k)).cloned();
        let name = match existing {
            Some(n) => n,
            None => {
                let base = symbol_name(ctx, ir, anchor)
                    .map(<[u8]>::to_vec)
                    .unwrap_or_else(|| b"kernel".to_vec());
                let n = namer.fresh(&base);
                outline(ctx, ir, region_op, &caps, &cap_uses, &n, anchor);
                created += 1;
                if let Some(k) = key {
                    kernels.insert(k, n.clone());
                }
                n
            }
        };
        let loc = ir.op(region_op).loc;
        let root = ctx.ident(&name);
        let entry = ctx.intern_attr(AttrKind::SymbolRef {
            root,
            nested: vec![root],
        });
        // Dims: the arguments' from `graph.dim` before the dispatch (shared
        // with those region formation made), the results' from the region.
        let mut dim_values = DimValues::seeded_before(ctx, ir, region_op);
        let mut arg_dims = Vec::new();
        for &v in &caps {
            if let TypeKind::RankedTensor { shape, .. } = ctx.type_kind(ir.value_type(v)) {
                let dynamic: Vec<usize> = (0..shape.len()).filter(|&k| shape[k] < 0).collect();
                for k in dynamic {
                    arg_dims.push(dim_values.get(ctx, ir, DimSrc::Of(v, k), region_op));
                }
            }
        }
        let result_dims: Vec<Value> = ir.operands(region_op).collect();
        let segs = segment_attr(ctx, &[caps.len(), arg_dims.len(), result_dims.len()]);
        let mut props = vec![("entry_point", entry), ("operandSegmentSizes", segs)];
        if let Some(a) = ir
            .op(region_op)
            .properties
            .and_then(|p| ctx.dict_get(p, "affinity"))
        {
            props.push(("affinity", a));
        }
        let mut st = simple_op(ctx, "flow.dispatch", props, 0, loc);
        st.operands = caps;
        st.operands.extend(arg_dims);
        st.operands.extend(result_dims);
        st.result_types = ir
            .results(region_op)
            .iter()
            .map(|&v| ir.value_type(v))
            .collect();
        let dispatch = ir.create_op(st);
        ir.insert_op_before(region_op, dispatch);
        for (k, r) in ir.results(region_op).to_vec().into_iter().enumerate() {
            let d = ir.result(dispatch, k);
            ir.replace_all_uses(r, d);
        }
        ir.erase_op(region_op);
        outlined += 1;
    }
    (outlined, created)
}

impl Pass for OutlineDispatchRegions {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "OutlineDispatchRegions"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        super::util::refuse_hal_level(pc.ctx, pc.ir, module, self.argument(), pc.diags)?;
        let (n, exes) = outline_all(pc.ctx, pc.ir, module);
        pc.add_statistic("num-dispatches", "Number of dispatch regions outlined", n);
        pc.add_statistic("num-executables", "Number of executables created", exes);
        if n == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}
