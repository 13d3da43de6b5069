//! `canonicalize`: folders plus the canonicalisation patterns of arith and graph,
//! applied by the greedy driver (constants de-duplicated and hoisted).

use super::{arith_combine, arith_patterns, graph_patterns};
use xir::pass::{Pass, PassContext, PassOption};
use xir::rewrite::{apply_patterns_greedily, GreedyConfig, PatternSet, RegionSimplify};
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

/// The patterns `canonicalize` applies.
pub fn patterns(ctx: &mut xir::Context) -> PatternSet {
    let mut set = PatternSet::new();
    arith_patterns::populate(ctx, &mut set);
    arith_combine::populate(ctx, &mut set);
    graph_patterns::populate(ctx, &mut set);
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
