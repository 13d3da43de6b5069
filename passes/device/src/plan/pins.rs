//! The hard pins of one op: what the program itself says about placement.

use super::devices::Devices;
use super::kinds::OpKind;
use super::solver::PinSource;
use xir::symbol::op_attr;
use xir::{Attr, Context, Ir, Op, Value};

/// What a pin constrains.
pub enum Pinned {
    Value(Value),
    Op(Op),
}

/// The pins `op` carries: (what, affinity, source). Function argument/result pins
/// are read with the function signature (see `model`).
pub fn op_pins(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    devices: &Devices,
    out: &mut Vec<(Pinned, Attr, PinSource)>,
) {
    let kind = OpKind::of_name(ctx.bytes(ir.op(op).name));
    pins_of(ctx, ir, op, kind, devices, out);
}

/// `op_pins` for an op whose kind is known.
pub fn pins_of(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    kind: OpKind,
    devices: &Devices,
    out: &mut Vec<(Pinned, Attr, PinSource)>,
) {
    match kind {
        OpKind::OnDevice => {
            if let Some(a) = op_attr(ctx, ir, op, "affinity") {
                out.push((Pinned::Value(ir.operand(op, 0)), a, PinSource::OnDevice(op)));
            }
        }
        OpKind::Transfer => {
            if let Some(a) = op_attr(ctx, ir, op, "source") {
                out.push((
                    Pinned::Value(ir.operand(op, 0)),
                    a,
                    PinSource::TransferFrom(op),
                ));
            }
            if let Some(a) = op_attr(ctx, ir, op, "target") {
                out.push((
                    Pinned::Value(ir.result(op, 0)),
                    a,
                    PinSource::TransferTo(op),
                ));
            }
        }
        OpKind::Dim | OpKind::If | OpKind::Graph => {
            if let Some(a) = ctx.dict_get(ir.op(op).attrs, "device.affinity") {
                out.push((Pinned::Op(op), a, PinSource::OpAttr(op)));
            }
            if kind == OpKind::Dim {
                if let Some(h) = devices.host {
                    out.push((Pinned::Op(op), h, PinSource::Host(op)));
                }
            }
        }
        _ => {}
    }
}
