//! Differential test of `sccp` across calls: random func + arith + scf programs
//! through xir's `sccp` and `mlir-opt --sccp --mlir-print-op-generic` (MLIR 22);
//! outputs must be byte-identical.
//!
//! Each program has a public `@main` (and sometimes a public `@pub`) calling
//! private functions: some always with the same constants, some with differing
//! constants or non-constant values, some from other private functions
//! (recursion included), some never, some named by `func.constant`s; call
//! results feed arith ops, and `scf.if`s branch on constant and non-constant
//! conditions (with calls and nested ifs inside).
//!
//! A second family (`sccp_cfg::`, from `irgen::cfg`) has multi-block bodies:
//! `cf.br`, `cf.cond_br` and `cf.switch` on constant and unknown conditions,
//! block arguments fed constants or not, loops and unreachable blocks, calls
//! between them.
//!
//! Every fourth program is also run function by function
//! (`builtin.module(func.func(sccp))`).
//!
//! Without mlir-opt the trials are ignored, or fail when `CI` is set.
//! `XIR_SCCP_SEEDS=N` sets the number of programs of each family (default
//! 300) and `XIR_SCCP_FIRST_SEED` the first seed (default 0);
//! `XIR_SCCP_PRINT=SEED` (or `XIR_SCCP_CFG_PRINT=SEED`) prints the program of
//! one seed instead.

use irgen::mlir_opt;
use irgen::XorShift as Rng;
use libtest_mimic::{Arguments, Failed, Trial};
use xir::parser::{parse_buffer, ParseOptions};
use xir::pass::{AnalysisManager, PassContext, PassRegistry};
use xir::printer::{print_top_level, PrintOptions};
use xir::{Context, DiagEngine, Ir, SourceBuffer};

const TYPES: &[&str] = &["i8", "i16", "i32", "i64", "index"];
const BIN: &[&str] = &[
    "addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "andi", "ori", "xori", "maxsi",
    "maxui", "minsi", "minui", "shli", "shrsi", "shrui",
];
const CMPI: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

/// How the call sites of a private function pass their arguments.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// The same constants everywhere (`consts`).
    Same,
    /// Whatever value is at hand: constants that differ, arguments, results.
    Any,
    /// Never called.
    Never,
}

struct Func {
    name: String,
    args: usize,
    /// A trailing `i1` argument (passed `true` at every site in `Same` mode).
    flag: bool,
    results: usize,
    public: bool,
    mode: Mode,
    consts: Vec<i64>,
}

struct Gen {
    r: Rng,
    t: &'static str,
    funcs: Vec<Func>,
    next: usize,
}

/// The values in scope: integers of the program's type and `i1`s.
#[derive(Clone, Default)]
struct Scope {
    ints: Vec<String>,
    bools: Vec<String>,
}

impl Gen {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn small(&mut self) -> i64 {
        self.r.below(9) as i64 - 3
    }

    /// A recent value, more often than an old one.
    fn pick(&mut self, xs: &[String]) -> String {
        let n = xs.len();
        if self.r.chance(60) {
            xs[n - 1 - self.r.below(n.min(4))].clone()
        } else {
            xs[self.r.below(n)].clone()
        }
    }

    fn int(&mut self, out: &mut String, ind: &str, s: &mut Scope) -> String {
        if s.ints.is_empty() || self.r.chance(10) {
            let v = self.fresh();
            let c = self.small();
            out.push_str(&format!("{ind}{v} = arith.constant {c} : {}\n", self.t));
            s.ints.push(v.clone());
            return v;
        }
        self.pick(&s.ints.clone())
    }

    fn bool(&mut self, out: &mut String, ind: &str, s: &mut Scope) -> String {
        if s.bools.is_empty() || self.r.chance(15) {
            let v = self.fresh();
            let c = if self.r.chance(50) { "true" } else { "false" };
            out.push_str(&format!("{ind}{v} = arith.constant {c}\n"));
            s.bools.push(v.clone());
            return v;
        }
        self.pick(&s.bools.clone())
    }

    /// A call of function `f` (`func.`-prefixed inside regions).
    fn call(&mut self, out: &mut String, ind: &str, s: &mut Scope, f: usize, prefix: &str) {
        let mut args = Vec::new();
        for i in 0..self.funcs[f].args {
            let a = if self.funcs[f].mode == Mode::Same {
                let v = self.fresh();
                let c = self.funcs[f].consts[i];
                out.push_str(&format!("{ind}{v} = arith.constant {c} : {}\n", self.t));
                v
            } else {
                self.int(out, ind, s)
            };
            args.push(a);
        }
        let mut tys = vec![self.t; args.len()];
        if self.funcs[f].flag {
            let a = if self.funcs[f].mode == Mode::Same {
                let v = self.fresh();
                out.push_str(&format!("{ind}{v} = arith.constant true\n"));
                v
            } else {
                self.bool(out, ind, s)
            };
            args.push(a);
            tys.push("i1");
        }
        let (n, name) = (self.funcs[f].results, self.funcs[f].name.clone());
        let res: Vec<String> = (0..n).map(|_| self.fresh()).collect();
        let t = self.t;
        let lhs = if res.is_empty() {
            String::new()
        } else {
            format!("{} = ", res.join(", "))
        };
        out.push_str(&format!(
            "{ind}{lhs}{prefix}call @{name}({}) : ({}) -> ({})\n",
            args.join(", "),
            tys.join(", "),
            vec![t; n].join(", ")
        ));
        s.ints.extend(res);
    }

    fn fn_type(&self, f: usize) -> String {
        let g = &self.funcs[f];
        let mut args = vec![self.t; g.args];
        if g.flag {
            args.push("i1");
        }
        format!(
            "({}) -> ({})",
            args.join(", "),
            vec![self.t; g.results].join(", ")
        )
    }

    /// Functions `from` may call (`usize::MAX`: `@main`).
    fn callees(&self, from: usize) -> Vec<usize> {
        (0..self.funcs.len())
            .filter(|&g| {
                let f = &self.funcs[g];
                f.mode != Mode::Never
                    && f.name != "main"
                    && (from == usize::MAX || g > from || (g == from && !f.public))
            })
            .collect()
    }

    /// `n` ops into `out`; `depth` bounds nested `scf.if`s.
    fn ops(
        &mut self,
        out: &mut String,
        ind: &str,
        s: &mut Scope,
        n: usize,
        depth: usize,
        from: usize,
    ) {
        let t = self.t;
        for _ in 0..n {
            match self.r.below(21) {
                0..=1 => {
                    self.int(out, ind, s);
                }
                2..=7 => {
                    let (a, b) = (self.int(out, ind, s), self.int(out, ind, s));
                    let op = self.r.pick(BIN);
                    let v = self.fresh();
                    out.push_str(&format!("{ind}{v} = arith.{op} {a}, {b} : {t}\n"));
                    s.ints.push(v);
                }
                8..=9 => {
                    let (a, b) = (self.int(out, ind, s), self.int(out, ind, s));
                    let p = self.r.pick(CMPI);
                    let v = self.fresh();
                    out.push_str(&format!("{ind}{v} = arith.cmpi {p}, {a}, {b} : {t}\n"));
                    s.bools.push(v);
                }
                10 => {
                    let c = self.bool(out, ind, s);
                    let (a, b) = (self.int(out, ind, s), self.int(out, ind, s));
                    let v = self.fresh();
                    out.push_str(&format!("{ind}{v} = arith.select {c}, {a}, {b} : {t}\n"));
                    s.ints.push(v);
                }
                11..=15 => {
                    let cs = self.callees(from);
                    if !cs.is_empty() {
                        let f = cs[self.r.below(cs.len())];
                        let prefix = if ind.len() > 2 { "func." } else { "" };
                        self.call(out, ind, s, f, prefix);
                    }
                }
                16..=18 if depth > 0 => self.if_op(out, ind, s, depth, from, true),
                19 if depth > 0 => self.if_op(out, ind, s, depth, from, false),
                20 if self.r.chance(40) => {
                    // A non-call use: the named function may be called from
                    // anywhere (even when the use is never executed).
                    let f = self.r.below(self.funcs.len() - 1);
                    let v = self.fresh();
                    let ty = self.fn_type(f);
                    let name = &self.funcs[f].name;
                    out.push_str(&format!("{ind}{v} = func.constant @{name} : {ty}\n"));
                }
                _ => {
                    self.int(out, ind, s);
                }
            }
        }
    }

    fn if_op(
        &mut self,
        out: &mut String,
        ind: &str,
        s: &mut Scope,
        depth: usize,
        from: usize,
        results: bool,
    ) {
        let t = self.t;
        let c = self.bool(out, ind, s);
        let n = if results { 1 + self.r.below(2) } else { 0 };
        let res: Vec<String> = (0..n).map(|_| self.fresh()).collect();
        let inner = format!("{ind}  ");
        let region = |g: &mut Gen, out: &mut String| {
            let mut sc = s.clone();
            let k = g.r.below(4);
            g.ops(out, &inner, &mut sc, k, depth - 1, from);
            if n > 0 {
                let ys: Vec<String> = (0..n).map(|_| g.int(out, &inner, &mut sc)).collect();
                out.push_str(&format!(
                    "{inner}scf.yield {} : {}\n",
                    ys.join(", "),
                    vec![t; n].join(", ")
                ));
            }
        };
        if n > 0 {
            out.push_str(&format!(
                "{ind}{} = scf.if {c} -> ({}) {{\n",
                res.join(", "),
                vec![t; n].join(", ")
            ));
        } else {
            out.push_str(&format!("{ind}scf.if {c} {{\n"));
        }
        region(self, out);
        if n > 0 || self.r.chance(50) {
            out.push_str(&format!("{ind}}} else {{\n"));
            region(self, out);
        }
        out.push_str(&format!("{ind}}}\n"));
        s.ints.extend(res);
    }

    fn func(&mut self, f: usize) -> String {
        let t = self.t;
        let (name, nargs, nres, public, flag) = {
            let g = &self.funcs[f];
            (g.name.clone(), g.args, g.results, g.public, g.flag)
        };
        let mut s = Scope::default();
        let mut params = Vec::new();
        for i in 0..nargs {
            s.ints.push(format!("%a{i}"));
            params.push(format!("%a{i}: {t}"));
        }
        if flag {
            s.bools.push("%b".into());
            params.push("%b: i1".into());
        }
        let mut body = String::new();
        let n = 2 + self.r.below(if name == "main" { 12 } else { 7 });
        let from = if name == "main" { usize::MAX } else { f };
        self.ops(&mut body, "  ", &mut s, n, 2, from);
        let rets: Vec<String> = (0..nres)
            .map(|_| self.int(&mut body, "  ", &mut s))
            .collect();
        let vis = if public { "" } else { "private " };
        let sig = if nres == 0 {
            String::new()
        } else {
            format!(" -> ({})", vec![t; nres].join(", "))
        };
        let ret = if nres == 0 {
            "  return\n".to_string()
        } else {
            format!(
                "  return {} : {}\n",
                rets.join(", "),
                vec![t; nres].join(", ")
            )
        };
        format!(
            "func.func {vis}@{name}({}){sig} {{\n{body}{ret}}}\n",
            params.join(", ")
        )
    }
}

fn gen(seed: u64) -> String {
    let mut r = Rng::new(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1);
    let t = r.pick(TYPES);
    let mut funcs = Vec::new();
    let n = 1 + r.below(5);
    for i in 0..n {
        let mode = match r.below(10) {
            0..=3 => Mode::Same,
            4..=8 => Mode::Any,
            _ => Mode::Never,
        };
        let args = r.below(4);
        let consts = (0..args).map(|_| r.below(9) as i64 - 3).collect();
        funcs.push(Func {
            name: format!("p{i}"),
            args,
            flag: r.chance(30),
            results: r.below(3),
            public: false,
            mode,
            consts,
        });
    }
    if r.chance(30) {
        // A public function: its arguments are unknown, its returns still flow.
        funcs.push(Func {
            name: "pub".into(),
            args: 1 + r.below(2),
            flag: false,
            results: 1 + r.below(2),
            public: true,
            mode: Mode::Any,
            consts: Vec::new(),
        });
    }
    funcs.push(Func {
        name: "main".into(),
        args: 2,
        flag: true,
        results: 1 + r.below(3),
        public: true,
        mode: Mode::Never,
        consts: Vec::new(),
    });
    let mut g = Gen {
        r,
        t,
        funcs,
        next: 0,
    };
    // Callees first or last: the analysis must not depend on the order.
    let mut order: Vec<usize> = (0..g.funcs.len()).collect();
    if g.r.chance(50) {
        order.reverse();
    }
    order.iter().map(|&f| g.func(f)).collect()
}

/// Runs xir's `sccp` on the module, or (`per_function`) on each top-level
/// function on its own, as `builtin.module(func.func(sccp))` does.
fn xir_run(input: &str, per_function: bool) -> Result<String, String> {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_scf::register(&mut ctx);
    xir_cf::register(&mut ctx);
    let mut reg = PassRegistry::default();
    xir_transforms::register(&mut reg);
    let mut p = (reg.pass("sccp").ok_or("no sccp pass")?.create)();
    let mut ir = Ir::new();
    let mut diags = DiagEngine::default();
    let buf = SourceBuffer::new("input", input.to_string());
    let opts = ParseOptions {
        implicit_module: true,
        module_line_col: (0, 0),
    };
    let top = parse_buffer(&mut ctx, &mut ir, &buf, &opts, &mut diags)
        .ok_or_else(|| "xir failed to parse".to_string())?;
    let errs = xir::verifier::verify(&ctx, &ir, top);
    if !errs.is_empty() {
        return Err(format!("xir verifier (input): {errs:?}"));
    }
    let roots: Vec<xir::Op> = if per_function {
        let body = ir.regions(top).first().and_then(|&r| ir.entry_block(r));
        body.map(|b| ir.block_ops(b).collect()).unwrap_or_default()
    } else {
        vec![top]
    };
    for root in roots {
        let mut am = AnalysisManager::default();
        let mut pc = PassContext::new(&mut ctx, &mut ir, &mut diags, &mut am);
        p.run(&mut pc, root)
            .map_err(|_| "pass failed".to_string())?;
    }
    let errs = xir::verifier::verify(&ctx, &ir, top);
    if !errs.is_empty() {
        return Err(format!("xir verifier: {errs:?}"));
    }
    let popts = PrintOptions {
        generic: true,
        debuginfo: false,
        local_scope: false,
    };
    Ok(print_top_level(&ctx, &ir, top, &popts))
}

fn trial(input: String, per_function: bool) -> Result<(), Failed> {
    let pass = if per_function {
        "--pass-pipeline=builtin.module(func.func(sccp))"
    } else {
        "--sccp"
    };
    let want = mlir_opt::run(&[pass, "--mlir-print-op-generic"], &input)
        .map_err(|e| format!("{e}\ninput:\n{input}"))?;
    let got = xir_run(&input, per_function).map_err(|e| format!("{e}\ninput:\n{input}"))?;
    if let Some(line) = mlir_opt::difference(&want, &got) {
        return Err(
            format!("output differs\n{line}\ninput:\n{input}\nwant:\n{want}\ngot:\n{got}").into(),
        );
    }
    Ok(())
}

fn main() {
    if let Some(seed) = std::env::var("XIR_SCCP_PRINT")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        print!("{}", gen(seed));
        return;
    }
    if let Some(seed) = std::env::var("XIR_SCCP_CFG_PRINT")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        print!("{}", irgen::cfg::program(seed));
        return;
    }
    let args = Arguments::from_args();
    let seeds: u64 = irgen::env_u64("XIR_SCCP_SEEDS", 300);
    let first: u64 = irgen::env_u64("XIR_SCCP_FIRST_SEED", 0);
    let mut trials = Vec::new();
    for seed in first..first + seeds {
        trials.push(mlir_opt::gate(Trial::test(
            format!("sccp::seed_{seed}"),
            move || trial(gen(seed), false),
        )));
        // Every fourth program also function by function: the arguments of
        // each are unknown, and every call (a function to itself included)
        // goes outside what is analysed.
        if seed % 4 == 0 {
            trials.push(mlir_opt::gate(Trial::test(
                format!("sccp_per_function::seed_{seed}"),
                move || trial(gen(seed), true),
            )));
        }
        trials.push(mlir_opt::gate(Trial::test(
            format!("sccp_cfg::seed_{seed}"),
            move || trial(irgen::cfg::program(seed), false),
        )));
        if seed % 4 == 1 {
            trials.push(mlir_opt::gate(Trial::test(
                format!("sccp_cfg_per_function::seed_{seed}"),
                move || trial(irgen::cfg::program(seed), true),
            )));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
