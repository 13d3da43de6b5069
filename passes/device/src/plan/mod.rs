//! `device-plan`: gives every tensor value and graph op one placement from the
//! program's pins (DESIGN.md §4), by union-find over placement variables, and
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

#[derive(Default)]
pub struct DevicePlan {
    /// Cut conflicting uses with transfers instead of failing.
    pub auto_transfer: bool,
    /// `placement=min-transfer`: unpinned ops choose devices to move the fewest bytes.
    pub min_transfer: bool,
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
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
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
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        let mut devices = devices::Devices::collect(pc.ctx, pc.ir, module);
        let mode = if self.min_transfer {
            model::Mode::MinTransfer
        } else if self.auto_transfer {
            model::Mode::AutoTransfer
        } else {
            model::Mode::Strict
        };
        let (mut m, clones) = specialize::plan(pc.ctx, pc.ir, module, &mut devices, mode, pc.diags);
        pc.add_statistic(
            "num-clones",
            "Number of private callees cloned per placement",
            clones as u64,
        );
        if m.errors > 0 {
            return Err(());
        }
        if m.solver.num_vars() == 0 {
            pc.preserve_all();
            return Ok(());
        }
        let default = devices.require_default(Self::ARGUMENT, pc.ir.op(module).loc, pc.diags)?;
        if mode == model::Mode::MinTransfer {
            placement::place(pc.ctx, pc.ir, &mut m, &mut devices, default);
        }
        if let Some(sup) = devices.support.as_ref() {
            if !crate::support::settle(pc.ctx, pc.ir, &mut m, sup, default, pc.diags) {
                return Err(());
            }
        }
        let transfers = rewrite::apply(pc.ctx, pc.ir, &mut m, default) as u64;
        pc.add_statistic("num-transfers", "Number of transfers inserted", transfers);
        Ok(())
    }
}
