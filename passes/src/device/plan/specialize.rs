//! Clones a private callee once per distinct placement its call sites force.
//!
//! A probe plan leaves the calls of each private function called from two or more
//! places (outside itself) un-unified, so every call site shows the placements its
//! operands and results get from the caller. Sites are grouped greedily in program
//! order: a site joins the first group it agrees with (same crossing key wherever
//! both are pinned), else starts a new one. Every group starts from the callee's own
//! signature pins; a site that disagrees with those cannot be helped by a clone and
//! joins the first group (the final plan reports it, or cuts it). With two or more
//! groups, each gets a clone `@<callee>_<suffix>` right after the callee; its calls
//! are re-pointed, the group's placements pin the clone's arguments and results,
//! and the callee is erased unless something else names it.
//!
//! Suffix: the group's placements in argument-then-result order, consecutive repeats
//! collapsed, each as `<device>` or `<device>_<memory scope>`, joined by `_`
//! (`@f_gpu`, `@f_cpu_gpu`, `@f_gpu_shared`); a group with no placement at all is
//! `any`. A name already taken gets `_1`, `_2`, ...
//!
//! Recursion: a call inside its own callee takes no part in grouping; in each clone
//! it calls the clone itself, so a recursive function called with two placements
//! becomes two recursive functions. Clones may call other private functions with
//! new placements, so probing repeats (at most `MAX_ROUNDS` times; what is left
//! over is planned as is).

use super::devices::Devices;
use super::model::{self, callee, Model};
use rustc_hash::FxHashSet;
use xir::clone::{clone_op, Mapping};
use xir::symbol::symbol_name;
use xir::{Attr, AttrKind, Context, DiagEngine, Ident, Ir, Op};
use xir_device::attrs::{self, DeviceAttr};

/// Probing rounds: one per level of calls that needs cloning.
pub const MAX_ROUNDS: usize = 16;

/// Placements of a signature's tensor positions (crossing keys), args then results.
type Sig = Vec<Option<Attr>>;

fn agrees(a: &Sig, b: &Sig) -> bool {
    a.iter()
        .zip(b)
        .all(|(x, y)| x.is_none() || y.is_none() || x == y)
}

fn merge(into: &mut Sig, from: &Sig) {
    for (x, y) in into.iter_mut().zip(from) {
        if x.is_none() {
            *x = *y;
        }
    }
}

/// Plans until no private callee needs clones; returns the final model and the
/// number of clones made. The final model's diagnostics go to `diags`.
pub fn plan(
    ctx: &mut Context,
    ir: &mut Ir,
    module: Op,
    devices: &mut Devices,
    auto_transfer: bool,
    diags: &mut DiagEngine,
) -> (Model, usize) {
    let mut clones = 0;
    for _ in 0..MAX_ROUNDS {
        let mut scratch = DiagEngine::default();
        let mut m = model::build(ctx, ir, module, devices, auto_transfer, true, &mut scratch);
        if !m.cut_callee.iter().any(|&c| c) {
            // Nothing was cut: this is the final plan.
            for d in scratch.take() {
                diags.emit(d);
            }
            return (m, clones);
        }
        let made = clone_round(ctx, ir, &mut m);
        if made == 0 {
            break;
        }
        clones += made;
    }
    let m = model::build(ctx, ir, module, devices, auto_transfer, false, diags);
    (m, clones)
}

fn site_sig(m: &mut Model, ir: &Ir, call: Op, f: usize) -> Sig {
    let mut sig = Sig::new();
    let (nargs, nres) = (m.funcs[f].args.len(), m.funcs[f].results.len());
    for i in 0..nargs {
        if m.funcs[f].args[i].is_none() {
            continue;
        }
        let v = (i < ir.num_operands(call))
            .then(|| m.var_of_value(ir.operand(call, i)))
            .flatten();
        sig.push(v.and_then(|v| m.class_key(v)));
    }
    for j in 0..nres {
        if m.funcs[f].results[j].is_none() {
            continue;
        }
        let v = ir.results(call).get(j).and_then(|&r| m.var_of_value(r));
        sig.push(v.and_then(|v| m.class_key(v)));
    }
    sig
}

fn callee_sig(m: &mut Model, f: usize) -> Sig {
    let vars: Vec<_> = m.funcs[f]
        .args
        .iter()
        .chain(&m.funcs[f].results)
        .flatten()
        .copied()
        .collect();
    vars.into_iter().map(|v| m.class_key(v)).collect()
}

/// One round: groups the sites of each cut callee and clones where needed.
fn clone_round(ctx: &mut Context, ir: &mut Ir, m: &mut Model) -> usize {
    let mut made = 0;
    let calls = std::mem::take(&mut m.calls);
    for f in 0..m.funcs.len() {
        if !m.cut_callee[f] {
            continue;
        }
        let base = callee_sig(m, f);
        let mut groups: Vec<(Sig, Vec<Op>)> = Vec::new();
        for site in calls.iter().filter(|c| c.callee == f && !c.recursive) {
            let sig = site_sig(m, ir, site.op, f);
            let fits = agrees(&sig, &base);
            let g = match groups.iter().position(|g| !fits || agrees(&g.0, &sig)) {
                Some(g) => g,
                None => {
                    groups.push((base.clone(), Vec::new()));
                    groups.len() - 1
                }
            };
            if fits {
                merge(&mut groups[g].0, &sig);
            }
            groups[g].1.push(site.op);
        }
        if groups.len() < 2 {
            continue;
        }
        let tensor_args: Vec<bool> = m.funcs[f].args.iter().map(|a| a.is_some()).collect();
        let tensor_res: Vec<bool> = m.funcs[f].results.iter().map(|r| r.is_some()).collect();
        made += clone_callee(ctx, ir, m.funcs[f].op, &groups, (&tensor_args, &tensor_res));
    }
    made
}

/// The readable suffix of a group's placements (see the module comment).
fn suffix(ctx: &Context, sig: &Sig) -> String {
    let mut parts: Vec<String> = Vec::new();
    for key in sig.iter().flatten() {
        let part = match attrs::decode(ctx, *key) {
            Some(DeviceAttr::Affinity { device, memory, .. }) => {
                let mut p = ctx.str(device).to_string();
                if let Some(mem) = memory {
                    p.push('_');
                    p.push_str(&String::from_utf8_lossy(mem));
                }
                p
            }
            _ => "placed".to_string(),
        };
        if parts.last() != Some(&part) {
            parts.push(part);
        }
    }
    if parts.is_empty() {
        return "any".into();
    }
    parts
        .join("_")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The symbol names directly used by ops other than `skip` (attributes and
/// properties, one level deep: `callee`, `func.constant`'s `value`, ...).
fn direct_symbol_uses(
    ctx: &Context,
    ir: &Ir,
    module: Op,
    skip: &FxHashSet<Op>,
) -> FxHashSet<Ident> {
    let mut out = FxHashSet::default();
    for op in xir::walk::preorder(ir, module) {
        if skip.contains(&op) {
            continue;
        }
        let d = ir.op(op);
        let props = d.properties.map(|p| ctx.dict_entries(p)).unwrap_or(&[]);
        for &(_, a) in ctx.dict_entries(d.attrs).iter().chain(props) {
            if let AttrKind::SymbolRef { root, .. } = ctx.attr_kind(a) {
                out.insert(*root);
            }
        }
    }
    out
}

/// `tensor`: which arguments and results have a placement (the positions of a `Sig`).
fn clone_callee(
    ctx: &mut Context,
    ir: &mut Ir,
    f: Op,
    groups: &[(Sig, Vec<Op>)],
    tensor: (&[bool], &[bool]),
) -> usize {
    let Some(name) = symbol_name(ctx, ir, f).map(|n| String::from_utf8_lossy(n).into_owned())
    else {
        return 0;
    };
    let Some(module) = ir.parent_op(f) else {
        return 0;
    };
    let old_id = ctx.ident(&name);
    let mut after = f;
    let mut repointed: FxHashSet<Op> = FxHashSet::default();
    for (sig, sites) in groups {
        let base = format!("{name}_{}", suffix(ctx, sig));
        let mut new_name = base.clone();
        let mut k = 0;
        while xir::symbol::lookup_symbol_in(ctx, ir, module, new_name.as_bytes()).is_some() {
            k += 1;
            new_name = format!("{base}_{k}");
        }
        let mut map = Mapping::default();
        let c = clone_op(ir, f, &mut map);
        let sym = ctx.string_attr(&new_name);
        set_attr(ctx, ir, c, "sym_name", sym);
        ir.insert_op_after(after, c);
        after = c;
        // The group's placements pin the clone's signature, so a clone whose calls
        // want the result elsewhere than the argument is cut inside the clone.
        let mut pos = sig.iter();
        for (which, mask) in [("arg_attrs", tensor.0), ("res_attrs", tensor.1)] {
            let pins: Vec<(usize, Option<Attr>)> = mask
                .iter()
                .enumerate()
                .filter(|&(_, &t)| t)
                .filter_map(|(i, _)| pos.next().copied().flatten().map(|k| (i, Some(k))))
                .collect();
            super::func_attrs::set(ctx, ir, c, which, mask.len(), &pins);
        }
        let new_id = ctx.ident(&new_name);
        let new_ref = ctx.intern_attr(AttrKind::SymbolRef {
            root: new_id,
            nested: Vec::new(),
        });
        // Recursive calls inside the clone call the clone.
        for op in xir::walk::preorder(ir, c) {
            if callee(ctx, ir, op) == Some(old_id) {
                set_attr(ctx, ir, op, "callee", new_ref);
            }
        }
        for &site in sites {
            set_attr(ctx, ir, site, "callee", new_ref);
            repointed.insert(site);
        }
    }
    // Calls inside the original die with it.
    repointed.extend(xir::walk::preorder(ir, f));
    if !direct_symbol_uses(ctx, ir, module, &repointed).contains(&old_id) {
        ir.erase_op(f);
    }
    groups.len()
}

/// Sets an attribute where the op keeps it (properties, else the discardable dictionary).
fn set_attr(ctx: &mut Context, ir: &mut Ir, op: Op, key: &str, value: Attr) {
    let in_props = ir
        .op(op)
        .properties
        .is_some_and(|p| ctx.dict_get(p, key).is_some());
    if in_props {
        super::func_attrs::set_property(ctx, ir, op, key, value);
    } else {
        super::func_attrs::set_op_attr(ctx, ir, op, key, Some(value));
    }
}
