//! `memory-plan`: a pool and an offset for every intermediate tensor
//! (`memory.pool = "gpu"`, `memory.offset = 64 : i64` on its defining op; arrays with
//! one entry per result on multi-result ops, `""`/`-1` for results not planned), each
//! function's pool sizes (`memory.pools`), and the module's requirement per pool. A
//! result planned by scale (scaled.rs) has its offset in units of its scaled pool and
//! its size in units as `memory.units` (`-1` for the op's other results).

use super::liveness;
use super::plan::{self, Item};
use super::report::{self, Row};
use super::requirements;
use super::{dict_attr, parse_alignment, parse_max_dim, set_attr};
use rustc_hash::FxHashMap;
use xir::pass::options::parse_bool;
use xir::pass::{Pass, PassContext, PassOption};
use xir::printer::type_to_string;
use xir::util::bytes::Bytes;
use xir::{Attr, AttrKind, Context, Diagnostic, Ident, Ir, Op};

pub struct MemoryPlan {
    pub alignment: u64,
    pub allow_inplace: bool,
    pub max_dim: Option<u64>,
    /// Print the report table to stderr.
    pub report: bool,
}

impl Default for MemoryPlan {
    fn default() -> Self {
        MemoryPlan {
            alignment: 64,
            allow_inplace: false,
            max_dim: None,
            report: false,
        }
    }
}

impl MemoryPlan {
    pub const ARGUMENT: &'static str = "memory-plan";
    pub const SUMMARY: &'static str =
        "Give every intermediate tensor a pool and an offset; record pool sizes and per-device requirements";
}

/// One planned result: (result index, pool, offset, and for a scaled pool
/// its size in units).
type Placed = (u32, u32, u64, Option<u64>);

/// Interned once per run: 100k ops each get both attributes.
struct Keys {
    pool: Ident,
    offset: Ident,
    /// `memory.units`: a scaled result's size in units of its pool.
    units: Ident,
    /// One string attribute per pool name.
    names: Vec<Attr>,
    /// Offsets repeat a lot; interning an integer allocates.
    offsets: FxHashMap<u64, Attr>,
}

impl Keys {
    /// Offsets beyond i64 saturate, as pool sizes do.
    fn offset(&mut self, ctx: &mut Context, o: u64) -> Attr {
        *self
            .offsets
            .entry(o)
            .or_insert_with(|| ctx.i64_attr(i64::try_from(o).unwrap_or(i64::MAX)))
    }
}

/// The sum of the buffers' sizes, if it fits in an i64.
fn total_bytes(items: &[Item]) -> Option<u64> {
    items
        .iter()
        .try_fold(0u64, |a, it| a.checked_add(it.size))
        .filter(|&t| t <= i64::MAX as u64)
}

fn write_op(
    ctx: &mut Context,
    ir: &mut Ir,
    op: Op,
    placed: &[Placed],
    keys: &mut Keys,
    names: &[Attr],
) {
    let nres = ir.results(op).len();
    let scaled = placed.iter().any(|x| x.3.is_some());
    let (pool, offset, units) = if nres == 1 {
        let (_, p, o, u) = placed[0];
        let u = u.map(|u| keys.offset(ctx, u));
        (names[p as usize], keys.offset(ctx, o), u)
    } else {
        let mut pools = Vec::with_capacity(nres);
        let mut offs = Vec::with_capacity(nres);
        let mut units = Vec::with_capacity(nres);
        for r in 0..nres as u32 {
            match placed.iter().find(|x| x.0 == r) {
                Some(&(_, p, o, u)) => {
                    pools.push(names[p as usize]);
                    offs.push(keys.offset(ctx, o));
                    units.push(match u {
                        Some(u) => keys.offset(ctx, u),
                        None => ctx.i64_attr(-1),
                    });
                }
                None => {
                    pools.push(ctx.string_attr(""));
                    offs.push(ctx.i64_attr(-1));
                    units.push(ctx.i64_attr(-1));
                }
            }
        }
        let units = scaled.then(|| ctx.intern_attr(AttrKind::Array(units)));
        (
            ctx.intern_attr(AttrKind::Array(pools)),
            ctx.intern_attr(AttrKind::Array(offs)),
            units,
        )
    };
    // The keys in one new dictionary (later entries replace earlier ones).
    let mut entries = ctx.dict_entries(ir.op(op).attrs).to_vec();
    entries.push((keys.pool, pool));
    entries.push((keys.offset, offset));
    if let Some(u) = units {
        entries.push((keys.units, u));
    }
    ir.op_mut(op).attrs = ctx.dictionary(entries);
}

/// Removes `memory.pool`/`memory.offset` from the ops of function `f`.
fn strip_plan(ctx: &mut Context, ir: &mut Ir, f: Op) {
    for op in xir::walk::preorder(ir, f).into_iter().skip(1) {
        let attrs = ir.op(op).attrs;
        if ctx.dict_get(attrs, "memory.pool").is_none()
            && ctx.dict_get(attrs, "memory.offset").is_none()
        {
            continue;
        }
        let a = ctx.dict_set(attrs, "memory.pool", None);
        let a = ctx.dict_set(a, "memory.offset", None);
        let a = ctx.dict_set(a, "memory.units", None);
        ir.op_mut(op).attrs = a;
    }
}

impl Pass for MemoryPlan {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "MemoryPlan"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn options(&self) -> Vec<PassOption> {
        vec![
            PassOption {
                name: "alignment",
                help: "Byte alignment of every buffer's offset and size",
                default: "64".into(),
            },
            PassOption {
                name: "allow-inplace",
                help: "Let an elementwise op write over an operand that dies there",
                default: "false".into(),
            },
            PassOption {
                name: "max-dim",
                help: "Bound for every dynamic dimension (0: such tensors are left to run-time allocation)",
                default: "0".into(),
            },
            PassOption {
                name: "report",
                help: "Print a table per function and pool: size, lower bound, ratio, buffers, largest buffer",
                default: "false".into(),
            },
        ]
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "alignment" => self.alignment = parse_alignment(value)?,
            "allow-inplace" => self.allow_inplace = parse_bool(value)?,
            "max-dim" => self.max_dim = parse_max_dim(value)?,
            "report" => self.report = parse_bool(value)?,
            _ => return Err(format!("no such option '{name}'")),
        }
        Ok(())
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        let m = liveness::collect(
            pc.ctx,
            pc.ir,
            module,
            self.max_dim,
            Self::ARGUMENT,
            pc.diags,
        )?;
        if m.flow_level {
            // Attributes of an earlier (graph-level) plan would be stale: the
            // flow-level buffers are fewer (fused values need no memory).
            for fl in &m.funcs {
                strip_plan(pc.ctx, pc.ir, fl.op);
            }
        }
        let npools = m.pools.names.len();
        let mut keys = Keys {
            pool: pc.ctx.ident("memory.pool"),
            offset: pc.ctx.ident("memory.offset"),
            units: pc.ctx.ident("memory.units"),
            names: m
                .pools
                .names
                .iter()
                .map(|n| pc.ctx.string_attr(n))
                .collect(),
            offsets: FxHashMap::default(),
        };
        let mut planned = Planned {
            used: vec![false; npools],
            rows: Vec::new(),
            nbuf: 0,
            ninplace: 0,
        };
        let mut own: Vec<Vec<u64>> = Vec::with_capacity(m.funcs.len());
        for fl in &m.funcs {
            own.push(self.plan_func(pc, &m, fl, &mut keys, &mut planned)?);
        }
        write_requirements(pc, &m, module, &own, &planned.used)?;
        if self.report {
            eprint!("{}", report::table(&planned.rows));
        }
        pc.add_statistic("num-buffers", "Number of buffers planned", planned.nbuf);
        pc.add_statistic(
            "num-inplace",
            "Number of results written in place",
            planned.ninplace,
        );
        Ok(())
    }
}

/// What planning the functions gathers for the module and the report.
struct Planned {
    /// Per pool: some function has buffers there.
    used: Vec<bool>,
    rows: Vec<Row>,
    nbuf: u64,
    ninplace: u64,
}

impl MemoryPlan {
    /// Plans the buffers of one function and writes their attributes and
    /// its `memory.pools`; returns its size per pool.
    fn plan_func(
        &self,
        pc: &mut PassContext<'_>,
        m: &liveness::ModuleLiveness,
        fl: &liveness::FuncLiveness,
        keys: &mut Keys,
        planned: &mut Planned,
    ) -> Result<Vec<u64>, ()> {
        let npools = m.pools.names.len();
        let (sizes, pool_of, extra) = self.buffer_sizes(pc, m, fl);
        let all: Vec<&str> = m
            .pools
            .names
            .iter()
            .chain(&extra)
            .map(String::as_str)
            .collect();
        let (group, inplace) = super::inplace::groups(pc.ctx, pc.ir, fl, self.allow_inplace);
        planned.ninplace += inplace as u64;
        let (items, item_of) = group_items(fl, &sizes, &pool_of, &group, all.len());
        // Every heuristic places a buffer at most on top of all the others, so a
        // pool whose buffers sum to no more than i64::MAX (the attributes' type)
        // keeps every offset and end in range.
        for (p, v) in items.iter().enumerate() {
            if total_bytes(v).is_none() {
                pc.diags.emit(Diagnostic::error(
                    pc.ir.op(fl.op).loc,
                    format!(
                        "memory-plan: the buffers of @{} in pool '{}' total more than {} bytes",
                        fl.name,
                        all[p],
                        i64::MAX
                    ),
                ));
                return Err(());
            }
        }
        let bounds: Vec<u64> = items.iter().map(|v| plan::lower_bound(v)).collect();
        let plans: Vec<Option<plan::Placement>> = items
            .iter()
            .zip(&bounds)
            .map(|(v, &lb)| (!v.is_empty()).then(|| plan::plan(v, lb)))
            .collect();
        // Scaled pools (past `npools`) are sized at run time: no part of
        // the module's requirement.
        let mut pool_sizes = vec![0u64; npools];
        let mut named: Vec<(&str, u64)> = Vec::new();
        for (p, pl) in plans.iter().enumerate() {
            let Some(pl) = pl else { continue };
            if p < npools {
                pool_sizes[p] = pl.size;
                planned.used[p] = true;
            }
            named.push((all[p], pl.size));
            planned.rows.push(Row {
                func: fl.name.clone(),
                pool: all[p].to_string(),
                size: pl.size,
                lower_bound: bounds[p],
                buffers: items[p].len(),
                largest: items[p].iter().map(|i| i.size).max().unwrap_or(0),
                heuristic: pl.heuristic.name(),
            });
        }
        // Attributes on the defining ops, grouped per op.
        let mut per_op: Vec<(Op, Vec<Placed>)> = Vec::new();
        for (i, b) in fl.buffers.iter().enumerate() {
            if sizes[i].is_none() {
                continue;
            }
            let k = item_of[group[i] as usize] as usize;
            let pool = pool_of[i];
            let Some(pl) = &plans[pool as usize] else {
                continue;
            };
            let units = (pool as usize >= npools).then(|| items[pool as usize][k].size);
            let entry = (b.result, pool, pl.offsets[k], units);
            planned.nbuf += 1;
            match per_op.last_mut() {
                Some((o, v)) if *o == b.op => v.push(entry),
                _ => per_op.push((b.op, vec![entry])),
            }
        }
        let mut names = keys.names.clone();
        names.extend(extra.iter().map(|n| pc.ctx.string_attr(n)));
        for (op, placed) in &per_op {
            write_op(pc.ctx, pc.ir, *op, placed, keys, &names);
        }
        // Lowering reads the pools; an empty dictionary would only be noise there.
        let d = (!m.flow_level || !named.is_empty()).then(|| dict_attr(pc.ctx, &named));
        set_attr(pc.ctx, pc.ir, fl.op, "memory.pools", d);
        Ok(pool_sizes)
    }

    /// The aligned byte size of each buffer (`None`, with a remark, for
    /// those left to run-time allocation) and its pool; a dynamic one
    /// planned by scale (scaled.rs) gets its bytes per unit and a scaled
    /// pool, numbered after the module's pools, whose names come last.
    fn buffer_sizes(
        &self,
        pc: &mut PassContext<'_>,
        m: &liveness::ModuleLiveness,
        fl: &liveness::FuncLiveness,
    ) -> (Vec<Option<u64>>, Vec<u32>, Vec<String>) {
        let npools = m.pools.names.len() as u32;
        let mut sizes: Vec<Option<u64>> = Vec::with_capacity(fl.buffers.len());
        let mut pools = Vec::with_capacity(fl.buffers.len());
        let mut extra: Vec<String> = Vec::new();
        // Planned by scale only where each buffer has its own bytes: not
        // with in-place groups, nor when a bound gives every dim a size.
        let scale = m.flow_level && !self.allow_inplace && self.max_dim.is_none();
        let mut tracer = scale.then(|| super::scaled::Tracer::new(pc.ctx, pc.ir, fl.op));
        for b in &fl.buffers {
            let mut pool = b.pool;
            let mut s = b.bytes.aligned(self.alignment);
            if let (Bytes::Dynamic, Some(t)) = (b.bytes, tracer.as_mut()) {
                if let Some((factors, per_unit)) = t.buffer(b.op, b.result as usize) {
                    let name = super::scaled::name(&m.pools.names[b.pool as usize], &factors);
                    let j = match extra.iter().position(|n| *n == name) {
                        Some(j) => j,
                        None => {
                            extra.push(name);
                            extra.len() - 1
                        }
                    };
                    pool = npools + j as u32;
                    s = Some(per_unit);
                }
            }
            pools.push(pool);
            if s.is_none() {
                let why = match b.bytes {
                    Bytes::Dynamic => "has a dynamic dimension",
                    _ => "has no static byte size",
                };
                pc.diags.emit(Diagnostic::remark(
                    pc.ir.op(b.op).loc,
                    format!(
                        "memory-plan: {} {why}: left to run-time allocation (bound dimensions with max-dim=N)",
                        type_to_string(pc.ctx, pc.ir.value_type(b.value))
                    ),
                ));
            }
            sizes.push(s);
        }
        (sizes, pools, extra)
    }
}

/// One item per group of buffers (a group is the index of its first
/// buffer), per pool, spanning the lives of its buffers; and the item of
/// each group in its pool's list.
fn group_items(
    fl: &liveness::FuncLiveness,
    sizes: &[Option<u64>],
    pool_of: &[u32],
    group: &[u32],
    npools: usize,
) -> (Vec<Vec<Item>>, Vec<u32>) {
    let mut items: Vec<Vec<Item>> = vec![Vec::new(); npools];
    let mut item_of: Vec<u32> = vec![u32::MAX; fl.buffers.len()];
    for (i, b) in fl.buffers.iter().enumerate() {
        let Some(s) = sizes[i] else { continue };
        let g = group[i] as usize;
        let list = &mut items[pool_of[i] as usize];
        match item_of[g] {
            k if k != u32::MAX => {
                let it = &mut list[k as usize];
                it.start = it.start.min(b.start);
                it.end = it.end.max(b.end);
            }
            _ => {
                item_of[g] = list.len() as u32;
                list.push(Item {
                    start: b.start,
                    end: b.end,
                    size: s,
                });
            }
        }
    }
    (items, item_of)
}

/// The whole-program requirement per pool (the most any function needs,
/// with its callees) on the module; pools no function uses are left out.
fn write_requirements(
    pc: &mut PassContext<'_>,
    m: &liveness::ModuleLiveness,
    module: Op,
    own: &[Vec<u64>],
    used: &[bool],
) -> Result<(), ()> {
    let npools = m.pools.names.len();
    let req = requirements::compute(m, own);
    for (f, r) in req.iter().enumerate() {
        let Some(p) = r.iter().flatten().position(|&x| x > i64::MAX as u64) else {
            continue;
        };
        pc.diags.emit(Diagnostic::error(
            pc.ir.op(m.funcs[f].op).loc,
            format!(
                "memory-plan: @{} and its callees need more than {} bytes in pool '{}'",
                m.funcs[f].name,
                i64::MAX,
                m.pools.names[p]
            ),
        ));
        return Err(());
    }
    let mut total = vec![0u64; npools];
    let mut used_bounded = vec![false; npools];
    for (f, r) in req.iter().enumerate() {
        match r {
            Some(r) => {
                for (p, &x) in own[f].iter().enumerate() {
                    used_bounded[p] |= x > 0;
                }
                for (t, &x) in total.iter_mut().zip(r) {
                    *t = (*t).max(x);
                }
            }
            None => pc.diags.emit(Diagnostic::remark(
                pc.ir.op(m.funcs[f].op).loc,
                format!(
                    "memory-plan: the requirement of @{} is unbounded (recursive calls); left out of {}",
                    m.funcs[f].name,
                    requirements::ATTR
                ),
            )),
        }
    }
    let named: Vec<(&str, u64)> = (0..npools)
        .filter(|&p| used[p] && (used_bounded[p] || total[p] > 0))
        .map(|p| (m.pools.names[p].as_str(), total[p]))
        .collect();
    let d: Option<Attr> = (!named.is_empty()).then(|| dict_attr(pc.ctx, &named));
    set_attr(pc.ctx, pc.ir, module, requirements::ATTR, d);
    Ok(())
}
