//! `allow-inplace`: an elementwise op may write its result over an operand whose
//! lifetime ends at that op (same pool, same byte size). Such buffers form a chain
//! that is planned as one.

use super::liveness::FuncLiveness;
use rustc_hash::FxHashMap;
use xir::dialect::Traits;
use xir::util::bytes::Bytes;
use xir::{Context, Ir};

/// The group (index of its first buffer) of every buffer, and how many results
/// were written in place.
pub fn groups(ctx: &Context, ir: &Ir, fl: &FuncLiveness, enabled: bool) -> (Vec<u32>, usize) {
    let n = fl.buffers.len();
    let mut group: Vec<u32> = (0..n as u32).collect();
    if !enabled {
        return (group, 0);
    }
    let by_value: FxHashMap<_, u32> = fl
        .buffers
        .iter()
        .enumerate()
        .map(|(i, b)| (b.value, i as u32))
        .collect();
    // Per group: its last buffer and where the chain's lifetime ends.
    let mut last: Vec<u32> = (0..n as u32).collect();
    let mut end: Vec<u32> = fl.buffers.iter().map(|b| b.end).collect();
    let mut count = 0;
    for (r, rb) in fl.buffers.iter().enumerate() {
        if !matches!(rb.bytes, Bytes::Known(_))
            || !ctx
                .op_traits(ir.op(rb.op).name)
                .contains(Traits::ELEMENTWISE)
        {
            continue;
        }
        for v in ir.operands(rb.op) {
            let Some(&b) = by_value.get(&v) else { continue };
            let bb = &fl.buffers[b as usize];
            let g = group[b as usize] as usize;
            if bb.pool == rb.pool && bb.bytes == rb.bytes && last[g] == b && end[g] == rb.start {
                group[r] = g as u32;
                last[g] = r as u32;
                end[g] = rb.end;
                count += 1;
                break;
            }
        }
    }
    (group, count)
}
