//! `--mlir-timing`: a tree of named wall-clock timers and mlir-opt's execution time
//! report (`--mlir-timing-display=tree|list`).

use std::time::{Duration, Instant};

struct Node {
    name: String,
    total: Duration,
    children: Vec<usize>,
    /// An adaptor with one pipeline: MLIR's tree view shows its pipeline in its place.
    hidden_in_tree: bool,
}

/// Nested timers; the same name under the same parent accumulates.
pub struct Timing {
    nodes: Vec<Node>,
    /// Open timers: node and start time.
    stack: Vec<(usize, Instant)>,
    start: Instant,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            nodes: vec![Node {
                name: "root".into(),
                total: Duration::ZERO,
                children: Vec::new(),
                hidden_in_tree: false,
            }],
            stack: Vec::new(),
            start: Instant::now(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimingDisplay {
    List,
    Tree,
}

const RULE: &str =
    "===-------------------------------------------------------------------------===";

/// mlir-opt's report banner: a rule, the title centred in 80 columns, a rule.
pub fn banner(title: &str) -> String {
    let pad = (80 - title.len()) / 2;
    format!("{RULE}\n{}{title}\n{RULE}\n", " ".repeat(pad))
}

impl Timing {
    pub fn new() -> Self {
        Self::default()
    }

    /// Opens a timer nested in the innermost open one.
    pub fn push(&mut self, name: &str) {
        self.push_with(name, false)
    }

    pub fn push_with(&mut self, name: &str, hidden_in_tree: bool) {
        let parent = self.stack.last().map_or(0, |s| s.0);
        let found = self.nodes[parent]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].name == name);
        let id = match found {
            Some(id) => id,
            None => {
                self.nodes.push(Node {
                    name: name.to_string(),
                    total: Duration::ZERO,
                    children: Vec::new(),
                    hidden_in_tree,
                });
                let id = self.nodes.len() - 1;
                self.nodes[parent].children.push(id);
                id
            }
        };
        self.stack.push((id, Instant::now()));
    }

    /// Closes the innermost open timer.
    pub fn pop(&mut self) {
        if let Some((id, t)) = self.stack.pop() {
            self.nodes[id].total += t.elapsed();
        }
    }

    /// Adds an already measured time as a child of the innermost open timer.
    pub fn record(&mut self, name: &str, d: Duration) {
        self.push(name);
        if let Some((id, _)) = self.stack.pop() {
            self.nodes[id].total += d;
        }
    }

    /// The report, with times since this timing began as the total.
    pub fn report(&self, display: TimingDisplay) -> String {
        let total = self.start.elapsed().as_secs_f64().max(1e-9);
        let mut out = banner("... Execution time report ...");
        out.push_str(&format!("  Total Execution Time: {total:.4} seconds\n\n"));
        out.push_str("  ----Wall Time----  ----Name----\n");
        let line = |out: &mut String, secs: f64, indent: usize, name: &str| {
            out.push_str(&format!(
                "{secs:10.4} ({:5.1}%)  {}{name}\n",
                secs / total * 100.0,
                "  ".repeat(indent)
            ));
        };
        let top: f64 = self.nodes[0]
            .children
            .iter()
            .map(|&c| self.nodes[c].total.as_secs_f64())
            .sum();
        match display {
            TimingDisplay::Tree => {
                // Depth-first with an explicit stack: (node, indent).
                let mut work: Vec<(usize, usize)> = self.nodes[0]
                    .children
                    .iter()
                    .rev()
                    .map(|&c| (c, 0))
                    .collect();
                while let Some((n, indent)) = work.pop() {
                    let node = &self.nodes[n];
                    let child_indent = if node.hidden_in_tree {
                        indent
                    } else {
                        line(&mut out, node.total.as_secs_f64(), indent, &node.name);
                        indent + 1
                    };
                    work.extend(node.children.iter().rev().map(|&c| (c, child_indent)));
                }
            }
            TimingDisplay::List => {
                // Timers merged by name, slowest first.
                let mut merged: Vec<(String, f64)> = Vec::new();
                for node in &self.nodes[1..] {
                    let secs = node.total.as_secs_f64();
                    match merged.iter_mut().find(|m| m.0 == node.name) {
                        Some(m) => m.1 += secs,
                        None => merged.push((node.name.clone(), secs)),
                    }
                }
                merged.sort_by(|a, b| b.1.total_cmp(&a.1));
                line(&mut out, total, 0, "root");
                for (name, secs) in &merged {
                    line(&mut out, *secs, 0, name);
                }
            }
        }
        line(&mut out, (total - top).max(0.0), 0, "Rest");
        line(&mut out, total, 0, "Total");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_report_nests_and_hides_single_pipeline_adaptors() {
        let mut t = Timing::new();
        t.push("Parser");
        t.pop();
        t.push_with("Pipeline Collection : ['func.func']", true);
        t.push("'func.func' Pipeline");
        t.push("CSE");
        t.record("(A) DominanceInfo", Duration::from_micros(3));
        t.pop();
        t.pop();
        t.pop();
        let r = t.report(TimingDisplay::Tree);
        let names: Vec<&str> = r.lines().skip(6).map(|l| &l[21..]).collect();
        assert_eq!(
            names,
            [
                "Parser",
                "'func.func' Pipeline",
                "  CSE",
                "    (A) DominanceInfo",
                "Rest",
                "Total"
            ]
        );
        let l = t.report(TimingDisplay::List);
        assert!(l.contains("Pipeline Collection : ['func.func']\n"));
        assert!(l.starts_with(RULE));
        assert!(l.contains("                         ... Execution time report ...\n"));
    }
}
