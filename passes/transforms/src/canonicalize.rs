//! `canonicalize`: folders plus the canonicalization patterns of the
//! registered ops (each op's `CanonicalizationPatterns`, attached by its
//! dialect, as MLIR's `getCanonicalizationPatterns`), applied by the greedy
//! driver (constants de-duplicated and hoisted). A constant operand of a
//! `Commutative` op moves to the right (MLIR's in-place trait fold).

use xir::dialect::Traits;
use xir::pass::{Pass, PassContext, PassOption};
use xir::rewrite::fold::value_constant;
use xir::rewrite::{
    apply_patterns_greedily, CanonicalizationPatterns, GreedyConfig, PatternRewriter, PatternSet,
    RegionSimplify, RewritePattern,
};
use xir::Op;

#[derive(Default)]
pub struct Canonicalize {
    pub config: GreedyConfig,
    pub test_convergence: bool,
}

impl Canonicalize {
    pub const ARGUMENT: &'static str = "canonicalize";
    pub const SUMMARY: &'static str = "Canonicalize operations";
}

fn parse_bool(v: &str) -> Result<bool, String> {
    match v {
        "" | "true" | "TRUE" | "True" | "1" => Ok(true),
        "false" | "FALSE" | "False" | "0" => Ok(false),
        // LLVM's cl::opt wording, as mlir-opt reports it.
        _ => Err(format!(
            "'{v}' is invalid value for boolean argument! Try 0 or 1"
        )),
    }
}

fn parse_int(v: &str) -> Result<i64, String> {
    v.parse()
        .map_err(|_| format!("'{v}' value invalid for long argument!"))
}

/// `op(c, x)` → `op(x, c)` for a commutative op (MLIR does this in the fold hook).
struct ConstantToRight(&'static str);

impl RewritePattern for ConstantToRight {
    fn name(&self) -> &'static str {
        "commutative-constant-to-right"
    }
    fn root(&self) -> Option<&'static str> {
        Some(self.0)
    }
    fn benefit(&self) -> u16 {
        100
    }
    fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
        if rw.ir.num_operands(op) != 2 {
            return false;
        }
        let (l, r) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1));
        let lc = value_constant(rw.ctx, rw.ir, l).is_some();
        let rc = value_constant(rw.ctx, rw.ir, r).is_some();
        if !lc || rc {
            return false;
        }
        rw.ir.set_operands(op, &[r, l]);
        rw.modified(op);
        true
    }
}

/// The patterns `canonicalize` applies: those of every registered op.
pub fn patterns(ctx: &mut xir::Context) -> PatternSet {
    let ops: Vec<(&'static str, bool, Option<CanonicalizationPatterns>)> = ctx
        .registry
        .op_defs()
        .into_iter()
        .map(|d| {
            let commutative = d.traits.contains(Traits::COMMUTATIVE);
            (d.name, commutative, d.interfaces.get().copied())
        })
        .collect();
    let mut set = PatternSet::new();
    for (name, commutative, populate) in ops {
        if commutative {
            set.add(ctx, Box::new(ConstantToRight(name)));
        }
        if let Some(CanonicalizationPatterns(populate)) = populate {
            populate(ctx, &mut set);
        }
    }
    set
}

impl Pass for Canonicalize {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "Canonicalizer"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn options(&self) -> Vec<PassOption> {
        let c = &self.config;
        let rs = match c.region_simplify {
            RegionSimplify::Disabled => "disabled",
            RegionSimplify::Normal => "normal",
            RegionSimplify::Aggressive => "aggressive",
        };
        vec![
            PassOption {
                name: "max-iterations",
                help: "Max. iterations between applying patterns / simplifying regions",
                default: c.max_iterations.to_string(),
            },
            PassOption {
                name: "max-num-rewrites",
                help: "Max. number of pattern rewrites within an iteration",
                default: c.max_num_rewrites.to_string(),
            },
            PassOption {
                name: "region-simplify",
                help: "Perform control flow optimizations to the region tree",
                default: rs.to_string(),
            },
            PassOption {
                name: "test-convergence",
                help: "Test only: Fail pass on non-convergence to detect cyclic pattern",
                default: self.test_convergence.to_string(),
            },
            PassOption {
                name: "top-down",
                help: "Seed the worklist in general top-down order",
                default: c.top_down.to_string(),
            },
        ]
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "max-iterations" => self.config.max_iterations = parse_int(value)?,
            "max-num-rewrites" => self.config.max_num_rewrites = parse_int(value)?,
            "top-down" => self.config.top_down = parse_bool(value)?,
            "test-convergence" => self.test_convergence = parse_bool(value)?,
            "region-simplify" => {
                self.config.region_simplify = match value {
                    "disabled" => RegionSimplify::Disabled,
                    "normal" => RegionSimplify::Normal,
                    "aggressive" => RegionSimplify::Aggressive,
                    _ => return Err(format!("Cannot find option named '{value}'!")),
                }
            }
            _ => return Err(format!("no such option '{name}'")),
        }
        Ok(())
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let set = patterns(pc.ctx);
        let (converged, changed) = apply_patterns_greedily(pc.ctx, pc.ir, op, &set, &self.config);
        if !changed {
            pc.preserve_all();
        }
        if self.test_convergence && !converged {
            let loc = pc.ir.op(op).loc;
            pc.diags.emit(xir::Diagnostic::error(
                loc,
                "Canonicalizer failed to converge".to_string(),
            ));
            return Err(());
        }
        Ok(())
    }
}

/// Region simplification on multi-block bodies at each level; the expected
/// outputs are mlir-opt 22's.
#[cfg(test)]
mod region_tests {
    use super::Canonicalize;
    use xir::parser::{parse_buffer, ParseOptions};
    use xir::pass::{AnalysisManager, Pass, PassContext};
    use xir::printer::{print_top_level, PrintOptions};
    use xir::{DiagEngine, Ir, SourceBuffer};

    /// Canonicalizes `input` (cf registered, unregistered ops allowed) at
    /// `level`, checks that the result verifies and prints it.
    fn canon(level: &str, input: &str) -> String {
        canon_with(&[("region-simplify", level)], input)
    }

    fn canon_with(options: &[(&str, &str)], input: &str) -> String {
        let mut ctx = crate::testing::context();
        xir_cf::register(&mut ctx);
        ctx.allow_unregistered = true;
        let mut ir = Ir::new();
        let mut diags = DiagEngine::default();
        let buf = SourceBuffer::new("input", input.to_string());
        let opts = ParseOptions {
            implicit_module: true,
            module_line_col: (0, 0),
        };
        let top = parse_buffer(&mut ctx, &mut ir, &buf, &opts, &mut diags).expect("parses");
        let mut pass = Canonicalize::default();
        for (k, v) in options {
            pass.set_option(k, v).expect("valid option");
        }
        let mut am = AnalysisManager::default();
        let mut pc = PassContext::new(&mut ctx, &mut ir, &mut diags, &mut am);
        pass.run(&mut pc, top).expect("pass succeeds");
        let errs = xir::verifier::verify(&ctx, &ir, top);
        assert!(errs.is_empty(), "verifier: {errs:?}");
        let popts = PrintOptions {
            generic: false,
            debuginfo: false,
            local_scope: false,
        };
        print_top_level(&ctx, &ir, top, &popts)
    }

    const DEAD_ARG: &str = "func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb2
^bb2:
  \"foo.op\"() : () -> ()
  cf.br ^bb1(%b, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  return %y : i32
}
";

    const MERGE: &str = "func.func @f(%c: i1, %d: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  \"foo.one\"() : () -> ()
  cf.cond_br %d, ^bb3(%a, %b : i32, i32), ^bb5
^bb2:
  \"foo.two\"() : () -> ()
  cf.cond_br %d, ^bb4(%a, %a : i32, i32), ^bb5
^bb3(%x: i32, %y: i32):
  %s = arith.addi %x, %y : i32
  return %s : i32
^bb4(%p: i32, %q: i32):
  %t = arith.addi %p, %q : i32
  return %t : i32
^bb5:
  return %b : i32
}
";

    #[test]
    fn dead_block_argument_erased_with_its_operands() {
        let want = "module {
  func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
    cf.cond_br %arg0, ^bb2(%arg2 : i32), ^bb1
  ^bb1:  // pred: ^bb0
    \"foo.op\"() : () -> ()
    cf.br ^bb2(%arg1 : i32)
  ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
    return %0 : i32
  }
}

";
        assert_eq!(canon("normal", DEAD_ARG), want);
        assert_eq!(canon("aggressive", DEAD_ARG), want);
    }

    /// As MLIR, erasing dead block arguments alone does not count as a change
    /// that asks for another iteration: one iteration converges.
    #[test]
    fn dead_arguments_alone_converge_in_one_iteration() {
        let opts = [("max-iterations", "1"), ("test-convergence", "true")];
        assert!(canon_with(&opts, DEAD_ARG).contains("^bb2(%0: i32):"));
    }

    #[test]
    fn disabled_keeps_block_arguments() {
        assert!(canon("disabled", DEAD_ARG).contains("^bb2(%0: i32, %1: i32):"));
    }

    #[test]
    fn aggressive_merges_blocks_and_drops_redundant_arguments() {
        let want = "module {
  func.func @f(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32) -> i32 {
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    \"foo.one\"() : () -> ()
    cf.cond_br %arg1, ^bb3(%arg3 : i32), ^bb4
  ^bb2:  // pred: ^bb0
    \"foo.two\"() : () -> ()
    cf.cond_br %arg1, ^bb3(%arg2 : i32), ^bb4
  ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
    %1 = arith.addi %arg2, %0 : i32
    return %1 : i32
  ^bb4:  // 2 preds: ^bb1, ^bb2
    return %arg3 : i32
  }
}

";
        assert_eq!(canon("aggressive", MERGE), want);
        // Normal keeps both blocks.
        assert!(canon("normal", MERGE).contains("^bb4(%3: i32, %4: i32):"));
    }
}
