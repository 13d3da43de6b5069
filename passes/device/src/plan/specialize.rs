//! Clones a private callee once per distinct placement its call sites force.
//! A public function is never cloned (other modules may call it by name): called
//! on two placements, the final plan's conflict names it and both calls
//! (`diagnostics::shared_callee`), or cuts the second call under auto-transfer.
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
//! over is planned as is), unless the round shows that the next probe would
//! clone nothing (see `clone_round`).

use super::devices::Devices;
use super::model::{self, callee, CallSite, Mode, Model, Spare};
use rustc_hash::{FxHashMap, FxHashSet};
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

/// A clone of a private callee for one group of its calls.
pub struct Cloned {
    /// The clone (a `func.func`; erased if a later round cloned it again).
    pub func: Op,
    /// The function the program wrote (for a clone of a clone, the first one).
    pub of: String,
    /// The locations of the calls it serves.
    pub calls: Vec<Attr>,
}

/// Plans until no private callee needs clones; returns the final model and the
/// clones made. The final model's diagnostics go to `diags`.
pub fn plan(
    ctx: &mut Context,
    ir: &mut Ir,
    module: Op,
    devices: &mut Devices,
    mode: Mode,
    diags: &mut DiagEngine,
) -> (Model, Vec<Cloned>) {
    let mut clones = Vec::new();
    let mut spare = Spare::default();
    // Under min-transfer no use carries a placement, so call sites would show only
    // their own pins: the probes let placements flow as auto-transfer does, and
    // clone by what they show.
    let probe_mode = match mode {
        Mode::MinTransfer => Mode::AutoTransfer,
        m => m,
    };
    for _ in 0..MAX_ROUNDS {
        let mut scratch = DiagEngine::default();
        let mut m = model::build_reusing(
            ctx,
            ir,
            module,
            devices,
            probe_mode,
            true,
            &mut scratch,
            spare,
        );
        if !m.cut_callee.iter().any(|&c| c) && probe_mode == mode {
            // Nothing was cut: this is the final plan.
            for d in scratch.take() {
                diags.emit(d);
            }
            return (m, clones);
        }
        let round = clone_round(ctx, ir, &mut m, &mut clones);
        spare = m.into_spare();
        if round.made == 0 {
            break;
        }
        if round.settled {
            #[cfg(debug_assertions)]
            check_settled(ctx, ir, module, devices, probe_mode);
            break;
        }
    }
    let m = model::build_reusing(ctx, ir, module, devices, mode, false, diags, spare);
    (m, clones)
}

/// Debug builds check the shortcut of a settled round: probing once more would
/// clone nothing.
#[cfg(debug_assertions)]
fn check_settled(ctx: &mut Context, ir: &Ir, module: Op, devices: &mut Devices, mode: Mode) {
    let mut scratch = DiagEngine::default();
    let mut m = model::build(ctx, ir, module, devices, mode, true, &mut scratch);
    let sites = sites_by_callee(&mut m);
    for (f, sites) in sites.iter().enumerate() {
        if m.cut_callee[f] {
            let groups = group_sites(&mut m, ir, sites, f, false);
            assert!(groups.len() < 2, "a settled round left a callee to clone");
        }
    }
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

/// The sites of each cut callee (calls from outside it), in program order.
fn sites_by_callee(m: &mut Model) -> Vec<Vec<CallSite>> {
    let mut sites = vec![Vec::new(); m.funcs.len()];
    for c in std::mem::take(&mut m.calls) {
        if m.cut_callee[c.callee] && !c.recursive {
            sites[c.callee].push(c);
        }
    }
    sites
}

/// What a cloning round did.
struct Round {
    made: usize,
    /// Probing again would clone nothing (see `clone_round`).
    settled: bool,
}

/// Groups the sites of cut callee `f` (see the module comment). `erased`: ops may
/// have been erased since the plan (by cloning).
fn group_sites(
    m: &mut Model,
    ir: &Ir,
    sites: &[CallSite],
    f: usize,
    erased: bool,
) -> Vec<(Sig, Vec<Op>)> {
    let base = callee_sig(m, f);
    let mut groups: Vec<(Sig, Vec<Op>)> = Vec::new();
    let mut sig = Sig::new();
    for site in sites {
        m.site_keys(site, erased && ir.is_erased(site.op), &mut sig);
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
    groups
}

/// One round: groups the sites of each cut callee and clones where needed.
///
/// The round is settled, and the next probe would clone nothing, when every
/// cloned callee calls nothing but itself and each of its clones has two or more
/// call sites. Then the next probe cuts the clones' calls again, so every caller
/// sees the same placements as in this round, and every group agrees with the
/// placements pinned on its clone's signature: one group per clone. Callees cut
/// but not cloned keep their sites and their single group.
fn clone_round(ctx: &mut Context, ir: &mut Ir, m: &mut Model, clones: &mut Vec<Cloned>) -> Round {
    let mut round = Round {
        made: 0,
        settled: true,
    };
    let sites = sites_by_callee(m);
    let mut erased = false;
    for (f, sites) in sites.iter().enumerate() {
        if !m.cut_callee[f] {
            continue;
        }
        // Grouped after the previous callees' clones: their sites may lie in those.
        let groups = group_sites(m, ir, sites, f, erased);
        if groups.len() < 2 {
            continue;
        }
        let fop = m.funcs[f].op;
        round.settled &= groups.iter().all(|g| g.1.len() >= 2) && calls_only_itself(ctx, ir, fop);
        let tensor_args: Vec<bool> = m.funcs[f].args.iter().map(|a| a.is_some()).collect();
        let tensor_res: Vec<bool> = m.funcs[f].results.iter().map(|r| r.is_some()).collect();
        let made = clone_callee(ctx, ir, fop, &groups, (&tensor_args, &tensor_res), clones);
        erased |= ir.is_erased(fop);
        round.settled &= made > 0;
        round.made += made;
    }
    round
}

/// Whether every `func.call` nested in function `f` calls `f` itself.
fn calls_only_itself(ctx: &Context, ir: &Ir, f: Op) -> bool {
    let Some(name) = symbol_name(ctx, ir, f) else {
        return false;
    };
    xir::walk::preorder(ir, f).into_iter().skip(1).all(|op| {
        !xir_func::CALL.is(ctx, ir, op) || callee(ctx, ir, op).map(|c| ctx.bytes(c)) == Some(name)
    })
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

/// Whether an op outside `f` other than the `skip` ops names symbol `name` directly
/// (attributes and properties, one level deep: `callee`, `func.constant`'s
/// `value`, ...). Stops at the first one.
fn named_outside(
    ctx: &Context,
    ir: &Ir,
    module: Op,
    f: Op,
    skip: &FxHashSet<Op>,
    name: Ident,
) -> bool {
    let mut stack = vec![module];
    while let Some(op) = stack.pop() {
        if op == f {
            continue;
        }
        let d = ir.op(op);
        let props = d.properties.map(|p| ctx.dict_entries(p)).unwrap_or(&[]);
        let names_it = ctx.dict_entries(d.attrs).iter().chain(props).any(
            |&(_, a)| matches!(ctx.attr_kind(a), AttrKind::SymbolRef { root, .. } if *root == name),
        );
        if names_it && !skip.contains(&op) {
            return true;
        }
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                stack.extend(ir.block_ops(b));
            }
        }
    }
    false
}

/// `tensor`: which arguments and results have a placement (the positions of a `Sig`).
fn clone_callee(
    ctx: &mut Context,
    ir: &mut Ir,
    f: Op,
    groups: &[(Sig, Vec<Op>)],
    tensor: (&[bool], &[bool]),
    clones: &mut Vec<Cloned>,
) -> usize {
    let Some(name) = symbol_name(ctx, ir, f).map(|n| String::from_utf8_lossy(n).into_owned())
    else {
        return 0;
    };
    let of = clones
        .iter()
        .find(|c| c.func == f)
        .map_or_else(|| name.clone(), |c| c.of.clone());
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
        clones.push(Cloned {
            func: c,
            of: of.clone(),
            calls: sites.iter().map(|&s| ir.op(s).loc).collect(),
        });
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
        // Sites mostly share their dictionaries: set the callee once per pair.
        let mut retarget: FxHashMap<(Option<Attr>, Attr), (Option<Attr>, Attr)> =
            FxHashMap::default();
        for &site in sites {
            let d = ir.op(site);
            let old = (d.properties, d.attrs);
            let new = match retarget.get(&old) {
                Some(&new) => new,
                None => {
                    set_attr(ctx, ir, site, "callee", new_ref);
                    let d = ir.op(site);
                    retarget.insert(old, (d.properties, d.attrs));
                    (d.properties, d.attrs)
                }
            };
            let d = ir.op_mut(site);
            (d.properties, d.attrs) = new;
            repointed.insert(site);
        }
    }
    // Calls inside the original die with it.
    if !named_outside(ctx, ir, module, f, &repointed, old_id) {
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
