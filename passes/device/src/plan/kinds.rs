//! What the planner does with an op, decided once per op name (an interned
//! identifier) instead of comparing names for every op.

use xir::ods::OpSpec;
use xir::{Context, Ident, Type};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OpKind {
    Module,
    Func,
    Global,
    OnDevice,
    Transfer,
    /// Host-side reads of a tensor (`graph.dim`, `graph.extract`): on the
    /// host, with no transfer of the tensor (the host reads any device's memory).
    Dim,
    Yield,
    Return,
    Call,
    If,
    /// Any other `graph.*` op: placed and annotated.
    Graph,
    /// Anything else: colocated if it touches tensors, never annotated.
    Other,
}

impl OpKind {
    pub fn of_name(name: &[u8]) -> OpKind {
        use xir_graph::ops as graph;
        let kinds: [(&OpSpec, OpKind); 10] = [
            (&xir_func::FUNC, OpKind::Func),
            (&xir_device::GLOBAL, OpKind::Global),
            (&graph::ON_DEVICE, OpKind::OnDevice),
            (&graph::TRANSFER, OpKind::Transfer),
            (&graph::DIM, OpKind::Dim),
            (&graph::EXTRACT, OpKind::Dim),
            (&graph::YIELD, OpKind::Yield),
            (&xir_func::RETURN, OpKind::Return),
            (&xir_func::CALL, OpKind::Call),
            (&graph::IF, OpKind::If),
        ];
        if name == b"builtin.module" {
            return OpKind::Module;
        }
        match kinds.iter().find(|(spec, _)| spec.name.as_bytes() == name) {
            Some(&(_, kind)) => kind,
            None if name.starts_with(b"graph.") => OpKind::Graph,
            None => OpKind::Other,
        }
    }

    /// A `graph.*` op.
    pub fn is_graph(self) -> bool {
        matches!(
            self,
            OpKind::OnDevice
                | OpKind::Transfer
                | OpKind::Dim
                | OpKind::Yield
                | OpKind::If
                | OpKind::Graph
        )
    }
}

/// Per-name and per-type answers, filled on first use (dense, by interned index).
#[derive(Default)]
pub struct Kinds {
    ops: Vec<Option<OpKind>>,
    /// 0: not asked yet, 1: no, 2: a tensor type.
    tensors: Vec<u8>,
}

impl Kinds {
    pub fn op(&mut self, ctx: &Context, name: Ident) -> OpKind {
        let i = name.index();
        if i >= self.ops.len() {
            self.ops.resize(i + 1, None);
        }
        *self.ops[i].get_or_insert_with(|| OpKind::of_name(ctx.bytes(name)))
    }

    pub fn tensor(&mut self, ctx: &Context, t: Type) -> bool {
        let i = t.index();
        if i >= self.tensors.len() {
            self.tensors.resize(i + 1, 0);
        }
        if self.tensors[i] == 0 {
            self.tensors[i] = 1 + super::model::is_tensor(ctx, t) as u8;
        }
        self.tensors[i] == 2
    }
}
