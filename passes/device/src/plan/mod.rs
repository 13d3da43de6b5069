//! `device-plan`: gives every tensor value and graph op one placement from the
//! program's pins (docs/architecture.md §4), by union-find over placement variables, and
//! writes the complete form back.

pub mod devices;
pub mod diagnostics;
pub mod func_attrs;
pub mod kinds;
pub mod maxflow;
pub mod min_transfer;
pub mod model;
pub mod pins;
pub mod placement;
pub mod rewrite;
pub mod solver;
pub mod specialize;

use xir::pass::options::parse_bool;
use xir::pass::{Pass, PassContext, PassOption};
use xir::Op;

/// The options `device-plan` and `device-explain` share.
#[derive(Default, Clone, Copy)]
pub struct PlanOptions {
    /// Cut conflicting uses with transfers instead of failing.
    pub auto_transfer: bool,
    /// `placement=min-transfer`: unpinned ops choose devices to move the fewest bytes.
    pub min_transfer: bool,
}

impl PlanOptions {
    pub fn mode(&self) -> model::Mode {
        if self.min_transfer {
            model::Mode::MinTransfer
        } else if self.auto_transfer {
            model::Mode::AutoTransfer
        } else {
            model::Mode::Strict
        }
    }

    pub fn list() -> Vec<PassOption> {
        vec![
            PassOption {
                name: "auto-transfer",
                help: "Insert a graph.transfer at a use whose sides are pinned to different placements",
                default: "false".into(),
            },
            PassOption {
                name: "placement",
                help: "How unpinned ops are placed: 'pins' (they follow the pins through their uses) or 'min-transfer' (the devices that minimise the bytes moved; one transfer per value and destination)",
                default: "pins".into(),
            },
        ]
    }

    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "auto-transfer" => self.auto_transfer = parse_bool(value)?,
            "placement" => {
                self.min_transfer = match value {
                    "pins" => false,
                    "min-transfer" => true,
                    _ => {
                        return Err(format!(
                    "invalid value '{value}' for 'placement': expected 'pins' or 'min-transfer'"
                ))
                    }
                }
            }
            _ => return Err(format!("no such option '{name}'")),
        }
        Ok(())
    }
}

/// A plan decided but not yet written back.
pub struct Solved {
    pub model: model::Model,
    /// Where unconstrained classes go; `None` when there is nothing to place.
    pub default: Option<xir::Attr>,
    /// The clones of private callees, per placement.
    pub clones: Vec<specialize::Cloned>,
}

/// Everything `device-plan` decides, without writing it back: clones private
/// callees per placement (in `ir`), builds and solves the model, places free
/// classes (min-transfer) and settles what each device runs. Errors go to
/// `diags` (`pass` names the pass in the "no device" error). `device-explain`
/// runs this on a copy of the module, so that it explains exactly this plan.
#[allow(clippy::result_unit_err)]
pub fn solve(
    ctx: &mut xir::Context,
    ir: &mut xir::Ir,
    module: Op,
    opts: PlanOptions,
    pass: &str,
    diags: &mut xir::DiagEngine,
) -> Result<Solved, ()> {
    let mut devices = devices::Devices::collect(ctx, ir, module);
    let mode = opts.mode();
    let (mut m, clones) = specialize::plan(ctx, ir, module, &mut devices, mode, diags);
    if m.errors > 0 {
        return Err(());
    }
    if m.solver.num_vars() == 0 {
        return Ok(Solved {
            model: m,
            default: None,
            clones,
        });
    }
    let default = devices.require_default(pass, ir.op(module).loc, diags)?;
    if mode == model::Mode::MinTransfer {
        placement::place(ctx, ir, &mut m, &mut devices, default);
    }
    if let Some(sup) = devices.support.as_ref() {
        if !crate::support::settle(ctx, ir, &mut m, sup, default, diags) {
            return Err(());
        }
    }
    Ok(Solved {
        model: m,
        default: Some(default),
        clones,
    })
}

#[derive(Default)]
pub struct DevicePlan {
    pub opts: PlanOptions,
}

impl DevicePlan {
    pub const ARGUMENT: &'static str = "device-plan";
    pub const SUMMARY: &'static str =
        "Place every tensor value and graph op on a device and make crossings explicit transfers";
}

impl Pass for DevicePlan {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "DevicePlan"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn options(&self) -> Vec<PassOption> {
        PlanOptions::list()
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.opts.set(name, value)
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        let solved = solve(pc.ctx, pc.ir, module, self.opts, Self::ARGUMENT, pc.diags);
        if let Ok(s) = &solved {
            pc.add_statistic(
                "num-clones",
                "Number of private callees cloned per placement",
                s.clones.len() as u64,
            );
        }
        let Solved {
            model: mut m,
            default,
            ..
        } = solved?;
        let Some(default) = default else {
            pc.preserve_all();
            return Ok(());
        };
        let transfers = rewrite::apply(pc.ctx, pc.ir, &mut m, default) as u64;
        pc.add_statistic("num-transfers", "Number of transfers inserted", transfers);
        Ok(())
    }
}
