//! Shape arithmetic on dims known only at run time. Exporters compute shapes
//! with `Shape → Gather → Unsqueeze → Concat → Reshape` chains; with dynamic
//! dims (`dim_param`) those values are not constants, but they are small
//! integer vectors whose elements are expressions over the dims of values
//! the importer wrote. The importer keeps them as [`SymTensor`]s, evaluates
//! the shape ops on them at import time, and only where a shape meets a
//! tensor op (a Reshape's shape, an Expand's, a Slice's ends) writes the
//! expressions as index arithmetic (`graph.dim`, `arith.muli`, ...), given to
//! the op as its dynamic result dims.
//!
//! Expressions are interned, so equal expressions are one [`Sym`]; the
//! rewrites that matter for exported models are applied as they are built
//! (constants folded, `x - x = 0`, `x * 1 = x`, ...), and a quotient of
//! products cancels equal factors (a Reshape's `-1`).

use crate::builder::{Builder, V};
use crate::tensor::Tensor;
use crate::types::{ElementType, Ty, DYN};
use std::collections::HashMap;

/// An integer known at import time up to run-time dims.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Sym {
    Const(i64),
    /// A node of the importer's [`Syms`].
    Expr(u32),
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Node {
    /// Dim `k` of the value `ssa` (of type `ty`): never negative.
    Dim {
        ssa: String,
        ty: Ty,
        k: usize,
    },
    Add(Sym, Sym),
    Sub(Sym, Sym),
    Mul(Sym, Sym),
    /// Integer division, truncating (ONNX's Div of integers).
    Div(Sym, Sym),
}

/// A small integer tensor of static shape whose elements are [`Sym`]s.
#[derive(Clone, Debug)]
pub struct SymTensor {
    pub ty: Ty,
    pub elems: Vec<Sym>,
}

impl SymTensor {
    /// The tensor when every element is a constant.
    pub fn to_const(&self) -> Option<Tensor> {
        let v: Option<Vec<i64>> = self
            .elems
            .iter()
            .map(|s| match s {
                Sym::Const(c) => Some(*c),
                Sym::Expr(_) => None,
            })
            .collect();
        v.map(|v| Tensor::ints(self.ty.clone(), v))
    }
}

/// The expressions of one import, and what each was written as.
#[derive(Default)]
pub struct Syms {
    nodes: Vec<Node>,
    interned: HashMap<Node, u32>,
    /// The `index` SSA value written for a node.
    made: HashMap<u32, String>,
    /// The dims of values whose dims are known expressions (a graph input's
    /// named dim, a result the importer gave dims).
    known: HashMap<(String, usize), Sym>,
}

impl Syms {
    fn node(&mut self, n: Node) -> Sym {
        if let Some(&id) = self.interned.get(&n) {
            return Sym::Expr(id);
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(n.clone());
        self.interned.insert(n, id);
        Sym::Expr(id)
    }

    /// Dim `k` of `v`: its size if static, else what is known of it.
    pub fn dim(&mut self, v: &V, k: usize) -> Sym {
        let d = v.ty.dims[k];
        if d != DYN {
            return Sym::Const(d);
        }
        if let Some(&s) = self.known.get(&(v.ssa.clone(), k)) {
            return s;
        }
        self.node(Node::Dim {
            ssa: v.ssa.clone(),
            ty: v.ty.clone(),
            k,
        })
    }

    pub fn dims(&mut self, v: &V) -> Vec<Sym> {
        (0..v.ty.rank()).map(|k| self.dim(v, k)).collect()
    }

    /// Records that `v`'s dims are `dims` (its dynamic ones matter).
    pub fn record(&mut self, v: &V, dims: &[Sym]) {
        for (k, &s) in dims.iter().enumerate() {
            if v.ty.dims.get(k) == Some(&DYN) {
                self.known.entry((v.ssa.clone(), k)).or_insert(s);
            }
        }
    }

    /// Whether `s` is never negative.
    pub fn nonneg(&self, s: Sym) -> bool {
        match s {
            Sym::Const(c) => c >= 0,
            Sym::Expr(id) => match &self.nodes[id as usize] {
                Node::Dim { .. } => true,
                Node::Add(a, b) | Node::Mul(a, b) | Node::Div(a, b) => {
                    self.nonneg(*a) && self.nonneg(*b)
                }
                Node::Sub(..) => false,
            },
        }
    }

    pub fn add(&mut self, a: Sym, b: Sym) -> Sym {
        match (a, b) {
            (Sym::Const(x), Sym::Const(y)) => Sym::Const(x.wrapping_add(y)),
            (Sym::Const(0), o) | (o, Sym::Const(0)) => o,
            (Sym::Const(_), e) => self.node(Node::Add(e, a)),
            _ => {
                // x + (y - x) = y, as slice sizes end - start do.
                if let Sym::Expr(id) = b {
                    if let Node::Sub(y, x) = self.nodes[id as usize] {
                        if x == a {
                            return y;
                        }
                    }
                }
                self.node(Node::Add(a, b))
            }
        }
    }

    pub fn sub(&mut self, a: Sym, b: Sym) -> Sym {
        if a == b {
            return Sym::Const(0);
        }
        match (a, b) {
            (Sym::Const(x), Sym::Const(y)) => Sym::Const(x.wrapping_sub(y)),
            (o, Sym::Const(0)) => o,
            _ => {
                // (x + y) - y = x.
                if let Sym::Expr(id) = a {
                    if let Node::Add(x, y) = self.nodes[id as usize] {
                        if y == b {
                            return x;
                        }
                        if x == b {
                            return y;
                        }
                    }
                }
                self.node(Node::Sub(a, b))
            }
        }
    }

    pub fn mul(&mut self, a: Sym, b: Sym) -> Sym {
        match (a, b) {
            (Sym::Const(x), Sym::Const(y)) => Sym::Const(x.wrapping_mul(y)),
            (Sym::Const(1), o) | (o, Sym::Const(1)) => o,
            (Sym::Const(0), _) | (_, Sym::Const(0)) => Sym::Const(0),
            (Sym::Const(_), e) => self.node(Node::Mul(e, a)),
            _ => self.node(Node::Mul(a, b)),
        }
    }

    /// `a / b`, truncating; `None` for a constant division by zero.
    pub fn div(&mut self, a: Sym, b: Sym) -> Option<Sym> {
        Some(match (a, b) {
            (_, Sym::Const(0)) => return None,
            (Sym::Const(x), Sym::Const(y)) => Sym::Const(x.wrapping_div(y)),
            (o, Sym::Const(1)) => o,
            _ if a == b => Sym::Const(1),
            _ => self.quotient(&[a], &[b]),
        })
    }

    /// The factors of a product (a constant factor last, folded).
    fn factors(&self, s: Sym, out: &mut Vec<Sym>, c: &mut i64) {
        match s {
            Sym::Const(x) => *c = c.wrapping_mul(x),
            Sym::Expr(id) => match self.nodes[id as usize] {
                Node::Mul(a, b) => {
                    self.factors(a, out, c);
                    self.factors(b, out, c);
                }
                _ => out.push(s),
            },
        }
    }

    /// `prod(num) / prod(den)` with equal factors cancelled: a Reshape's
    /// `-1` (the input's element count over the other result dims). The
    /// constants divide when they can; otherwise the quotient is an `arith`
    /// division at run time.
    pub fn quotient(&mut self, num: &[Sym], den: &[Sym]) -> Sym {
        let (mut n, mut nc) = (Vec::new(), 1i64);
        for &s in num {
            self.factors(s, &mut n, &mut nc);
        }
        let (mut d, mut dc) = (Vec::new(), 1i64);
        for &s in den {
            self.factors(s, &mut d, &mut dc);
        }
        d.retain(|f| match n.iter().position(|g| g == f) {
            Some(i) => {
                n.remove(i);
                false
            }
            None => true,
        });
        if dc != 0 && nc % dc == 0 {
            (nc, dc) = (nc / dc, 1);
        }
        let mut top = Sym::Const(nc);
        for f in n {
            top = self.mul(top, f);
        }
        let mut bottom = Sym::Const(dc);
        for f in d {
            bottom = self.mul(bottom, f);
        }
        match bottom {
            Sym::Const(1) => top,
            _ if top == bottom => Sym::Const(1),
            _ => self.node(Node::Div(top, bottom)),
        }
    }

    /// The `index` value of `s`, written (with what it needs) on first use.
    pub fn materialize(&mut self, b: &mut Builder, s: Sym) -> String {
        let id = match s {
            Sym::Const(c) => return b.index_const(c),
            Sym::Expr(id) => id,
        };
        // Iteratively, operands first: expressions can be long chains.
        let mut stack = vec![(id, false)];
        while let Some((id, ready)) = stack.pop() {
            if self.made.contains_key(&id) {
                continue;
            }
            let node = self.nodes[id as usize].clone();
            if let Node::Dim { ssa, ty, k } = &node {
                let v = b.dim(
                    &V {
                        ssa: ssa.clone(),
                        ty: ty.clone(),
                    },
                    *k,
                );
                self.made.insert(id, v);
                continue;
            }
            let (op, x, y) = match node {
                Node::Add(x, y) => ("addi", x, y),
                Node::Sub(x, y) => ("subi", x, y),
                Node::Mul(x, y) => ("muli", x, y),
                Node::Div(x, y) => ("divsi", x, y),
                Node::Dim { .. } => unreachable!("handled above"),
            };
            if !ready {
                stack.push((id, true));
                for o in [y, x] {
                    if let Sym::Expr(c) = o {
                        stack.push((c, false));
                    }
                }
                continue;
            }
            let operand = |s: Sym, b: &mut Builder| match s {
                Sym::Const(c) => b.index_const(c),
                Sym::Expr(c) => self.made[&c].clone(),
            };
            let (l, r) = (operand(x, b), operand(y, b));
            let v = b.index_binary(op, &l, &r);
            self.made.insert(id, v);
        }
        self.made[&id].clone()
    }

    /// A result type of `elem` with dims `dims` (`?` for an expression), and
    /// the `index` values of its `?`, in order.
    pub fn result_type(
        &mut self,
        b: &mut Builder,
        elem: ElementType,
        dims: &[Sym],
    ) -> (Ty, Vec<String>) {
        let mut shape = Vec::with_capacity(dims.len());
        let mut given = Vec::new();
        for &s in dims {
            match s {
                Sym::Const(c) => shape.push(c),
                Sym::Expr(_) => {
                    shape.push(DYN);
                    given.push(self.materialize(b, s));
                }
            }
        }
        (Ty::new(elem, shape), given)
    }
}

/// Numpy broadcasting (right-aligned) of two shapes known up to run-time
/// dims: a 1 takes the other side; two different dims must be equal at run
/// time, and a constant is taken over an expression.
pub fn broadcast(a: &[Sym], b: &[Sym]) -> Result<Vec<Sym>, String> {
    let r = a.len().max(b.len());
    let (oa, ob) = (r - a.len(), r - b.len());
    (0..r)
        .map(|j| {
            let x = if j >= oa { a[j - oa] } else { Sym::Const(1) };
            let y = if j >= ob { b[j - ob] } else { Sym::Const(1) };
            Ok(match (x, y) {
                _ if x == y => x,
                (_, Sym::Const(1)) => x,
                (Sym::Const(1), _) => y,
                (Sym::Const(p), Sym::Const(q)) => {
                    return Err(format!("dimensions {p} and {q} do not broadcast"))
                }
                (Sym::Const(_), _) => x,
                _ => y,
            })
        })
        .collect()
}

/// An input of a node as the symbolic folds see it.
enum In {
    Known(Tensor),
    Sym(SymTensor),
}

impl In {
    fn ty(&self) -> &Ty {
        match self {
            In::Known(t) => &t.ty,
            In::Sym(s) => &s.ty,
        }
    }

    /// Its elements, when it is an integer tensor.
    fn elems(&self) -> Option<Vec<Sym>> {
        match self {
            In::Known(t) => Some(t.as_ints()?.iter().map(|&c| Sym::Const(c)).collect()),
            In::Sym(s) => Some(s.elems.clone()),
        }
    }
}

/// What a symbolic fold gives an output.
pub enum Out {
    Known(Tensor),
    Sym(SymTensor),
}

/// Ops that only move the elements of their data inputs (every input of a
/// Concat, input 0 of the others): folded by running their constant folder
/// on element tokens (see [`fold`]).
fn data_inputs(op: &str, num_inputs: usize) -> Option<std::ops::Range<usize>> {
    match op {
        "Concat" => Some(0..num_inputs),
        "Identity" | "Reshape" | "Flatten" | "Squeeze" | "Unsqueeze" | "Slice" | "Gather"
        | "Cast" => Some(0..1),
        _ => None,
    }
}

/// The outputs of a node some of whose inputs are symbolic (the others
/// known), evaluated at import time; `None` when this node is not shape
/// arithmetic (its converter then sees the symbolic inputs, or refuses).
pub fn fold(
    syms: &mut Syms,
    n: &crate::node::Node,
    inputs: Vec<Option<(Option<Tensor>, Option<SymTensor>)>>,
    konst_fold: Option<crate::ops::FoldFn>,
) -> Result<Option<Vec<Out>>, String> {
    let mut xs = Vec::with_capacity(inputs.len());
    for i in inputs {
        match i {
            Some((Some(t), _)) => xs.push(Some(In::Known(t))),
            Some((None, Some(s))) => xs.push(Some(In::Sym(s))),
            Some((None, None)) => return Ok(None),
            None => xs.push(None),
        }
    }
    if !xs.iter().flatten().any(|x| matches!(x, In::Sym(_))) {
        return Ok(None);
    }
    let op = n.op();
    if op == "Shape" {
        // The shape of a symbolic tensor is static.
        let Some(Some(x)) = xs.first() else {
            return Ok(None);
        };
        let dims = x.ty().dims.clone();
        let r = dims.len() as i64;
        let clamp = |v: i64| if v < 0 { (v + r).max(0) } else { v.min(r) };
        let (s, e) = (clamp(n.int("start", 0)?), clamp(n.int("end", r)?));
        let d = dims[s as usize..e.max(s) as usize].to_vec();
        let t = Tensor::ints(Ty::new(ElementType::I64, vec![d.len() as i64]), d);
        return Ok(Some(vec![Out::Known(t)]));
    }
    if let (Some(data), Some(f)) = (data_inputs(op, xs.len()), konst_fold) {
        return tokens(n, &xs, data, f);
    }
    let bin: fn(&mut Syms, Sym, Sym) -> Option<Sym> = match op {
        "Add" => |s, a, b| Some(s.add(a, b)),
        "Sub" => |s, a, b| Some(s.sub(a, b)),
        "Mul" => |s, a, b| Some(s.mul(a, b)),
        "Div" => |s, a, b| s.div(a, b),
        "Equal" => return equal(syms, n, &xs),
        "Where" => return select(n, &xs),
        _ => return Ok(None),
    };
    let (Some(Some(a)), Some(Some(b))) = (xs.first(), xs.get(1)) else {
        return Ok(None);
    };
    let Some((dims, pairs)) = pairs(n, a, b)? else {
        return Ok(None);
    };
    let mut out = Vec::with_capacity(pairs.len());
    for (x, y) in pairs {
        match bin(syms, x, y) {
            Some(s) => out.push(s),
            None => return Err(n.error("integer division by zero in a shape")),
        }
    }
    Ok(Some(vec![finish(Ty::new(a.ty().elem, dims), out)]))
}

/// The element pairs of two inputs broadcast together, and the shape.
#[allow(clippy::type_complexity)]
fn pairs(
    n: &crate::node::Node,
    a: &In,
    b: &In,
) -> Result<Option<(Vec<i64>, Vec<(Sym, Sym)>)>, String> {
    let (Some(ea), Some(eb)) = (a.elems(), b.elems()) else {
        return Ok(None);
    };
    let (da, db) = (&a.ty().dims, &b.ty().dims);
    let dims = crate::convert::broadcast_shapes(da, db).map_err(|m| n.error(m))?;
    let count: i64 = dims.iter().product();
    let out = (0..count)
        .map(|i| {
            let idx = crate::fold::unravel(i, &dims);
            (
                ea[crate::fold::source_index(&idx, da) as usize],
                eb[crate::fold::source_index(&idx, db) as usize],
            )
        })
        .collect();
    Ok(Some((dims, out)))
}

/// A known tensor when no element is an expression.
fn finish(ty: Ty, elems: Vec<Sym>) -> Out {
    let s = SymTensor { ty, elems };
    match s.to_const() {
        Some(t) => Out::Known(t),
        None => Out::Sym(s),
    }
}

/// Equal, where it is decided at import time: equal expressions, or an
/// expression that is never negative against a negative constant (the
/// exporters' `shape == -1` test).
fn equal(
    syms: &Syms,
    n: &crate::node::Node,
    xs: &[Option<In>],
) -> Result<Option<Vec<Out>>, String> {
    let (Some(Some(a)), Some(Some(b))) = (xs.first(), xs.get(1)) else {
        return Ok(None);
    };
    let Some((dims, pairs)) = pairs(n, a, b)? else {
        return Ok(None);
    };
    let mut out = Vec::with_capacity(pairs.len());
    for (x, y) in pairs {
        let v = match (x, y) {
            _ if x == y => true,
            (Sym::Const(_), Sym::Const(_)) => false,
            (Sym::Const(c), e) | (e, Sym::Const(c)) if c < 0 && syms.nonneg(e) => false,
            _ => return Ok(None),
        };
        out.push(v as i64);
    }
    Ok(Some(vec![Out::Known(Tensor::ints(
        Ty::new(ElementType::I1, dims),
        out,
    ))]))
}

/// Where with a known condition: each element taken from either side.
fn select(n: &crate::node::Node, xs: &[Option<In>]) -> Result<Option<Vec<Out>>, String> {
    let (Some(Some(In::Known(c))), Some(Some(a)), Some(Some(b))) =
        (xs.first(), xs.get(1), xs.get(2))
    else {
        return Ok(None);
    };
    let (Some(cond), Some(ea), Some(eb)) = (c.as_ints(), a.elems(), b.elems()) else {
        return Ok(None);
    };
    let dims = crate::convert::broadcast_shapes(&c.ty.dims, &a.ty().dims)
        .and_then(|d| crate::convert::broadcast_shapes(&d, &b.ty().dims))
        .map_err(|m| n.error(m))?;
    let count: i64 = dims.iter().product();
    let at =
        |i: i64, d: &[i64]| crate::fold::source_index(&crate::fold::unravel(i, &dims), d) as usize;
    let out = (0..count)
        .map(|i| {
            if cond[at(i, &c.ty.dims)] != 0 {
                ea[at(i, &a.ty().dims)]
            } else {
                eb[at(i, &b.ty().dims)]
            }
        })
        .collect();
    Ok(Some(vec![finish(Ty::new(a.ty().elem, dims), out)]))
}

/// A data-movement op folded by its constant folder on tokens: each element
/// of the data inputs becomes its index in one pool, the folder moves the
/// tokens, and each output token is read back from the pool. The other
/// inputs (indices, axes, shapes) must be known.
fn tokens(
    n: &crate::node::Node,
    xs: &[Option<In>],
    data: std::ops::Range<usize>,
    f: crate::ops::FoldFn,
) -> Result<Option<Vec<Out>>, String> {
    let mut pool: Vec<Sym> = Vec::new();
    let mut owned: Vec<Tensor> = Vec::with_capacity(xs.len());
    for (i, x) in xs.iter().enumerate() {
        let t = match x {
            None => return Ok(None),
            Some(In::Known(t)) if !data.contains(&i) => t.clone(),
            Some(x) if data.contains(&i) => {
                let Some(elems) = x.elems() else {
                    return Ok(None);
                };
                let base = pool.len() as i64;
                pool.extend(elems.iter().copied());
                Tensor::ints(x.ty().clone(), (base..pool.len() as i64).collect())
            }
            Some(In::Sym(_)) => return Ok(None),
            Some(In::Known(_)) => unreachable!("matched above"),
        };
        owned.push(t);
    }
    let refs: Vec<&Tensor> = owned.iter().collect();
    let Some(outs) = f(n, &refs)? else {
        return Ok(None);
    };
    let mut res = Vec::with_capacity(outs.len());
    for t in outs {
        let Some(v) = t.as_ints() else {
            return Ok(None);
        };
        let mut elems = Vec::with_capacity(v.len());
        for &tok in v {
            match pool.get(tok as usize) {
                Some(&s) if tok >= 0 => elems.push(s),
                _ => return Ok(None),
            }
        }
        res.push(finish(t.ty.clone(), elems));
    }
    Ok(Some(res))
}
