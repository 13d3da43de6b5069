//! Dynamic dims of dispatch region results, computed outside the region from
//! the dims of its inputs (as IREE's dispatch regions carry `{%d}` on their
//! results): each kernel op's shape rule says what a result dim is in terms
//! of its operands' dims; a chain of rules ends at dims of values defined
//! outside (a `graph.dim` before the region, folded at flow → stream) and at
//! static sizes, joined by index arithmetic (`arith.addi`, `arith.muli`,
//! `arith.divui`, made before the region; they fold as any arith op does).
//!
//! The rules are the graph ops' `ResultDims` interface
//! (`xir_graph::dims`). A dim no rule derives (a slice's dynamic size, which
//! only its result type holds; a reshape with two dynamic result dims, or
//! whose static result dims hold no element; ...) is an error at that op,
//! naming the dim and why, when a region result needs it.
//!
//! One forward pass over the region's ops in program order (no recursion);
//! the arithmetic lives in an arena of binary nodes, shared by equal nodes.

use rustc_hash::{FxHashMap, FxHashSet};
use xir::printer::type_to_string;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{AttrKind, Context, Diagnostic, Ir, Op, OperationState, Value};
use xir_arith::ops::{ADDI, CONSTANT, DIVUI, MULI};
use xir_graph::dims::{rule, DimRule, Why};
use xir_graph::ops::DIM;

/// Where a dim's value comes from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DimSrc {
    Static(i64),
    /// Dim `k` of a value defined outside the region.
    Of(Value, usize),
    /// Index arithmetic on other dims: a node of the `DimValues` that
    /// derived it.
    Expr(ExprId),
    /// An `index` value defined outside the region (a dim an op is given).
    Given(Value),
}

/// A node of a `DimValues`' arithmetic.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ExprId(u32);

/// One index op on two dims; its operands are made before it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Expr {
    Add(DimSrc, DimSrc),
    Mul(DimSrc, DimSrc),
    DivU(DimSrc, DimSrc),
}

impl Expr {
    fn parts(self) -> (&'static str, DimSrc, DimSrc) {
        match self {
            Expr::Add(a, b) => (ADDI.name, a, b),
            Expr::Mul(a, b) => (MULI.name, a, b),
            Expr::DivU(a, b) => (DIVUI.name, a, b),
        }
    }
}

/// A dim that no rule derives: the op, its result dim, and why.
type Underivable = (Op, usize, Why);

type Dims = Vec<Result<DimSrc, Underivable>>;

fn shape(ctx: &Context, v: Value, ir: &Ir) -> Vec<i64> {
    match ctx.type_kind(ir.value_type(v)) {
        TypeKind::RankedTensor { shape, .. } => shape.clone(),
        _ => Vec::new(),
    }
}

fn ints(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Vec<i64> {
    match op_attr(ctx, ir, op, key).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.iter().map(|&v| v as i64).collect(),
        Some(AttrKind::Integer { value, .. }) => i64::try_from(value).ok().into_iter().collect(),
        _ => Vec::new(),
    }
}

/// Dim sources of the values the region's ops define, in one forward pass.
pub struct Derivation {
    map: FxHashMap<Value, Dims>,
}

impl Derivation {
    /// `ops`: the region's ops in program order; the arithmetic of derived
    /// dims goes to `values`, which makes them.
    pub fn new(ctx: &Context, ir: &Ir, ops: &[Op], values: &mut DimValues) -> Self {
        let mut map: FxHashMap<Value, Dims> = FxHashMap::default();
        for &op in ops {
            let operands: Vec<Value> = ir.operands(op).collect();
            for &r in ir.results(op) {
                let out = shape(ctx, r, ir);
                let mut dims = Dims::with_capacity(out.len());
                for (i, &d) in out.iter().enumerate() {
                    if d >= 0 {
                        dims.push(Ok(DimSrc::Static(d)));
                        continue;
                    }
                    let fail = |why| Err((op, i, why));
                    // Dim `k` of operand `o`, as derived so far.
                    let dim_of = |o: usize, k: usize| -> Result<DimSrc, Underivable> {
                        let Some(&v) = operands.get(o) else {
                            return fail(Why::NoRule);
                        };
                        match map.get(&v) {
                            Some(ds) => ds.get(k).copied().unwrap_or(fail(Why::NoRule)),
                            None => match shape(ctx, v, ir).get(k) {
                                Some(&n) if n >= 0 => Ok(DimSrc::Static(n)),
                                Some(_) => Ok(DimSrc::Of(v, k)),
                                None => fail(Why::NoRule),
                            },
                        }
                    };
                    let src = match rule(ctx, ir, op, i) {
                        DimRule::Copy(o, k) => dim_of(o, k),
                        DimRule::Sum(k) => (0..operands.len())
                            .map(|o| dim_of(o, k))
                            .collect::<Result<Vec<_>, _>>()
                            .and_then(|terms| values.sum(&terms).map_err(|w| (op, i, w))),
                        DimRule::Quotient(divisor) => {
                            let rank = operands.first().map_or(0, |&v| shape(ctx, v, ir).len());
                            (0..rank)
                                .map(|k| dim_of(0, k))
                                .collect::<Result<Vec<_>, _>>()
                                .and_then(|factors| {
                                    values.quotient(&factors, divisor).map_err(|w| (op, i, w))
                                })
                        }
                        DimRule::Operand(o) => match operands.get(o) {
                            Some(&v) => Ok(DimSrc::Given(v)),
                            None => fail(Why::NoRule),
                        },
                        DimRule::None(why) => fail(why),
                    };
                    dims.push(src);
                }
                map.insert(r, dims);
            }
        }
        Derivation { map }
    }

    /// The sources of `v`'s dynamic dims, or the first dim no rule derives.
    pub fn dynamic_dims(
        &self,
        ctx: &Context,
        ir: &Ir,
        v: Value,
    ) -> Result<Vec<DimSrc>, Diagnostic> {
        let s = shape(ctx, v, ir);
        let mut out = Vec::new();
        for (k, &d) in s.iter().enumerate() {
            if d >= 0 {
                continue;
            }
            let src = match self.map.get(&v).and_then(|ds| ds.get(k)) {
                Some(&src) => src,
                None => Ok(DimSrc::Of(v, k)),
            };
            out.push(src.map_err(|(op, i, why)| underivable(ctx, ir, op, i, why))?);
        }
        Ok(out)
    }
}

fn underivable(ctx: &Context, ir: &Ir, op: Op, i: usize, why: Why) -> Diagnostic {
    let name = ctx.str(ir.op(op).name);
    let ty = ir
        .results(op)
        .first()
        .map(|&r| type_to_string(ctx, ir.value_type(r)))
        .unwrap_or_default();
    let why = match why {
        Why::NoRule => String::new(),
        Why::SliceSize => ": a slice takes its sizes from its result type, where a dynamic size has no value".into(),
        Why::ReshapeSplit(n) => format!(
            ": the reshape has {n} dynamic result dimensions, and how the elements split between them is not known"
        ),
        Why::ReshapeZero => ": the static dimensions of the reshape's result hold no element, so its dynamic dimension can have any size".into(),
        Why::Overflow => ": the product of the static dimensions overflows".into(),
    };
    Diagnostic::error(
        ir.op(op).loc,
        format!(
            "graph-to-flow: cannot derive dynamic dimension #{i} of the result of '{name}' ({ty}) from its operands{why}; a dispatch region result needs its dims"
        ),
    )
}

/// Makes dim values before an op, sharing one per source; holds the
/// arithmetic of derived dims (equal nodes shared).
#[derive(Default)]
pub struct DimValues {
    made: FxHashMap<DimSrc, Value>,
    exprs: Vec<Expr>,
    interned: FxHashMap<Expr, ExprId>,
}

impl DimValues {
    /// Reuses the `graph.dim` ops right before `op` (those a previous step
    /// made for the same region, among the index arithmetic it made).
    pub fn seeded_before(ctx: &Context, ir: &Ir, op: Op) -> Self {
        let mut made = FxHashMap::default();
        let mut cur = ir.prev_op(op);
        while let Some(o) = cur {
            if DIM.is(ctx, ir, o) {
                let k = ints(ctx, ir, o, "index").first().copied();
                if let (Some(k), Some(v)) = (k, ir.operands(o).next()) {
                    made.insert(DimSrc::Of(v, k as usize), ir.result(o, 0));
                }
            } else if ![&CONSTANT, &ADDI, &MULI, &DIVUI]
                .iter()
                .any(|spec| spec.is(ctx, ir, o))
            {
                break;
            }
            cur = ir.prev_op(o);
        }
        DimValues {
            made,
            ..DimValues::default()
        }
    }

    fn node(&mut self, e: Expr) -> DimSrc {
        if let Some(&id) = self.interned.get(&e) {
            return DimSrc::Expr(id);
        }
        let id = ExprId(self.exprs.len() as u32);
        self.exprs.push(e);
        self.interned.insert(e, id);
        DimSrc::Expr(id)
    }

    /// `terms` folded with `make`, the static ones as one constant last;
    /// `None` when there is no dynamic term.
    fn chain(&mut self, dynamic: &[DimSrc], make: fn(DimSrc, DimSrc) -> Expr) -> Option<DimSrc> {
        let (&first, rest) = dynamic.split_first()?;
        Some(rest.iter().fold(first, |acc, &t| self.node(make(acc, t))))
    }

    /// The sum of `terms` (a concat's axis): the dynamic ones in order, then
    /// the static ones as one constant.
    fn sum(&mut self, terms: &[DimSrc]) -> Result<DimSrc, Why> {
        let mut fixed = 0i64;
        let mut dynamic = Vec::new();
        for &t in terms {
            match t {
                DimSrc::Static(n) => fixed = fixed.checked_add(n).ok_or(Why::Overflow)?,
                _ => dynamic.push(t),
            }
        }
        Ok(match self.chain(&dynamic, Expr::Add) {
            None => DimSrc::Static(fixed),
            Some(acc) if fixed == 0 => acc,
            Some(acc) => self.node(Expr::Add(acc, DimSrc::Static(fixed))),
        })
    }

    /// The product of `factors` over `divisor` (a reshape's dynamic dim):
    /// the dynamic factors in order, times the static ones as one constant,
    /// over the divisor; a common factor of the two constants cancelled
    /// first (the same quotient, floored or not).
    fn quotient(&mut self, factors: &[DimSrc], divisor: i64) -> Result<DimSrc, Why> {
        if divisor <= 0 {
            return Err(Why::ReshapeZero);
        }
        let mut fixed = 1i64;
        let mut dynamic = Vec::new();
        for &f in factors {
            match f {
                DimSrc::Static(n) => fixed = fixed.checked_mul(n).ok_or(Why::Overflow)?,
                _ => dynamic.push(f),
            }
        }
        if fixed == 0 {
            return Ok(DimSrc::Static(0));
        }
        let g = gcd(fixed, divisor);
        let (fixed, divisor) = (fixed / g, divisor / g);
        let num = match self.chain(&dynamic, Expr::Mul) {
            None => return Ok(DimSrc::Static(fixed / divisor)),
            Some(acc) if fixed == 1 => acc,
            Some(acc) => self.node(Expr::Mul(acc, DimSrc::Static(fixed))),
        };
        Ok(if divisor == 1 {
            num
        } else {
            self.node(Expr::DivU(num, DimSrc::Static(divisor)))
        })
    }

    /// The value of `src`, made (`graph.dim`, `arith.constant`, or index
    /// arithmetic, operands first) before `before` on first use; later
    /// users must come after `before`.
    pub fn get(&mut self, ctx: &mut Context, ir: &mut Ir, src: DimSrc, before: Op) -> Value {
        if let Some(&v) = self.made.get(&src) {
            return v;
        }
        let v = match src {
            DimSrc::Given(v) => v,
            DimSrc::Of(v, k) => leaf(ctx, ir, DIM.name, vec![v], k as i64, before),
            DimSrc::Static(n) => leaf(ctx, ir, CONSTANT.name, vec![], n, before),
            DimSrc::Expr(root) => {
                // The nodes below `root` not made yet; a node's operands
                // have smaller ids, so id order makes operands first.
                let mut need = Vec::new();
                let mut seen = FxHashSet::default();
                let mut stack = vec![root];
                while let Some(id) = stack.pop() {
                    if (id != root && self.made.contains_key(&DimSrc::Expr(id))) || !seen.insert(id)
                    {
                        continue;
                    }
                    if id != root {
                        need.push(id);
                    }
                    let (_, a, b) = self.exprs[id.0 as usize].parts();
                    stack.extend([a, b].into_iter().filter_map(|s| match s {
                        DimSrc::Expr(c) => Some(c),
                        _ => None,
                    }));
                }
                need.sort_unstable();
                for id in need {
                    let v = self.node_op(ctx, ir, id, before);
                    self.made.insert(DimSrc::Expr(id), v);
                }
                self.node_op(ctx, ir, root, before)
            }
        };
        self.made.insert(src, v);
        v
    }

    /// The op of node `id`, its operands made (leaves) or made already.
    fn node_op(&mut self, ctx: &mut Context, ir: &mut Ir, id: ExprId, before: Op) -> Value {
        let (name, a, b) = self.exprs[id.0 as usize].parts();
        let operands = vec![self.get(ctx, ir, a, before), self.get(ctx, ir, b, before)];
        let properties = (name != DIVUI.name).then(|| {
            let flags = (xir_arith::constraints::OVERFLOW_DEFAULT.value)(ctx);
            let k = ctx.ident("overflowFlags");
            ctx.dictionary(vec![(k, flags)])
        });
        let st = OperationState {
            operands,
            result_types: vec![ctx.index_type()],
            properties,
            ..OperationState::new(ctx, name, ir.op(before).loc)
        };
        xir::util::build::insert_before(ir, st, before)
    }
}

/// A `graph.dim` (of `operands`, at index `n`) or an index `arith.constant`
/// (`n`) before `before`.
fn leaf(
    ctx: &mut Context,
    ir: &mut Ir,
    name: &str,
    operands: Vec<Value>,
    n: i64,
    before: Op,
) -> Value {
    let loc = ir.op(before).loc;
    let index = ctx.index_type();
    let (key, ty) = if name == DIM.name {
        let i64t = ctx.integer_type(64, xir::types::Signedness::Signless);
        ("index", i64t)
    } else {
        ("value", index)
    };
    let attr = ctx.intern_attr(AttrKind::Integer {
        ty,
        value: n.into(),
    });
    let k = ctx.ident(key);
    let st = OperationState {
        operands,
        result_types: vec![index],
        properties: Some(ctx.dictionary(vec![(k, attr)])),
        ..OperationState::new(ctx, name, loc)
    };
    xir::util::build::insert_before(ir, st, before)
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
