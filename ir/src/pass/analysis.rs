//! The analysis manager: analyses computed on demand, cached per op, and dropped after a
//! pass that changed the IR unless the pass declared them preserved.

use std::any::{Any, TypeId};
use std::rc::Rc;
use std::time::Duration;

use rustc_hash::FxHashMap;

use crate::context::Context;
use crate::dominance::DominanceInfo;
use crate::entity::Op;
use crate::store::Ir;

/// Something computed from the IR nested under one op.
pub trait Analysis: Any {
    /// The name in timing reports (`(A) DominanceInfo`).
    const NAME: &'static str;
    fn compute(ctx: &Context, ir: &Ir, op: Op) -> Self;
}

impl Analysis for DominanceInfo {
    const NAME: &'static str = "DominanceInfo";
    fn compute(ctx: &Context, ir: &Ir, op: Op) -> Self {
        DominanceInfo::new(ctx, ir, op)
    }
}

/// Cached analyses by (op, analysis type).
#[derive(Default)]
pub struct AnalysisManager {
    cache: FxHashMap<(Op, TypeId), Rc<dyn Any>>,
    /// Analyses computed since the last `take_computed`, with the time they took
    /// (for `--mlir-timing`).
    computed: Vec<(&'static str, Duration)>,
}

impl AnalysisManager {
    /// The analysis of `op`, computed now unless cached. An `Rc` so that a pass can
    /// keep it while it mutates the IR.
    pub fn get<A: Analysis>(&mut self, ctx: &Context, ir: &Ir, op: Op) -> Rc<A> {
        let key = (op, TypeId::of::<A>());
        if let Some(a) = self.cache.get(&key) {
            if let Ok(a) = Rc::clone(a).downcast::<A>() {
                return a;
            }
        }
        let t = std::time::Instant::now();
        let a = Rc::new(A::compute(ctx, ir, op));
        self.computed.push((A::NAME, t.elapsed()));
        self.cache.insert(key, a.clone() as Rc<dyn Any>);
        a
    }

    /// The cached analysis of `op`, if any.
    pub fn cached<A: Analysis>(&self, op: Op) -> Option<Rc<A>> {
        let a = self.cache.get(&(op, TypeId::of::<A>()))?;
        Rc::clone(a).downcast::<A>().ok()
    }

    pub fn is_cached<A: Analysis>(&self, op: Op) -> bool {
        self.cache.contains_key(&(op, TypeId::of::<A>()))
    }

    /// After a pass changed the IR under `op`: drops the analyses of `op`, of the ops
    /// nested in it and of its ancestors, except the `preserved` ones.
    pub fn invalidate(&mut self, ir: &Ir, op: Op, preserved: &[TypeId]) {
        if self.cache.is_empty() {
            return;
        }
        let ancestors: Vec<Op> = std::iter::successors(Some(op), |&o| ir.parent_op(o)).collect();
        self.cache.retain(|&(o, ty), _| {
            if preserved.contains(&ty) {
                return true;
            }
            if ancestors.contains(&o) || ir.is_erased(o) {
                return false;
            }
            // Keep analyses of ops outside `op`.
            !std::iter::successors(ir.parent_op(o), |&p| ir.parent_op(p)).any(|p| p == op)
        });
    }

    pub fn clear(&mut self) {
        self.cache.clear();
    }

    /// The analyses computed since the last call, for timing.
    pub fn take_computed(&mut self) -> Vec<(&'static str, Duration)> {
        std::mem::take(&mut self.computed)
    }
}
