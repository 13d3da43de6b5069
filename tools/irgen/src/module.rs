//! Module, region, block and op structure: SSA values respect dominance (forward
//! references only where mlir-opt allows them: graph regions and dominating blocks).

use crate::{Config, Gen, Val};

const OP_NAMES: &[&str] = &[
    "op",
    "compute",
    "yield",
    "load",
    "store",
    "nest.deep",
    "w$1",
    "call_x",
    "\\C3\\BCn",
    "\u{e9}t\u{e9}",
];

struct OpPlan {
    id: u64,
    defs: String,
    results: Vec<Val>,
}

struct BlockPlan {
    label: String,
    args: Vec<Val>,
    ops: Vec<OpPlan>,
    chain: usize,
}

impl Gen {
    pub(crate) fn module(&mut self, cfg: &Config) {
        self.aliases();
        let explicit = self.rng.chance(1, 2);
        let mut avail = Vec::new();
        let mut budget = cfg.ops as i64;
        if explicit {
            self.out.push_str("\"builtin.module\"()");
            if self.rng.chance(1, 4) {
                self.out.push_str(" <{sym_name = \"m\"}>");
            }
            self.out.push_str(" ({\n");
            self.top_level(cfg, &mut avail, &mut budget, 1);
            self.out.push_str("})");
            if self.rng.chance(1, 3) {
                let v = self.attr(2);
                self.out.push_str(&format!(" {{xa.mod_attr = {v}}}"));
            }
            self.out.push_str(" : () -> ()");
            let l = self.opt_loc();
            self.out.push_str(&l);
            self.out.push('\n');
        } else {
            self.top_level(cfg, &mut avail, &mut budget, 0);
        }
        for a in self.late_loc_aliases.clone() {
            let b = self.loc_body(1);
            self.out.push_str(&format!("{a} = loc({b})\n"));
        }
    }

    fn aliases(&mut self) {
        for i in 0..self.rng.range(0, 3) {
            let t = self.any_ty(1);
            self.out.push_str(&format!("!ty{i} = {t}\n"));
            self.type_aliases.push(format!("!ty{i}"));
        }
        for i in 0..self.rng.range(0, 3) {
            let a = self.attr(2);
            self.out.push_str(&format!("#al{i} = {a}\n"));
            self.attr_aliases.push(format!("#al{i}"));
        }
        if self.cfg_locs {
            for i in 0..self.rng.range(0, 2) {
                let l = self.loc_body(1);
                self.out.push_str(&format!("#lc{i} = loc({l})\n"));
                self.loc_aliases.push(format!("#lc{i}"));
            }
            for i in 0..self.rng.range(0, 2) {
                self.late_loc_aliases.push(format!("#late{i}"));
            }
        }
    }

    /// The module body: a graph region, generated in batches so forward references
    /// within a batch are possible.
    fn top_level(&mut self, cfg: &Config, avail: &mut Vec<Val>, budget: &mut i64, indent: usize) {
        loop {
            let done = match cfg.size {
                Some(s) => self.out.len() >= s,
                None => *budget <= 0,
            };
            if done {
                break;
            }
            let n = self.rng.range(1, 8);
            let ops: Vec<OpPlan> = (0..n).map(|_| self.plan_op()).collect();
            let base = avail.len();
            for op in &ops {
                avail.extend(op.results.iter().cloned());
            }
            for op in &ops {
                *budget -= 1;
                self.emit_op(op, avail, budget, indent, 1, cfg.max_depth, &[], true);
            }
            // Keep the scope bounded for huge modules; earlier values stay valid but unused.
            if avail.len() > 4096 {
                avail.drain(..base.min(avail.len() - 1024));
            }
        }
    }

    fn name(&mut self) -> String {
        let id = self.fresh();
        match self.rng.range(0, 5) {
            0 => format!("%{id}"),
            1 => format!("%v{id}"),
            2 => format!("%x.{id}"),
            3 => format!("%r_{id}"),
            _ => format!("%t-{id}"),
        }
    }

    fn plan_op(&mut self) -> OpPlan {
        let id = self.fresh();
        let nres = self.rng.pick(&[0usize, 0, 1, 1, 1, 1, 2, 3]);
        let mut results = Vec::new();
        let mut defs = Vec::new();
        let mut left = nres;
        while left > 0 {
            let g = if left > 1 && self.rng.chance(1, 2) {
                self.rng.range(2, left)
            } else {
                1
            };
            let name = self.name();
            for i in 0..g {
                let text = if g == 1 {
                    name.clone()
                } else {
                    format!("{name}#{i}")
                };
                let ty = self.any_ty(0);
                results.push(Val {
                    text,
                    ty,
                    owner: id,
                });
            }
            defs.push(if g == 1 { name } else { format!("{name}:{g}") });
            left -= g;
        }
        let defs = if defs.is_empty() {
            String::new()
        } else {
            format!("{} = ", defs.join(", "))
        };
        OpPlan { id, defs, results }
    }

    fn pick_operands(&mut self, avail: &[Val], owner: u64, max: usize) -> Vec<Val> {
        let mut v = Vec::new();
        if avail.is_empty() {
            return v;
        }
        for _ in 0..self.rng.range(0, max) {
            for _ in 0..4 {
                let c = self.rng.pick(avail);
                if c.owner != owner {
                    v.push(c.clone());
                    break;
                }
            }
        }
        v
    }

    #[allow(clippy::too_many_arguments)]
    fn emit_op(
        &mut self,
        op: &OpPlan,
        avail: &mut Vec<Val>,
        budget: &mut i64,
        indent: usize,
        depth: u32,
        max_depth: u32,
        successors: &[(String, Vec<String>)],
        graph: bool,
    ) {
        let mut operands = self.pick_operands(avail, op.id, 3);
        // Successor arguments are passed as plain operands of the terminator.
        for (_, tys) in successors {
            for t in tys {
                // `region` made sure a value of each type exists.
                if let Some(v) = avail.iter().rev().find(|v| &v.ty == t && v.owner != op.id) {
                    operands.push(v.clone());
                }
            }
        }
        let pad = "  ".repeat(indent);
        let d = self.dialect_name();
        let n = self.rng.pick(OP_NAMES);
        let mut s = format!("{pad}{}\"{d}.{n}\"(", op.defs);
        s.push_str(
            &operands
                .iter()
                .map(|v| v.text.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        );
        s.push(')');
        if !successors.is_empty() {
            let labels: Vec<&str> = successors.iter().map(|(l, _)| l.as_str()).collect();
            s.push_str(&format!("[{}]", labels.join(", ")));
        }
        if self.rng.chance(1, 4) {
            let p = if self.rng.chance(3, 4) {
                self.attr_dict(1)
            } else {
                self.attr(2)
            };
            s.push_str(&format!(" <{p}>"));
        }
        self.out.push_str(&s);
        let nreg = if depth < max_depth && *budget > 0 && successors.is_empty() {
            self.rng.pick(&[0usize, 0, 0, 0, 1, 1, 2])
        } else {
            0
        };
        if nreg > 0 {
            self.out.push_str(" (");
            for r in 0..nreg {
                if r > 0 {
                    self.out.push_str(", ");
                }
                // Values of the op itself never dominate its own regions.
                let mark = avail.len();
                let mut inner: Vec<Val> =
                    avail.iter().filter(|v| v.owner != op.id).cloned().collect();
                let _ = graph;
                self.region(&mut inner, budget, indent, depth + 1, max_depth);
                avail.truncate(mark);
            }
            self.out.push(')');
        }
        let mut tail = String::new();
        if self.rng.chance(1, 3) {
            tail.push(' ');
            tail.push_str(&self.attr_dict(1));
        }
        let ins: Vec<&str> = operands.iter().map(|v| v.ty.as_str()).collect();
        let outs: Vec<&str> = op.results.iter().map(|v| v.ty.as_str()).collect();
        let outs = if outs.len() == 1 && !outs[0].contains("->") && self.rng.chance(3, 4) {
            outs[0].to_string()
        } else {
            format!("({})", outs.join(", "))
        };
        tail.push_str(&format!(" : ({}) -> {outs}", ins.join(", ")));
        tail.push_str(&self.opt_loc());
        tail.push('\n');
        self.out.push_str(&tail);
    }

    /// A region of an unregistered op: an SSACFG region whose blocks form a chain
    /// (entry, then a random order), so each block dominates the blocks after it in the
    /// chain while the text order is shuffled (forward references across blocks).
    fn region(
        &mut self,
        avail: &mut Vec<Val>,
        budget: &mut i64,
        indent: usize,
        depth: u32,
        max_depth: u32,
    ) {
        let nb = if self.rng.chance(1, 12) {
            0
        } else {
            self.rng.pick(&[1usize, 1, 1, 1, 2, 2, 3, 4])
        };
        self.out.push_str("{\n");
        let mut blocks: Vec<BlockPlan> = Vec::new();
        for b in 0..nb {
            let id = self.fresh();
            let label = if self.rng.chance(1, 2) {
                format!("^bb{id}")
            } else {
                format!("^blk_{id}")
            };
            let nargs = self.rng.pick(&[0usize, 0, 1, 1, 2]);
            let args = (0..nargs)
                .map(|_| Val {
                    text: self.name(),
                    ty: self.any_ty(1),
                    owner: id,
                })
                .collect();
            let nops = self.rng.range(1, 4);
            let ops = (0..nops).map(|_| self.plan_op()).collect();
            blocks.push(BlockPlan {
                label,
                args,
                ops,
                chain: b,
            });
        }
        // Shuffle chain positions of the non-entry blocks.
        let mut order: Vec<usize> = (1..nb).collect();
        for i in (1..order.len()).rev() {
            let j = self.rng.range(0, i);
            order.swap(i, j);
        }
        for (pos, &b) in order.iter().enumerate() {
            blocks[b].chain = pos + 1;
        }
        // Terminators that branch define no values (they would not dominate successors).
        for b in blocks.iter_mut() {
            if b.chain + 1 < nb {
                if let Some(op) = b.ops.last_mut() {
                    op.results.clear();
                    op.defs.clear();
                }
            }
        }
        let by_chain: Vec<usize> = {
            let mut v = vec![0; nb];
            for (i, b) in blocks.iter().enumerate() {
                v[b.chain] = i;
            }
            v
        };
        let pad = "  ".repeat(indent);
        for bi in 0..nb {
            let mark = avail.len();
            let chain = blocks[bi].chain;
            for &earlier in &by_chain[..chain] {
                let vals: Vec<Val> = blocks[earlier]
                    .args
                    .iter()
                    .cloned()
                    .chain(
                        blocks[earlier]
                            .ops
                            .iter()
                            .flat_map(|o| o.results.iter().cloned()),
                    )
                    .collect();
                avail.extend(vals);
            }
            let show_header = bi > 0 || !blocks[bi].args.is_empty() || self.rng.chance(1, 10);
            if show_header {
                let mut h = format!("{pad}{}", blocks[bi].label);
                if !blocks[bi].args.is_empty() {
                    let args: Vec<Val> = blocks[bi].args.clone();
                    let parts: Vec<String> = args
                        .iter()
                        .map(|a| format!("{}: {}{}", a.text, a.ty, self.opt_loc()))
                        .collect();
                    h.push_str(&format!("({})", parts.join(", ")));
                }
                h.push_str(":\n");
                self.out.push_str(&h);
            }
            avail.extend(blocks[bi].args.iter().cloned());
            let ops = std::mem::take(&mut blocks[bi].ops);
            let last = ops.len() - 1;
            for (oi, op) in ops.into_iter().enumerate() {
                *budget -= 1;
                let mut succ = Vec::new();
                if oi == last && chain + 1 < nb {
                    let next = by_chain[chain + 1];
                    let mut targets = vec![next];
                    if chain >= 1 && self.rng.chance(1, 3) {
                        targets.push(by_chain[self.rng.range(1, chain)]);
                    }
                    for t in targets {
                        let tys: Vec<String> =
                            blocks[t].args.iter().map(|a| a.ty.clone()).collect();
                        // Make sure a value of each needed type is available.
                        for ty in &tys {
                            if !avail.iter().any(|v| &v.ty == ty) {
                                let name = self.name();
                                self.out.push_str(&format!(
                                    "{pad}  {name} = \"xg.make\"() : () -> ({ty})\n"
                                ));
                                avail.push(Val {
                                    text: name,
                                    ty: ty.clone(),
                                    owner: 0,
                                });
                            }
                        }
                        succ.push((blocks[t].label.clone(), tys));
                    }
                }
                self.emit_op(
                    &op,
                    avail,
                    budget,
                    indent + 1,
                    depth,
                    max_depth,
                    &succ,
                    false,
                );
                avail.extend(op.results.iter().cloned());
                blocks[bi].ops.push(op);
            }
            avail.truncate(mark);
        }
        self.out.push_str(&format!("{pad}}}"));
    }
}
