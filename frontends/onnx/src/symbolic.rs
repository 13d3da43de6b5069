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

#[cfg(test)]
mod tests {
    use super::*;

    /// `%arg0 : tensor<?x?x128xf32>`: dims 0 and 1 are run-time (b, s).
    fn x() -> V {
        V {
            ssa: "%arg0".into(),
            ty: Ty::new(ElementType::F32, vec![DYN, DYN, 128]),
        }
    }

    /// The syms with `b` and `s`, dims 0 and 1 of `x()`.
    fn bs() -> (Syms, Sym, Sym) {
        let mut syms = Syms::default();
        let b = syms.dim(&x(), 0);
        let s = syms.dim(&x(), 1);
        (syms, b, s)
    }

    #[test]
    fn dims_static_and_interned() {
        let (mut syms, b, s) = bs();
        assert!(matches!(b, Sym::Expr(_)));
        assert_ne!(b, s);
        assert_eq!(syms.dim(&x(), 2), Sym::Const(128));
        assert_eq!(syms.dim(&x(), 0), b, "one dim is one Sym");
        assert_eq!(syms.dims(&x()), vec![b, s, Sym::Const(128)]);
        // Equal expressions are one Sym.
        let e1 = syms.mul(b, s);
        let e2 = syms.mul(b, s);
        assert_eq!(e1, e2);
        let a1 = syms.add(e1, Sym::Const(3));
        let a2 = syms.add(e2, Sym::Const(3));
        assert_eq!(a1, a2);
        // A constant operand goes last: 3 + x is x + 3.
        assert_eq!(syms.add(Sym::Const(3), e1), a1);
        assert_eq!(syms.mul(Sym::Const(4), s), syms.mul(s, Sym::Const(4)));
        assert_ne!(syms.mul(b, s), syms.add(b, s));
    }

    #[test]
    fn recorded_dims_are_what_dim_returns() {
        let (mut syms, b, s) = bs();
        let y = V {
            ssa: "%v7".into(),
            ty: Ty::new(ElementType::F32, vec![DYN, 4, DYN]),
        };
        let bs = syms.mul(b, s);
        // Static dims are not recorded; the first record of a dim stays.
        syms.record(&y, &[bs, Sym::Const(4), s]);
        syms.record(&y, &[b, Sym::Const(4), b]);
        assert_eq!(syms.dims(&y), vec![bs, Sym::Const(4), s]);
    }

    #[test]
    fn simplifications() {
        let (mut syms, b, s) = bs();
        // x - x = 0.
        assert_eq!(syms.sub(s, s), Sym::Const(0));
        let bs = syms.mul(b, s);
        assert_eq!(syms.sub(bs, bs), Sym::Const(0));
        // (x + y) - y = x and (x + y) - x = y.
        let sum = syms.add(b, s);
        assert_eq!(syms.sub(sum, s), b);
        assert_eq!(syms.sub(sum, b), s);
        let s7 = syms.add(s, Sym::Const(7));
        assert_eq!(syms.sub(s7, Sym::Const(7)), s);
        // x + (y - x) = y.
        let d = syms.sub(s, b);
        assert_eq!(syms.add(b, d), s);
        // Identities.
        assert_eq!(syms.mul(s, Sym::Const(1)), s);
        assert_eq!(syms.mul(Sym::Const(1), s), s);
        assert_eq!(syms.mul(s, Sym::Const(0)), Sym::Const(0));
        assert_eq!(syms.mul(Sym::Const(0), s), Sym::Const(0));
        assert_eq!(syms.add(s, Sym::Const(0)), s);
        assert_eq!(syms.add(Sym::Const(0), s), s);
        assert_eq!(syms.sub(s, Sym::Const(0)), s);
        assert_eq!(syms.div(s, Sym::Const(1)), Some(s));
        assert_eq!(syms.div(bs, bs), Some(Sym::Const(1)));
        // What is not simplified stays an expression.
        assert!(matches!(syms.sub(b, s), Sym::Expr(_)));
        assert!(matches!(syms.sub(Sym::Const(0), s), Sym::Expr(_)));
    }

    #[test]
    fn constants_fold() {
        let mut syms = Syms::default();
        let c = Sym::Const;
        assert_eq!(syms.add(c(2), c(3)), c(5));
        assert_eq!(syms.sub(c(2), c(3)), c(-1));
        assert_eq!(syms.mul(c(-4), c(3)), c(-12));
        assert_eq!(syms.div(c(7), c(2)), Some(c(3)));
        // Truncating, as ONNX's integer Div.
        assert_eq!(syms.div(c(-7), c(2)), Some(c(-3)));
        assert_eq!(syms.quotient(&[c(2), c(3), c(4)], &[c(6)]), c(4));
        assert_eq!(syms.quotient(&[], &[]), c(1));
        assert!(syms.nodes.is_empty(), "constants make no nodes");
    }

    #[test]
    fn division_by_zero_is_none() {
        let (mut syms, _, s) = bs();
        assert_eq!(syms.div(Sym::Const(6), Sym::Const(0)), None);
        assert_eq!(syms.div(s, Sym::Const(0)), None);
        assert_eq!(syms.div(Sym::Const(0), Sym::Const(0)), None);
    }

    #[test]
    fn quotient_cancels_common_factors() {
        let (mut syms, b, s) = bs();
        let c = Sym::Const;
        // Reshape [b, s, 128] to [b, s, 4, -1] (the -1 taken as 1).
        assert_eq!(syms.quotient(&[b, s, c(128)], &[b, s, c(4), c(1)]), c(32));
        // [b, s, 128] to [b, s, 4, 32]: all cancelled.
        assert_eq!(syms.quotient(&[b, s, c(128)], &[b, s, c(4), c(32)]), c(1));
        // [b, s, 128] to [b, -1, 4, 32]: s.
        assert_eq!(syms.quotient(&[b, s, c(128)], &[b, c(1), c(4), c(32)]), s);
        assert_eq!(syms.quotient(&[b, s, c(128)], &[b, c(4), c(32)]), s);
        // [b, s, 128] to [-1, 128]: b * s.
        let bs = syms.mul(b, s);
        assert_eq!(syms.quotient(&[b, s, c(128)], &[c(1), c(128)]), bs);
        // Factors inside products cancel too: [b * s, 64] / [b] = s * 64.
        let s64 = syms.mul(s, c(64));
        assert_eq!(syms.quotient(&[bs, c(64)], &[b]), s64);
        assert_eq!(syms.div(bs, b), Some(s));
        assert_eq!(syms.div(bs, s), Some(b));
        // A factor appearing twice cancels once.
        let bbs = syms.mul(bs, b);
        assert_eq!(syms.quotient(&[bbs], &[b, s]), b);
        // Products are kept in their factors' order, not canonicalized:
        // (b * s * b) / b is s * b, another Sym than b * s.
        let sb = syms.mul(s, b);
        assert_ne!(sb, bs);
        assert_eq!(syms.quotient(&[bbs], &[b]), sb);
        // Constants divide when they can: [b, 6] / [b, 3] = 2.
        assert_eq!(syms.quotient(&[b, c(6)], &[b, c(3)]), c(2));
    }

    #[test]
    fn quotient_that_does_not_divide_stays_a_division() {
        let (mut syms, b, s) = bs();
        let c = Sym::Const;
        let q = syms.quotient(&[s], &[c(3)]);
        assert!(matches!(q, Sym::Expr(_)));
        assert_ne!(q, s);
        assert_eq!(syms.div(s, c(3)), Some(q), "div and quotient agree");
        assert!(syms.nonneg(q));
        // 6s / 4 is not simplified to 3s / 2 but stays one division.
        let q = syms.quotient(&[s, c(6)], &[c(4)]);
        let Sym::Expr(id) = q else {
            panic!("a constant for 6s / 4")
        };
        let s6 = syms.mul(s, c(6));
        assert_eq!(syms.nodes[id as usize], Node::Div(s6, c(4)));
        // An uncancelled dim in the divisor: s / b.
        let q = syms.quotient(&[s], &[b]);
        let Sym::Expr(id) = q else {
            panic!("a constant for s / b")
        };
        assert_eq!(syms.nodes[id as usize], Node::Div(s, b));
        // Written as arith.divsi.
        let mut bld = Builder::default();
        syms.materialize(&mut bld, q);
        assert!(bld.lines.last().unwrap().contains("\"arith.divsi\""));
    }

    #[test]
    fn nonneg() {
        let (mut syms, b, s) = bs();
        let c = Sym::Const;
        assert!(syms.nonneg(c(0)));
        assert!(syms.nonneg(c(5)));
        assert!(!syms.nonneg(c(-1)));
        assert!(syms.nonneg(b));
        let e = syms.mul(b, s);
        assert!(syms.nonneg(e));
        let e = syms.add(b, c(3));
        assert!(syms.nonneg(e));
        let e = syms.div(s, c(2)).unwrap();
        assert!(syms.nonneg(e));
        // A difference may be negative, and so may a negative factor.
        let e = syms.sub(s, b);
        assert!(!syms.nonneg(e));
        let e = syms.add(s, c(-1));
        assert!(!syms.nonneg(e));
        let e = syms.mul(s, c(-1));
        assert!(!syms.nonneg(e));
    }

    #[test]
    fn broadcast_rules() {
        let (mut syms, b, s) = bs();
        let c = Sym::Const;
        // Right-aligned; a 1 (or a missing dim) takes the other side.
        assert_eq!(
            broadcast(&[b, c(1), c(4)], &[s, c(4)]),
            Ok(vec![b, s, c(4)])
        );
        assert_eq!(broadcast(&[c(1)], &[b, s]), Ok(vec![b, s]));
        assert_eq!(broadcast(&[b, s], &[]), Ok(vec![b, s]));
        assert_eq!(broadcast(&[s], &[s]), Ok(vec![s]));
        // A constant is taken over an expression, either side.
        assert_eq!(broadcast(&[c(3)], &[s]), Ok(vec![c(3)]));
        assert_eq!(broadcast(&[s], &[c(3)]), Ok(vec![c(3)]));
        // Two different expressions: the second.
        let bs = syms.mul(b, s);
        assert_eq!(broadcast(&[b], &[bs]), Ok(vec![bs]));
        assert_eq!(
            broadcast(&[c(2), s], &[c(3), s]),
            Err("dimensions 2 and 3 do not broadcast".to_string())
        );
    }

    #[test]
    fn sym_tensor_to_const() {
        let (_, _, s) = bs();
        let ty = Ty::new(ElementType::I64, vec![2]);
        let t = SymTensor {
            ty: ty.clone(),
            elems: vec![Sym::Const(4), Sym::Const(-1)],
        };
        let k = t.to_const().expect("all constants");
        assert_eq!(k.ty, ty);
        assert_eq!(k.as_ints().unwrap(), &[4, -1][..]);
        let t = SymTensor {
            ty,
            elems: vec![Sym::Const(4), s],
        };
        assert!(t.to_const().is_none());
    }

    #[test]
    fn materialize_writes_operands_first_and_once() {
        let (mut syms, b, s) = bs();
        let mut bld = Builder::default();
        let bs = syms.mul(b, s);
        let v = syms.materialize(&mut bld, bs);
        assert_eq!(bld.lines.len(), 3, "{:#?}", bld.lines);
        assert!(
            bld.lines[0].contains("\"graph.dim\"(%arg0)"),
            "{}",
            bld.lines[0]
        );
        assert!(bld.lines[0].contains("index = 0 : i64"), "{}", bld.lines[0]);
        assert!(
            bld.lines[0].contains("tensor<?x?x128xf32>"),
            "{}",
            bld.lines[0]
        );
        assert!(
            bld.lines[1].contains("\"graph.dim\"(%arg0)"),
            "{}",
            bld.lines[1]
        );
        assert!(bld.lines[1].contains("index = 1 : i64"), "{}", bld.lines[1]);
        let (d0, d1) = (
            bld.lines[0].split(" = ").next().unwrap().trim().to_string(),
            bld.lines[1].split(" = ").next().unwrap().trim().to_string(),
        );
        assert!(
            bld.lines[2].contains(&format!("\"arith.muli\"({d0}, {d1})")),
            "{}",
            bld.lines[2]
        );
        assert!(bld.lines[2].trim_start().starts_with(&format!("{v} = ")));
        // Written once: the same value again, no new line.
        assert_eq!(syms.materialize(&mut bld, bs), v);
        assert_eq!(syms.materialize(&mut bld, b), d0);
        assert_eq!(bld.lines.len(), 3);
        // A bigger expression reuses what is written: only the constant
        // and the addi are new.
        let e = syms.add(bs, Sym::Const(3));
        let w = syms.materialize(&mut bld, e);
        assert_eq!(bld.lines.len(), 5, "{:#?}", bld.lines);
        assert!(
            bld.lines[3].contains("\"arith.constant\""),
            "{}",
            bld.lines[3]
        );
        assert!(
            bld.lines[3].contains("value = 3 : index"),
            "{}",
            bld.lines[3]
        );
        let c3 = bld.lines[3].split(" = ").next().unwrap().trim().to_string();
        assert!(
            bld.lines[4].contains(&format!("\"arith.addi\"({v}, {c3})")),
            "{}",
            bld.lines[4]
        );
        assert!(bld.lines[4].trim_start().starts_with(&format!("{w} = ")));
        // A subtraction: subi, its operands in order.
        let d = syms.sub(s, b);
        let u = syms.materialize(&mut bld, d);
        assert_eq!(bld.lines.len(), 6);
        assert!(bld.lines[5].contains(&format!("\"arith.subi\"({d1}, {d0})")));
        assert!(bld.lines[5].trim_start().starts_with(&format!("{u} = ")));
        // A constant is a fresh arith.constant.
        syms.materialize(&mut bld, Sym::Const(-2));
        assert!(bld.lines[6].contains("value = -2 : index"));
    }

    #[test]
    fn materialize_long_chain() {
        // Iterative: a chain deeper than a recursion would take.
        let (mut syms, _, s) = bs();
        let mut e = s;
        for _ in 0..100_000 {
            e = syms.mul(e, s);
        }
        let mut bld = Builder::default();
        syms.materialize(&mut bld, e);
        assert_eq!(bld.lines.len(), 100_001);
    }

    #[test]
    fn result_type_gives_the_dynamic_dims_in_order() {
        let (mut syms, b, s) = bs();
        let mut bld = Builder::default();
        let bs = syms.mul(b, s);
        let (ty, given) = syms.result_type(&mut bld, ElementType::F32, &[bs, Sym::Const(4), s]);
        assert_eq!(ty, Ty::new(ElementType::F32, vec![DYN, 4, DYN]));
        assert_eq!(given.len(), 2);
        assert_eq!(given[0], syms.materialize(&mut bld, bs));
        assert_eq!(given[1], syms.materialize(&mut bld, s));
        let (ty, given) = syms.result_type(&mut bld, ElementType::I64, &[Sym::Const(2)]);
        assert_eq!(ty, Ty::new(ElementType::I64, vec![2]));
        assert!(given.is_empty());
    }
}
