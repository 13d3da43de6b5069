//! Random func + arith + scf programs for the `canonicalize` differential
//! test, shaped so that every `scf.if` pattern meets its cases: conditions
//! that are arguments, comparisons, constants or negations (`xori c, true`);
//! ifs next to ifs on the same or the negated condition; ifs alone in a then
//! block; branches of pure ops, of calls, or only a yield; yields of outside
//! values, inside values, `i1` constants and the condition itself; results
//! used, unused, or used inside a later if; and conditions used inside the
//! branches.

use irgen::XorShift as Rng;

#[derive(Clone, Default)]
struct Scope {
    ints: Vec<String>,
    bools: Vec<String>,
}

struct Gen {
    r: Rng,
    n: usize,
}

impl Gen {
    fn fresh(&mut self) -> String {
        self.n += 1;
        format!("%v{}", self.n)
    }

    fn pick(&mut self, xs: &[String]) -> String {
        xs[self.r.below(xs.len())].clone()
    }

    /// A condition: an existing `i1` (often), a new comparison, a constant or
    /// a negation.
    fn cond(&mut self, out: &mut String, ind: &str, s: &mut Scope) -> String {
        match self.r.below(8) {
            0 => {
                let v = self.fresh();
                let k = ["true", "false"][self.r.below(2)];
                out.push_str(&format!("{ind}{v} = arith.constant {k}\n"));
                v
            }
            1 => {
                let (a, b) = (self.pick(&s.ints), self.pick(&s.ints));
                let p = ["eq", "slt", "ne", "uge"][self.r.below(4)];
                let v = self.fresh();
                out.push_str(&format!("{ind}{v} = arith.cmpi {p}, {a}, {b} : i32\n"));
                s.bools.push(v.clone());
                v
            }
            2 | 3 => {
                let c = self.pick(&s.bools);
                let (t, v) = (self.fresh(), self.fresh());
                out.push_str(&format!("{ind}{t} = arith.constant true\n"));
                out.push_str(&format!("{ind}{v} = arith.xori {c}, {t} : i1\n"));
                s.bools.push(v.clone());
                v
            }
            _ => self.pick(&s.bools),
        }
    }

    /// A value of `ty` for a yield: an outside value, an `i1` constant, or one
    /// made in the branch.
    fn yielded(&mut self, out: &mut String, ind: &str, s: &mut Scope, ty: &str) -> String {
        let pool = if ty == "i1" { &s.bools } else { &s.ints };
        match self.r.below(5) {
            0 | 1 => self.pick(&pool.clone()),
            2 if ty == "i1" => {
                let v = self.fresh();
                let k = ["true", "false"][self.r.below(2)];
                out.push_str(&format!("{ind}{v} = arith.constant {k}\n"));
                v
            }
            2 | 3 => {
                let v = self.fresh();
                let a = self.pick(&pool.clone());
                let b = self.pick(&pool.clone());
                let op = ["addi", "muli", "andi"][self.r.below(3)];
                out.push_str(&format!("{ind}{v} = arith.{op} {a}, {b} : {ty}\n"));
                v
            }
            _ => {
                let v = self.fresh();
                let f = if ty == "i1" { "@vb" } else { "@vi" };
                out.push_str(&format!("{ind}{v} = func.call {f}() : () -> {ty}\n"));
                v
            }
        }
    }

    /// Up to `n` ops of a block; `depth` bounds nesting.
    fn ops(&mut self, out: &mut String, ind: &str, s: &mut Scope, n: usize, depth: usize) {
        for _ in 0..n {
            match self.r.below(10) {
                0 => {
                    let c = self.pick(&s.bools);
                    out.push_str(&format!("{ind}func.call @use({c}) : (i1) -> ()\n"));
                }
                1 => out.push_str(&format!("{ind}func.call @eff() : () -> ()\n")),
                2 => {
                    let v = self.yielded(out, ind, s, "i32");
                    s.ints.push(v);
                }
                3 => {
                    let c = self.cond(out, ind, s);
                    s.bools.push(c);
                }
                _ if depth > 0 => self.if_op(out, ind, s, depth),
                _ => {}
            }
        }
    }

    fn branch(&mut self, out: &mut String, ind: &str, s: &Scope, types: &[&str], depth: usize) {
        let mut sc = s.clone();
        let k = self.r.below(3);
        self.ops(out, ind, &mut sc, k, depth - 1);
        if !types.is_empty() {
            let ys: Vec<String> = types
                .iter()
                .map(|t| self.yielded(out, ind, &mut sc, t))
                .collect();
            out.push_str(&format!(
                "{ind}scf.yield {} : {}\n",
                ys.join(", "),
                types.join(", ")
            ));
        }
    }

    /// One `scf.if` (sometimes two in a row, or one alone inside another).
    fn if_op(&mut self, out: &mut String, ind: &str, s: &mut Scope, depth: usize) {
        let c = self.cond(out, ind, s);
        self.one_if(out, ind, s, depth, &c);
        if self.r.below(3) == 0 {
            // The next if on the same condition, or on its negation.
            let c2 = if self.r.below(2) == 0 {
                c.clone()
            } else {
                let (t, v) = (self.fresh(), self.fresh());
                out.push_str(&format!("{ind}{t} = arith.constant true\n"));
                out.push_str(&format!("{ind}{v} = arith.xori {c}, {t} : i1\n"));
                v
            };
            self.one_if(out, ind, s, depth, &c2);
        }
    }

    fn one_if(&mut self, out: &mut String, ind: &str, s: &mut Scope, depth: usize, c: &str) {
        let n = self.r.below(4);
        let types: Vec<&str> = (0..n).map(|_| ["i32", "i1"][self.r.below(2)]).collect();
        let res: Vec<String> = (0..n).map(|_| self.fresh()).collect();
        let inner = format!("{ind}  ");
        if n > 0 {
            out.push_str(&format!(
                "{ind}{} = scf.if {c} -> ({}) {{\n",
                res.join(", "),
                types.join(", ")
            ));
        } else {
            out.push_str(&format!("{ind}scf.if {c} {{\n"));
        }
        if depth > 1 && self.r.below(4) == 0 {
            // An if alone in the then block, yielding what the outer yields.
            let mut sc = s.clone();
            let c2 = self.pick(&s.bools);
            self.one_if(out, &inner, &mut sc, depth - 1, &c2);
            let ys: Vec<String> = types
                .iter()
                .map(|t| {
                    let pool = if *t == "i1" { &sc.bools } else { &sc.ints };
                    pool[self.r.below(pool.len())].clone()
                })
                .collect();
            if n > 0 {
                out.push_str(&format!(
                    "{inner}scf.yield {} : {}\n",
                    ys.join(", "),
                    types.join(", ")
                ));
            }
        } else {
            self.branch(out, &inner, s, &types, depth);
        }
        if n > 0 || self.r.below(2) == 0 {
            out.push_str(&format!("{ind}}} else {{\n"));
            self.branch(out, &inner, s, &types, depth);
        }
        out.push_str(&format!("{ind}}}\n"));
        for (v, t) in res.into_iter().zip(types) {
            match t {
                "i1" => s.bools.push(v),
                _ => s.ints.push(v),
            }
        }
    }
}

/// A module of private callees and one function of ifs.
pub fn gen_scf(seed: u64) -> String {
    let mut g = Gen {
        r: Rng::new(seed.wrapping_mul(0xA24B_AED4_963E_E407) | 1),
        n: 0,
    };
    let mut s = Scope {
        ints: vec!["%a".into(), "%b".into()],
        bools: vec!["%c".into(), "%d".into()],
    };
    let mut body = String::new();
    let k = 1 + g.r.below(4);
    g.ops(&mut body, "  ", &mut s, k, 3);
    g.if_op(&mut body, "  ", &mut s, 3);
    let mut ret = vec![g.pick(&s.ints), g.pick(&s.ints)];
    ret.truncate(1 + g.r.below(2));
    let b = g.pick(&s.bools);
    format!(
        "func.func private @eff()\nfunc.func private @use(i1)\n\
         func.func private @vi() -> i32\nfunc.func private @vb() -> i1\n\
         func.func @f(%c: i1, %d: i1, %a: i32, %b: i32) -> ({}, i1) {{\n{body}  return {}, {b} : {}, i1\n}}\n",
        vec!["i32"; ret.len()].join(", "),
        ret.join(", "),
        vec!["i32"; ret.len()].join(", "),
    )
}
