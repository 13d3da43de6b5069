//! `workspace-analysis`: per function and pool, the peak bytes of intermediate tensors
//! live at once, a call adding its callee's workspace while it runs. Recorded as
//! `memory.workspace = {cpu = 128 : i64, gpu = 4096 : i64}`; a pool whose size is not
//! static is left out and explained by a remark (never a silent 0).

use super::liveness::{self, ModuleLiveness};
use super::plan::{lower_bound, Item};
use super::{dict_attr, parse_alignment, parse_max_dim, set_attr};
use xir::pass::options::parse_bool;
use xir::pass::{Pass, PassContext, PassOption};
use xir::printer::type_to_string;
use xir::util::bytes::{align_up, Bytes};
use xir::{Context, DiagEngine, Diagnostic, Ir, Op};

pub struct WorkspaceAnalysis {
    pub alignment: u64,
    pub max_dim: Option<u64>,
    /// Emit a remark with each function's workspace.
    pub remarks: bool,
}

impl Default for WorkspaceAnalysis {
    fn default() -> Self {
        WorkspaceAnalysis {
            alignment: 1,
            max_dim: None,
            remarks: false,
        }
    }
}

impl WorkspaceAnalysis {
    pub const ARGUMENT: &'static str = "workspace-analysis";
    pub const SUMMARY: &'static str =
        "Record each function's peak bytes of live intermediate tensors per device and memory scope";
}

/// A pool's workspace: bytes, or unknown (the remark has been emitted).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Known(u64),
    Unknown,
}

/// Per function (index as in `ModuleLiveness::funcs`): `None` when the function's
/// workspace is unknown as a whole (recursion), else one entry per pool it uses.
pub fn compute(
    ctx: &Context,
    ir: &Ir,
    m: &ModuleLiveness,
    alignment: u64,
    diags: &mut DiagEngine,
) -> Vec<Option<Vec<(u32, Entry)>>> {
    let n = m.funcs.len();
    let npools = m.pools.names.len();
    let mut done = vec![false; n];
    let mut out: Vec<Option<Vec<(u32, Entry)>>> = vec![None; n];
    for f in liveness::bottom_up(m) {
        let fl = &m.funcs[f];
        let mut items: Vec<Vec<Item>> = vec![Vec::new(); npools];
        let mut unknown = vec![false; npools];
        let mut used = vec![false; npools];
        let mut whole_unknown = false;
        let pool_name = |p: u32| m.pools.names[p as usize].as_str();
        for b in &fl.buffers {
            let p = b.pool as usize;
            used[p] = true;
            match b.bytes.aligned(alignment) {
                Some(s) => items[p].push(Item {
                    start: b.start,
                    end: b.end,
                    size: s,
                }),
                None if !unknown[p] => {
                    unknown[p] = true;
                    let why = match b.bytes {
                        Bytes::Dynamic => "dynamic dimension in",
                        _ => "no static byte size for",
                    };
                    diags.emit(Diagnostic::remark(
                        ir.op(b.op).loc,
                        format!(
                            "workspace of @{} on {} is unknown: {why} {}",
                            fl.name,
                            pool_name(b.pool),
                            type_to_string(ctx, ir.value_type(b.value))
                        ),
                    ));
                }
                None => {}
            }
        }
        for c in &fl.calls {
            let callee = &m.funcs[c.callee];
            let entries = match (&out[c.callee], done[c.callee]) {
                (Some(e), true) => e,
                _ => {
                    if !whole_unknown {
                        whole_unknown = true;
                        let why = if done[c.callee] {
                            format!("it calls @{}, whose workspace is unknown", callee.name)
                        } else {
                            format!("recursive call to @{}", callee.name)
                        };
                        diags.emit(Diagnostic::remark(
                            ir.op(c.op).loc,
                            format!("workspace of @{} is unknown: {why}", fl.name),
                        ));
                    }
                    continue;
                }
            };
            for &(p, e) in entries {
                used[p as usize] = true;
                match e {
                    Entry::Known(w) => items[p as usize].push(Item {
                        start: c.at,
                        end: c.at,
                        size: w,
                    }),
                    Entry::Unknown if !unknown[p as usize] => {
                        unknown[p as usize] = true;
                        diags.emit(Diagnostic::remark(
                            ir.op(c.op).loc,
                            format!(
                                "workspace of @{} on {} is unknown: it calls @{}, whose workspace there is unknown",
                                fl.name,
                                pool_name(p),
                                callee.name
                            ),
                        ));
                    }
                    Entry::Unknown => {}
                }
            }
        }
        done[f] = true;
        if whole_unknown {
            continue;
        }
        let entries = (0..npools)
            .filter(|&p| used[p])
            .map(|p| {
                let e = match lower_bound(&items[p]) {
                    _ if unknown[p] => Entry::Unknown,
                    // Beyond the attribute's i64: unknown, not a clamped number.
                    b if b > i64::MAX as u64 => {
                        diags.emit(Diagnostic::remark(
                            ir.op(fl.op).loc,
                            format!(
                                "workspace of @{} on {} is unknown: more than {} bytes",
                                fl.name,
                                pool_name(p as u32),
                                i64::MAX
                            ),
                        ));
                        Entry::Unknown
                    }
                    b => Entry::Known(b),
                };
                (p as u32, e)
            })
            .collect();
        out[f] = Some(entries);
    }
    out
}

/// Per pool: the bytes of the function's `graph.constant` results (kept apart); pools
/// whose constants total more than i64::MAX bytes are left out.
fn constants(m: &ModuleLiveness, f: usize, alignment: u64) -> Vec<(u32, u64)> {
    let mut v: Vec<(u32, u64)> = Vec::new();
    for &(p, b) in &m.funcs[f].constants {
        let Bytes::Known(s) = b else { continue };
        let s = align_up(s, alignment).unwrap_or(u64::MAX);
        match v.iter_mut().find(|e| e.0 == p) {
            Some(e) => e.1 = e.1.saturating_add(s),
            None => v.push((p, s)),
        }
    }
    v.retain(|e| e.1 <= i64::MAX as u64);
    v
}

impl Pass for WorkspaceAnalysis {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "WorkspaceAnalysis"
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
                help: "Round each tensor's size up to a multiple of this many bytes",
                default: "1".into(),
            },
            PassOption {
                name: "max-dim",
                help: "Bound for every dynamic dimension (0: dynamic sizes are unknown)",
                default: "0".into(),
            },
            PassOption {
                name: "remarks",
                help: "Emit a remark with each function's workspace",
                default: "false".into(),
            },
        ]
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "alignment" => self.alignment = parse_alignment(value)?,
            "max-dim" => self.max_dim = parse_max_dim(value)?,
            "remarks" => self.remarks = parse_bool(value)?,
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
        let ws = compute(pc.ctx, pc.ir, &m, self.alignment, pc.diags);
        for (f, w) in ws.iter().enumerate() {
            let func = m.funcs[f].op;
            let Some(w) = w else {
                set_attr(pc.ctx, pc.ir, func, "memory.workspace", None);
                continue;
            };
            let known: Vec<(&str, u64)> = w
                .iter()
                .filter_map(|&(p, e)| match e {
                    Entry::Known(b) => Some((m.pools.names[p as usize].as_str(), b)),
                    Entry::Unknown => None,
                })
                .collect();
            if self.remarks {
                let text: Vec<String> = known.iter().map(|(p, b)| format!("{p} = {b}")).collect();
                pc.diags.emit(Diagnostic::remark(
                    pc.ir.op(func).loc,
                    format!("workspace of @{}: {{{}}}", m.funcs[f].name, text.join(", ")),
                ));
            }
            let d = dict_attr(pc.ctx, &known);
            set_attr(pc.ctx, pc.ir, func, "memory.workspace", Some(d));
            let consts = constants(&m, f, self.alignment);
            let c = (!consts.is_empty()).then(|| {
                let named: Vec<(&str, u64)> = consts
                    .iter()
                    .map(|&(p, b)| (m.pools.names[p as usize].as_str(), b))
                    .collect();
                dict_attr(pc.ctx, &named)
            });
            set_attr(pc.ctx, pc.ir, func, "memory.constants", c);
        }
        Ok(())
    }
}
