//! SSA value and block names (`%N`, `%argN`, `^bbN`) and block predecessors, computed
//! in one pass before printing, in dense maps indexed by id.
//!
//! MLIR numbers with an explicit stack of regions: pop a region, number its blocks,
//! block arguments and op results, push the regions of its ops; the last op's last
//! region is therefore numbered first. In custom mode each popped region restores the
//! counters saved when it was pushed (names repeat across sibling regions); in
//! generic mode the counters keep running (names are unique in the whole op).

use crate::entity::{Block, Op, Region, Value};
use crate::store::{Ir, ValueDef};

const NONE: u32 = u32::MAX;
/// Marks an entry-block argument (`%argN`).
const ARG: u32 = 1 << 31;

pub struct Numbering {
    values: Vec<u32>,
    blocks: Vec<u32>,
    /// Head of each block's predecessor list (index into `edges`), by block index.
    pred_head: Vec<u32>,
    /// (predecessor block, next edge) linked lists.
    edges: Vec<(Block, u32)>,
}

fn set(v: &mut Vec<u32>, i: usize, x: u32) {
    if i >= v.len() {
        v.resize((i + 1).max(v.len() * 2), NONE);
    }
    v[i] = x;
}

fn get(v: &[u32], i: usize) -> u32 {
    v.get(i).copied().unwrap_or(NONE)
}

impl Numbering {
    pub fn new(ir: &Ir, top: Op, generic: bool) -> Numbering {
        let mut n = Numbering {
            values: Vec::new(),
            blocks: Vec::new(),
            pred_head: Vec::new(),
            edges: Vec::new(),
        };
        // (region, next value id, next argument id)
        let mut stack: Vec<(Region, u32, u32)> = Vec::new();
        let (mut next_value, mut next_arg) = (0u32, 0u32);
        for &r in ir.regions(top) {
            stack.push((r, 0, 0));
        }
        if let Some(&r0) = ir.results(top).first() {
            set(&mut n.values, r0.index(), next_value);
            next_value += 1;
        }
        while let Some((region, v, a)) = stack.pop() {
            if !generic {
                next_value = v;
                next_arg = a;
            }
            for (bi, block) in ir.region_blocks(region).enumerate() {
                set(&mut n.blocks, block.index(), bi as u32);
                let entry = bi == 0;
                for &arg in ir.block_args(block) {
                    if entry {
                        set(&mut n.values, arg.index(), next_arg | ARG);
                        next_arg += 1;
                    } else {
                        set(&mut n.values, arg.index(), next_value);
                        next_value += 1;
                    }
                }
                for op in ir.block_ops(block) {
                    if let Some(&r0) = ir.results(op).first() {
                        set(&mut n.values, r0.index(), next_value);
                        next_value += 1;
                    }
                    for &succ in ir.successors(op) {
                        let head = get(&n.pred_head, succ.index());
                        n.edges.push((block, head));
                        set(&mut n.pred_head, succ.index(), (n.edges.len() - 1) as u32);
                    }
                }
            }
            for block in ir.region_blocks(region) {
                for op in ir.block_ops(block) {
                    for &r in ir.regions(op) {
                        stack.push((r, next_value, next_arg));
                    }
                }
            }
        }
        n
    }

    /// Appends `%N`, `%argN` or `%N#i` (a result of a multi-result op).
    pub fn push_value(&self, ir: &Ir, out: &mut String, v: Value) {
        match ir.value(v).def {
            ValueDef::Result { op, index } => {
                let results = ir.results(op);
                let id = get(&self.values, results[0].index());
                if id == NONE {
                    out.push_str("<<UNKNOWN SSA VALUE>>");
                    return;
                }
                out.push('%');
                push_u32(out, id);
                if results.len() > 1 {
                    out.push('#');
                    push_u32(out, index);
                }
            }
            ValueDef::BlockArg { .. } => self.push_value_head(out, v),
            ValueDef::Placeholder => out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }

    /// The name of a value without any `#i` (block args, first results).
    pub fn push_value_head(&self, out: &mut String, v: Value) {
        let id = get(&self.values, v.index());
        if id == NONE {
            out.push_str("<<UNKNOWN SSA VALUE>>");
        } else if id & ARG != 0 {
            out.push_str("%arg");
            push_u32(out, id & !ARG);
        } else {
            out.push('%');
            push_u32(out, id);
        }
    }

    /// The number of a block within its region (`^bbN`).
    pub fn block_number(&self, b: Block) -> u32 {
        get(&self.blocks, b.index())
    }

    pub fn push_block(&self, ir: &Ir, out: &mut String, b: Block) {
        let mut n = self.block_number(b);
        if n == NONE {
            // A successor outside the printed op (an op printed alone, as in the
            // "see current operation" note): its position in its region, as MLIR.
            n = match ir.block_parent(b) {
                Some(r) => ir.region_blocks(r).position(|x| x == b).unwrap_or(0) as u32,
                None => NONE,
            };
        }
        if n == NONE {
            out.push_str("INVALIDBLOCK");
        } else {
            out.push_str("^bb");
            push_u32(out, n);
        }
    }

    /// The predecessor blocks of `b` (one per successor edge), unordered.
    pub fn preds(&self, b: Block, into: &mut Vec<Block>) {
        into.clear();
        let mut e = get(&self.pred_head, b.index());
        while e != NONE {
            let (p, next) = self.edges[e as usize];
            into.push(p);
            e = next;
        }
    }
}

/// Appends a decimal number without going through `fmt`.
pub fn push_u32(out: &mut String, mut n: u32) {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
}

pub fn push_i64(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    push_u64(out, n.unsigned_abs());
}

pub fn push_u64(out: &mut String, mut m: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
}
