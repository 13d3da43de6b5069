//! `view-placement`: writes where each op runs as Graphviz to stderr and leaves the
//! IR unchanged. Each function is one digraph (named `@name`) holding one
//! `subgraph cluster_<device>` per device (label the device name and, when
//! `memory-plan` recorded `memory.pools` on the function, each pool's size), with a
//! fixed fill colour per device in module order; ops and function arguments without a
//! placement go to `cluster_(unplaced)`. One digraph per function keeps the cluster
//! names unique (Graphviz merges same-named clusters within a graph). An op's device is its `device.affinity`
//! attribute (or the `affinity`/`result_affinity`/`target` property of flow and stream
//! ops), else its enclosing op's. Transfers (`graph.transfer`, `flow.tensor.transfer`,
//! `stream.async.transfer`) are not nodes but red edges from the producer on the source
//! device to each consumer, labelled with the bytes moved (`?` when dynamic); one whose
//! operand has no node (in a stream execute region) is a red node with its bytes. The
//! function's `func.return` is a node of the function cluster. Labels and identifiers
//! are escaped once.

use rustc_hash::FxHashMap;
use std::fmt::Write;
use xir::pass::{Pass, PassContext};
use xir::printer::type_to_string;
use xir::store::ValueDef;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::util::bytes::{tensor_bytes, Bytes};
use xir::{AttrKind, Context, Ident, Ir, Op, Value};
use xir_device::attrs::{decode, DeviceAttr};

#[derive(Default)]
pub struct ViewPlacement;

impl ViewPlacement {
    pub const ARGUMENT: &'static str = "view-placement";
    pub const SUMMARY: &'static str =
        "Print the placement as a Graphviz graph: a cluster per device, transfers as edges with their bytes, pool sizes";
}

/// Fill colours, by device order in the module.
const PALETTE: [&str; 8] = [
    "#dae8fc", "#d5e8d4", "#ffe6cc", "#e1d5e7", "#fff2cc", "#f8cecc", "#d0e0e3", "#f5f5f5",
];
const UNPLACED_COLOR: &str = "#eeeeee";
const TRANSFERS: [&str; 3] = [
    "graph.transfer",
    "flow.tensor.transfer",
    "stream.async.transfer",
];

/// `s` as the inside of a DOT quoted string: backslashes and quotes escaped, a
/// newline a `\n` line break (a carriage return dropped).
/// `s` as a DOT identifier: bare when it is one (`cluster_cpu`), else quoted
/// and escaped.
pub fn dot_id(s: &str) -> String {
    let bare = s
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if bare {
        s.to_string()
    } else {
        format!("\"{}\"", escape(s))
    }
}

pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

fn affinity_device(ctx: &Context, a: xir::Attr) -> Option<Ident> {
    match decode(ctx, a)? {
        DeviceAttr::Affinity { device, .. } => Some(device),
        _ => None,
    }
}

/// The device an op names itself.
fn own_device(ctx: &Context, ir: &Ir, op: Op) -> Option<Ident> {
    let d = ir.op(op);
    if let Some(dev) = ctx
        .dict_get(d.attrs, "device.affinity")
        .and_then(|a| affinity_device(ctx, a))
    {
        return Some(dev);
    }
    let p = d.properties?;
    ["affinity", "result_affinity", "target"]
        .iter()
        .find_map(|k| ctx.dict_get(p, k).and_then(|a| affinity_device(ctx, a)))
}

fn name(ctx: &Context, id: Ident) -> String {
    String::from_utf8_lossy(ctx.bytes(id)).into_owned()
}

fn int_attr(ctx: &Context, a: xir::Attr) -> Option<i128> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => i128::try_from(value).ok(),
        _ => None,
    }
}

/// The bytes a transfer moves: its tensor's static size, or (stream) its constant
/// result size; `?` otherwise.
fn transfer_bytes(ctx: &Context, ir: &Ir, op: Op) -> String {
    let Some(&r) = ir.results(op).first() else {
        return "?".into();
    };
    let t = ir.value_type(r);
    if matches!(
        ctx.type_kind(t),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    ) {
        return match tensor_bytes(ctx, t, None) {
            Bytes::Known(n) => n.to_string(),
            _ => "?".into(),
        };
    }
    let size = ir.operands(op).last().and_then(|v| match ir.value(v).def {
        ValueDef::Result { op: def, .. } if ctx.str(ir.op(def).name) == "arith.constant" => {
            op_attr(ctx, ir, def, "value").and_then(|a| int_attr(ctx, a))
        }
        _ => None,
    });
    size.map_or_else(|| "?".into(), |n| n.to_string())
}

/// Devices in module order (`device.global`s).
fn module_devices(ctx: &Context, ir: &Ir, module: Op) -> Vec<String> {
    let mut out = Vec::new();
    for &r in ir.regions(module) {
        for b in ir.region_blocks(r) {
            for op in ir.block_ops(b) {
                if ctx.str(ir.op(op).name) == "device.global" {
                    if let Some(s) = xir::symbol::symbol_name(ctx, ir, op) {
                        out.push(String::from_utf8_lossy(s).into_owned());
                    }
                }
            }
        }
    }
    out
}

/// Where a value comes from, as drawn.
#[derive(Clone)]
enum Source {
    /// A node id.
    Node(String),
    /// A transfer drawn as an edge: the producer's node id and the bytes.
    Transfer(String, String),
}

struct Func<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
    index: usize,
    /// Node lines per cluster: `None` is unplaced.
    clusters: Vec<(Option<String>, Vec<String>)>,
    /// Lines directly in the function cluster.
    loose: Vec<String>,
    sources: FxHashMap<Value, Source>,
    placement: FxHashMap<Op, Option<String>>,
}

impl Func<'_> {
    fn cluster(&mut self, dev: Option<String>) -> &mut Vec<String> {
        let i = match self.clusters.iter().position(|(d, _)| *d == dev) {
            Some(i) => i,
            None => {
                self.clusters.push((dev, Vec::new()));
                self.clusters.len() - 1
            }
        };
        &mut self.clusters[i].1
    }

    fn source(&self, v: Value) -> Option<Source> {
        self.sources.get(&v).cloned()
    }
}

fn node_label(ctx: &Context, ir: &Ir, op: Op) -> String {
    let mut label = ctx.str(ir.op(op).name).to_string();
    let types: Vec<String> = ir
        .results(op)
        .iter()
        .map(|&r| type_to_string(ctx, ir.value_type(r)))
        .collect();
    if !types.is_empty() {
        label.push('\n');
        label.push_str(&types.join(", "));
    }
    if let Some(o) = ctx
        .dict_get(ir.op(op).attrs, "memory.offset")
        .and_then(|a| int_attr(ctx, a))
    {
        let _ = write!(label, "\noffset {o}");
    }
    label
}

/// The DOT text of the placement of the functions of module `root` (not those
/// nested in executables).
pub fn placement_graph(ctx: &Context, ir: &Ir, root: Op) -> String {
    let mut devices = module_devices(ctx, ir, root);
    let mut funcs = Vec::new();
    for &r in ir.regions(root) {
        for b in ir.region_blocks(r) {
            for op in ir.block_ops(b) {
                if ctx.str(ir.op(op).name) == "func.func" && !ir.regions(op).is_empty() {
                    funcs.push(op);
                }
            }
        }
    }
    let mut out = String::new();
    for (index, &f) in funcs.iter().enumerate() {
        let mut edges = String::new();
        let mut g = Func {
            ctx,
            ir,
            index,
            clusters: Vec::new(),
            loose: Vec::new(),
            sources: FxHashMap::default(),
            placement: FxHashMap::default(),
        };
        draw_function(&mut g, f, &mut edges);
        // Devices not declared in the module, in order of appearance.
        for (d, _) in &g.clusters {
            if let Some(d) = d {
                if !devices.contains(d) {
                    devices.push(d.clone());
                }
            }
        }
        let fname = xir::symbol::symbol_name(ctx, ir, f)
            .map(|s| String::from_utf8_lossy(s).into_owned())
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "digraph \"{}\" {{\n  label = \"{}\";\n  compound = true;\n  node [shape = box, style = \"rounded,filled\", fillcolor = white];",
            escape(&format!("@{fname}")),
            escape(&format!("@{fname}"))
        );
        let pools: Vec<(String, String)> = ctx
            .dict_get(ir.op(f).attrs, "memory.pools")
            .map(|d| {
                ctx.dict_entries(d)
                    .iter()
                    .map(|&(k, v)| {
                        let n = int_attr(ctx, v).map_or_else(|| "?".into(), |n| n.to_string());
                        (name(ctx, k), n)
                    })
                    .collect()
            })
            .unwrap_or_default();
        // Device clusters in device order, unplaced last.
        let mut clusters = std::mem::take(&mut g.clusters);
        clusters.sort_by_key(|(d, _)| match d {
            Some(d) => devices.iter().position(|x| x == d).unwrap_or(usize::MAX),
            None => usize::MAX,
        });
        for (dev, nodes) in clusters {
            let (id, mut label, color) = match &dev {
                Some(d) => {
                    let i = devices.iter().position(|x| x == d).unwrap_or(0);
                    (
                        format!("cluster_{d}"),
                        d.clone(),
                        PALETTE[i % PALETTE.len()],
                    )
                }
                None => (
                    "cluster_(unplaced)".to_string(),
                    "unplaced".to_string(),
                    UNPLACED_COLOR,
                ),
            };
            if let Some(d) = &dev {
                for (pool, n) in &pools {
                    if pool == d {
                        let _ = write!(label, "\npool: {n} B");
                    } else if pool
                        .strip_prefix(d.as_str())
                        .is_some_and(|s| s.starts_with(':'))
                    {
                        let _ = write!(label, "\npool {pool}: {n} B");
                    }
                }
            }
            let _ = writeln!(
                out,
                "  subgraph {} {{\n    label = \"{}\";\n    style = filled;\n    fillcolor = \"{color}\";",
                dot_id(&id),
                escape(&label)
            );
            for n in nodes {
                let _ = writeln!(out, "    {n}");
            }
            out.push_str("  }\n");
        }
        for n in std::mem::take(&mut g.loose) {
            let _ = writeln!(out, "  {n}");
        }
        out.push_str(&edges);
        out.push_str("}\n");
    }
    out
}

fn node_line(id: &str, label: &str, extra: &str) -> String {
    format!("{id} [label = \"{}\"{extra}];", escape(label))
}

fn draw_function(g: &mut Func<'_>, f: Op, edges: &mut String) {
    let (ctx, ir) = (g.ctx, g.ir);
    let Some(&body) = ir.regions(f).first() else {
        return;
    };
    let Some(entry) = ir.region_blocks(body).next() else {
        return;
    };
    let arg_attrs = op_attr(ctx, ir, f, "arg_attrs");
    for (i, &a) in ir.block_args(entry).iter().enumerate() {
        let dev = arg_attrs
            .and_then(|arr| match ctx.attr_kind(arr) {
                AttrKind::Array(v) => v.get(i).copied(),
                _ => None,
            })
            .and_then(|d| ctx.dict_get(d, "device.affinity"))
            .and_then(|x| affinity_device(ctx, x))
            .map(|d| name(ctx, d));
        let id = format!("a{}_{i}", g.index);
        let label = format!("%arg{i}\n{}", type_to_string(ctx, ir.value_type(a)));
        let line = node_line(&id, &label, ", shape = invhouse");
        g.cluster(dev).push(line);
        g.sources.insert(a, Source::Node(id));
    }
    for op in xir::walk::preorder(ir, f).into_iter().skip(1) {
        let parent = ir.parent_op(op);
        let inherited = parent.and_then(|p| g.placement.get(&p).cloned()).flatten();
        let dev = own_device(ctx, ir, op).map(|d| name(ctx, d)).or(inherited);
        g.placement.insert(op, dev.clone());
        let opname = ctx.str(ir.op(op).name);
        let id = format!("v{}", op.index());
        // A transfer whose producer is drawn becomes an edge.
        if TRANSFERS.contains(&opname) && ir.results(op).len() == 1 {
            let from = ir.operands(op).next().and_then(|v| g.source(v));
            if let Some(from) = from {
                let producer = match from {
                    Source::Node(n) | Source::Transfer(n, _) => n,
                };
                let bytes = transfer_bytes(ctx, ir, op);
                g.sources
                    .insert(ir.results(op)[0], Source::Transfer(producer, bytes));
                continue;
            }
        }
        for v in ir.operands(op) {
            match g.source(v) {
                Some(Source::Node(n)) => {
                    let _ = writeln!(edges, "  {n} -> {id};");
                }
                Some(Source::Transfer(n, bytes)) => {
                    let _ = writeln!(
                        edges,
                        "  {n} -> {id} [color = red, penwidth = 2, label = \"{}\"];",
                        escape(&format!("{bytes} B"))
                    );
                }
                None => {}
            }
        }
        for &r in ir.results(op) {
            g.sources.insert(r, Source::Node(id.clone()));
        }
        if parent == Some(f) && opname == "func.return" {
            g.loose
                .push(node_line(&id, "return", ", shape = house, style = solid"));
            continue;
        }
        let mut label = node_label(ctx, ir, op);
        let extra = if TRANSFERS.contains(&opname) {
            let _ = write!(label, "\n{} B", transfer_bytes(ctx, ir, op));
            ", color = red, penwidth = 2"
        } else {
            ""
        };
        let line = node_line(&id, &label, extra);
        g.cluster(dev).push(line);
    }
}

impl Pass for ViewPlacement {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "ViewPlacement"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        eprint!("{}", placement_graph(pc.ctx, pc.ir, op));
        pc.preserve_all();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{dot_id, escape};

    #[test]
    fn escapes_once() {
        assert_eq!(escape("a\"b\\c\nd\re"), "a\\\"b\\\\c\\nde");
        assert_eq!(escape("plain"), "plain");
    }

    #[test]
    fn identifiers_quoted_only_when_needed() {
        assert_eq!(dot_id("cluster_cpu"), "cluster_cpu");
        assert_eq!(dot_id("cluster_g\"p"), "\"cluster_g\\\"p\"");
        assert_eq!(dot_id("cluster_(unplaced)"), "\"cluster_(unplaced)\"");
        assert_eq!(dot_id("9lives"), "\"9lives\"");
    }
}
