//! `view-op-graph`: writes the dataflow of the ops as a Graphviz digraph to stderr:
//! one node per op (label: name, properties and `device.affinity`, escaped once), one
//! edge per operand, regions as clusters.

use crate::view_placement::escape;
use xir::pass::{Pass, PassContext};
use xir::printer::attr_to_string;
use xir::store::ValueDef;
use xir::{Context, Ir, Op};

#[derive(Default)]
pub struct ViewOpGraph;

impl ViewOpGraph {
    pub const ARGUMENT: &'static str = "view-op-graph";
    pub const SUMMARY: &'static str = "Print Graphviz visualization of an operation";
}

/// The DOT text for everything under `root`.
pub fn op_graph(ctx: &Context, ir: &Ir, root: Op) -> String {
    let mut out = String::from("digraph G {\n  compound = true;\n");
    let mut edges = String::new();
    let mut cluster = 0usize;
    // (op, depth) with explicit cluster closing.
    enum Item {
        Op(Op),
        Close,
    }
    let mut stack = vec![Item::Op(root)];
    let mut indent = 1usize;
    while let Some(it) = stack.pop() {
        let op = match it {
            Item::Close => {
                indent -= 1;
                out.push_str(&"  ".repeat(indent));
                out.push_str("}\n");
                continue;
            }
            Item::Op(op) => op,
        };
        let pad = "  ".repeat(indent);
        let d = ir.op(op);
        // Lines joined with newlines, escaped once when written.
        let mut label = ctx.str(d.name).to_string();
        if let Some(p) = d.properties {
            for (k, v) in ctx.dict_entries(p) {
                label.push_str(&format!("\n{}: {}", ctx.str(*k), attr_to_string(ctx, *v)));
            }
        }
        if let Some(a) = ctx.dict_get(d.attrs, "device.affinity") {
            label.push_str(&format!("\ndevice.affinity: {}", attr_to_string(ctx, a)));
        }
        if ir.regions(op).is_empty() {
            out.push_str(&format!(
                "{pad}v{} [label = \"{}\", shape = ellipse];\n",
                op.index(),
                escape(&label)
            ));
        } else {
            out.push_str(&format!(
                "{pad}subgraph cluster_{cluster} {{\n{pad}  label = \"{}\";\n",
                escape(&label)
            ));
            out.push_str(&format!(
                "{pad}  v{} [label = \"\", shape = point];\n",
                op.index()
            ));
            cluster += 1;
            indent += 1;
            stack.push(Item::Close);
            let mut children = Vec::new();
            for &r in ir.regions(op) {
                for b in ir.region_blocks(r) {
                    children.extend(ir.block_ops(b));
                }
            }
            for c in children.into_iter().rev() {
                stack.push(Item::Op(c));
            }
        }
        for v in ir.operands(op) {
            if let ValueDef::Result { op: def, .. } = ir.value(v).def {
                edges.push_str(&format!("  v{} -> v{};\n", def.index(), op.index()));
            }
        }
    }
    out.push_str(&edges);
    out.push_str("}\n");
    out
}

impl Pass for ViewOpGraph {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "ViewOpGraph"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        eprint!("{}", op_graph(pc.ctx, pc.ir, op));
        pc.preserve_all();
        Ok(())
    }
}
