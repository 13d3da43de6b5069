//! Random multi-block programs (func + arith + cf, with a few `scf.if`s) for the
//! differential tests of passes that reason about control flow (`sccp`).
//!
//! A module holds private helpers and a public `@main`. Every function body is
//! a CFG of 1..=6 blocks: each non-entry block has 0..=2 arguments (of the
//! program's integer type or `i1`), and ends in `cf.br`, `cf.cond_br`,
//! `cf.switch` (not on `index`) or a `return`, to any non-entry block (loops
//! and self-loops included; some blocks end up unreachable). Conditions and
//! forwarded values are often constants, so that edges are pruned and block
//! arguments meet to constants. A block uses only the function's arguments,
//! the entry block's values, its own arguments and its own values, so every
//! program verifies whatever the edges are.

use crate::XorShift as Rng;

const TYPES: &[&str] = &["i8", "i16", "i32", "i64", "index"];
const BIN: &[&str] = &[
    "addi", "subi", "muli", "divsi", "remui", "andi", "ori", "xori", "maxsi", "minui", "shli",
    "shrsi",
];
const CMPI: &[&str] = &["eq", "ne", "slt", "sle", "sgt", "uge", "ult"];

/// The values a block may use: integers of the program's type and `i1`s.
#[derive(Clone, Default)]
struct Scope {
    ints: Vec<String>,
    bools: Vec<String>,
}

struct Helper {
    name: String,
    args: usize,
    results: usize,
    /// The constants every call site passes (`None`: whatever is at hand).
    consts: Option<Vec<i64>>,
}

struct Gen {
    r: Rng,
    t: &'static str,
    helpers: Vec<Helper>,
    next: usize,
}

impl Gen {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn small(&mut self) -> i64 {
        self.r.below(8) as i64 - 2
    }

    fn constant(&mut self, out: &mut String, s: &mut Scope) -> String {
        let v = self.fresh();
        let c = self.small();
        out.push_str(&format!("  {v} = arith.constant {c} : {}\n", self.t));
        s.ints.push(v.clone());
        v
    }

    fn int(&mut self, out: &mut String, s: &mut Scope) -> String {
        if s.ints.is_empty() || self.r.chance(20) {
            return self.constant(out, s);
        }
        let n = s.ints.len();
        s.ints[n - 1 - self.r.below(n.min(4))].clone()
    }

    fn bool(&mut self, out: &mut String, s: &mut Scope) -> String {
        if s.bools.is_empty() || self.r.chance(30) {
            let v = self.fresh();
            let c = if self.r.chance(50) { "true" } else { "false" };
            out.push_str(&format!("  {v} = arith.constant {c}\n"));
            s.bools.push(v.clone());
            return v;
        }
        let n = s.bools.len();
        s.bools[n - 1 - self.r.below(n.min(3))].clone()
    }

    /// A value of type `ty` (the program's type or `i1`).
    fn value(&mut self, out: &mut String, s: &mut Scope, ty: &str) -> String {
        if ty == "i1" {
            self.bool(out, s)
        } else {
            self.int(out, s)
        }
    }

    /// `n` ops; `from`: the helper they are in (`usize::MAX`: `@main`).
    fn ops(&mut self, out: &mut String, s: &mut Scope, n: usize, from: usize) {
        let t = self.t;
        for _ in 0..n {
            match self.r.below(12) {
                0 => {
                    self.constant(out, s);
                }
                1..=4 => {
                    let (a, b) = (self.int(out, s), self.int(out, s));
                    let op = self.r.pick(BIN);
                    let v = self.fresh();
                    out.push_str(&format!("  {v} = arith.{op} {a}, {b} : {t}\n"));
                    s.ints.push(v);
                }
                5..=6 => {
                    let (a, b) = (self.int(out, s), self.int(out, s));
                    let p = self.r.pick(CMPI);
                    let v = self.fresh();
                    out.push_str(&format!("  {v} = arith.cmpi {p}, {a}, {b} : {t}\n"));
                    s.bools.push(v);
                }
                7 => {
                    let c = self.bool(out, s);
                    let (a, b) = (self.int(out, s), self.int(out, s));
                    let v = self.fresh();
                    out.push_str(&format!("  {v} = arith.select {c}, {a}, {b} : {t}\n"));
                    s.ints.push(v);
                }
                8..=9 => self.call(out, s, from),
                10 => self.if_op(out, s),
                _ => {
                    self.int(out, s);
                }
            }
        }
    }

    fn call(&mut self, out: &mut String, s: &mut Scope, from: usize) {
        // Helpers call only later helpers: no recursion.
        let first = if from == usize::MAX { 0 } else { from + 1 };
        if first >= self.helpers.len() {
            return;
        }
        let h = first + self.r.below(self.helpers.len() - first);
        let mut args = Vec::new();
        for i in 0..self.helpers[h].args {
            let a = match &self.helpers[h].consts {
                Some(cs) => {
                    let c = cs[i];
                    let v = self.fresh();
                    out.push_str(&format!("  {v} = arith.constant {c} : {}\n", self.t));
                    v
                }
                None => self.int(out, s),
            };
            args.push(a);
        }
        let n = self.helpers[h].results;
        let res: Vec<String> = (0..n).map(|_| self.fresh()).collect();
        let lhs = if n == 0 {
            String::new()
        } else {
            format!("{} = ", res.join(", "))
        };
        out.push_str(&format!(
            "  {lhs}call @{}({}) : ({}) -> ({})\n",
            self.helpers[h].name,
            args.join(", "),
            vec![self.t; args.len()].join(", "),
            vec![self.t; n].join(", ")
        ));
        s.ints.extend(res);
    }

    fn if_op(&mut self, out: &mut String, s: &mut Scope) {
        let t = self.t;
        let c = self.bool(out, s);
        let v = self.fresh();
        out.push_str(&format!("  {v} = scf.if {c} -> ({t}) {{\n"));
        for k in 0..2 {
            if k == 1 {
                out.push_str("  } else {\n");
            }
            let mut inner = String::new();
            let mut sc = s.clone();
            let y = if self.r.chance(50) {
                let (a, b) = (self.int(&mut inner, &mut sc), self.int(&mut inner, &mut sc));
                let w = self.fresh();
                inner.push_str(&format!("  {w} = arith.addi {a}, {b} : {t}\n"));
                w
            } else {
                self.int(&mut inner, &mut sc)
            };
            for line in inner.lines() {
                out.push_str(&format!("  {line}\n"));
            }
            out.push_str(&format!("    scf.yield {y} : {t}\n"));
        }
        out.push_str("  }\n");
        s.ints.push(v);
    }

    /// `^bbN(values : types)`, the values picked for `sig`.
    fn dest(&mut self, out: &mut String, s: &mut Scope, target: usize, sig: &[&str]) -> String {
        if sig.is_empty() {
            return format!("^bb{target}");
        }
        let vals: Vec<String> = sig.iter().map(|ty| self.value(out, s, ty)).collect();
        format!("^bb{target}({} : {})", vals.join(", "), sig.join(", "))
    }

    /// A function body: blocks, their arguments, ops and terminators.
    fn body(&mut self, out: &mut String, base: Scope, results: usize, from: usize) {
        let t = self.t;
        let n = 1 + self.r.below(6);
        let sigs: Vec<Vec<&'static str>> = (0..n)
            .map(|k| {
                if k == 0 {
                    return Vec::new();
                }
                (0..self.r.below(3))
                    .map(|_| if self.r.chance(70) { t } else { "i1" })
                    .collect()
            })
            .collect();
        let mut entry_scope = base;
        for k in 0..n {
            let mut s = entry_scope.clone();
            if k > 0 {
                let args: Vec<String> = sigs[k]
                    .iter()
                    .enumerate()
                    .map(|(i, ty)| {
                        let a = format!("%b{k}_{i}");
                        if *ty == "i1" {
                            s.bools.push(a.clone());
                        } else {
                            s.ints.push(a.clone());
                        }
                        format!("{a}: {ty}")
                    })
                    .collect();
                if args.is_empty() {
                    out.push_str(&format!("^bb{k}:\n"));
                } else {
                    out.push_str(&format!("^bb{k}({}):\n", args.join(", ")));
                }
            }
            let nops = self.r.below(5);
            self.ops(out, &mut s, nops, from);
            if k == 0 {
                entry_scope = s.clone();
            }
            // The terminator: branches need a non-entry block to go to.
            let kind = if n == 1 || (k == n - 1 && self.r.chance(50)) {
                9
            } else {
                self.r.below(12)
            };
            let pick = |g: &mut Gen| 1 + g.r.below(n - 1);
            match kind {
                0..=2 => {
                    let d = pick(self);
                    let dest = self.dest(out, &mut s, d, &sigs[d]);
                    out.push_str(&format!("  cf.br {dest}\n"));
                }
                7..=8 if t != "index" => {
                    let flag = self.int(out, &mut s);
                    let d = pick(self);
                    let default = self.dest(out, &mut s, d, &sigs[d]);
                    let mut cases = Vec::new();
                    let mut used = Vec::new();
                    for _ in 0..1 + self.r.below(3) {
                        let v = self.small();
                        if used.contains(&v) {
                            continue;
                        }
                        used.push(v);
                        let d = pick(self);
                        let dest = self.dest(out, &mut s, d, &sigs[d]);
                        cases.push(format!("    {v}: {dest}"));
                    }
                    out.push_str(&format!(
                        "  cf.switch {flag} : {t}, [\n    default: {default},\n{}\n  ]\n",
                        cases.join(",\n")
                    ));
                }
                3..=8 => {
                    let c = self.bool(out, &mut s);
                    let (d1, d2) = (pick(self), pick(self));
                    let a = self.dest(out, &mut s, d1, &sigs[d1]);
                    let b = self.dest(out, &mut s, d2, &sigs[d2]);
                    out.push_str(&format!("  cf.cond_br {c}, {a}, {b}\n"));
                }
                _ => {
                    let rets: Vec<String> = (0..results).map(|_| self.int(out, &mut s)).collect();
                    if rets.is_empty() {
                        out.push_str("  return\n");
                    } else {
                        out.push_str(&format!(
                            "  return {} : {}\n",
                            rets.join(", "),
                            vec![t; results].join(", ")
                        ));
                    }
                }
            }
        }
    }

    fn func(
        &mut self,
        name: &str,
        public: bool,
        args: usize,
        results: usize,
        from: usize,
    ) -> String {
        let t = self.t;
        let mut s = Scope::default();
        let mut params: Vec<String> = (0..args)
            .map(|i| {
                s.ints.push(format!("%a{i}"));
                format!("%a{i}: {t}")
            })
            .collect();
        if from == usize::MAX {
            s.bools.push("%c".into());
            params.push("%c: i1".into());
        }
        let mut body = String::new();
        self.body(&mut body, s, results, from);
        let vis = if public { "" } else { "private " };
        let sig = if results == 0 {
            String::new()
        } else {
            format!(" -> ({})", vec![t; results].join(", "))
        };
        format!(
            "func.func {vis}@{name}({}){sig} {{\n{body}}}\n",
            params.join(", ")
        )
    }
}

/// The program of `seed`.
pub fn program(seed: u64) -> String {
    let mut r = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let t = r.pick(TYPES);
    let helpers = (0..r.below(3))
        .map(|i| {
            let args = r.below(3);
            let consts = if r.chance(60) {
                Some((0..args).map(|_| r.below(6) as i64 - 1).collect())
            } else {
                None
            };
            Helper {
                name: format!("h{i}"),
                args,
                results: r.below(3),
                consts,
            }
        })
        .collect();
    let mut g = Gen {
        r,
        t,
        helpers,
        next: 0,
    };
    let mut out = String::new();
    for h in 0..g.helpers.len() {
        let (name, args, results) = {
            let x = &g.helpers[h];
            (x.name.clone(), x.args, x.results)
        };
        out.push_str(&g.func(&name, false, args, results, h));
    }
    let results = 1 + g.r.below(2);
    out.push_str(&g.func("main", true, 2, results, usize::MAX));
    out
}
