//! Deep copies of ops with value and block remapping.

use crate::entity::{Block, Op, Value};
use crate::store::{Ir, OperationState};
use rustc_hash::FxHashMap;

/// Old → new values and blocks. Pre-seed it to redirect operands defined outside
/// the cloned op.
#[derive(Default, Debug)]
pub struct Mapping {
    pub values: FxHashMap<Value, Value>,
    pub blocks: FxHashMap<Block, Block>,
}

impl Mapping {
    pub fn value(&self, v: Value) -> Value {
        self.values.get(&v).copied().unwrap_or(v)
    }
    pub fn block(&self, b: Block) -> Block {
        self.blocks.get(&b).copied().unwrap_or(b)
    }
}

/// Clones `op` and everything nested in it, detached. Operands defined outside map
/// through `map` (or stay as they are); results and nested values are added to `map`.
/// Iterative, so deep nesting cannot overflow the stack.
pub fn clone_op(ir: &mut Ir, op: Op, map: &mut Mapping) -> Op {
    // First create every block (so forward successor and value references resolve),
    // then the ops, region by region.
    let root = shallow_clone(ir, op, map);
    let mut work = vec![(op, root)];
    let mut pending_operands = Vec::new();
    while let Some((old, new)) = work.pop() {
        let old_regions = ir.regions(old).to_vec();
        let new_regions = ir.regions(new).to_vec();
        for (or, nr) in old_regions.into_iter().zip(new_regions) {
            let blocks: Vec<Block> = ir.region_blocks(or).collect();
            for &ob in &blocks {
                let nb = ir.create_block();
                for a in ir.block_args(ob).to_vec() {
                    let (ty, loc) = (ir.value(a).ty, ir.value(a).loc);
                    let na = ir.add_block_arg(nb, ty, loc);
                    map.values.insert(a, na);
                }
                ir.append_block(nr, nb);
                map.blocks.insert(ob, nb);
            }
            for ob in blocks {
                let nb = map.blocks[&ob];
                let ops: Vec<Op> = ir.block_ops(ob).collect();
                for o in ops {
                    let n = shallow_clone(ir, o, map);
                    ir.append_op(nb, n);
                    pending_operands.push((o, n));
                    work.push((o, n));
                }
            }
        }
    }
    // Operands last: a use may precede its definition (graph regions, back edges).
    for (o, n) in std::iter::once((op, root)).chain(pending_operands) {
        let operands: Vec<Value> = ir.operands(o).map(|v| map.value(v)).collect();
        ir.set_operands(n, &operands);
        let succ: Vec<Block> = ir.successors(o).iter().map(|&b| map.block(b)).collect();
        ir.set_successors(n, &succ);
    }
    root
}

/// A copy of the op itself, with fresh results and empty regions and no operands.
fn shallow_clone(ir: &mut Ir, op: Op, map: &mut Mapping) -> Op {
    let d = ir.op(op);
    let st = OperationState {
        name: d.name,
        operands: Vec::new(),
        result_types: ir.results(op).iter().map(|&v| ir.value_type(v)).collect(),
        properties: d.properties,
        attrs: d.attrs,
        num_regions: ir.regions(op).len(),
        successors: Vec::new(),
        loc: d.loc,
    };
    let new = ir.create_op(st);
    for (&a, &b) in ir
        .results(op)
        .to_vec()
        .iter()
        .zip(ir.results(new).to_vec().iter())
    {
        map.values.insert(a, b);
    }
    new
}
