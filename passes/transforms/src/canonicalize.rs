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
