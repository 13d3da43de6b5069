//! The importer's state while it converts a graph: what each ONNX name
//! stands for, the ops written so far, and the helpers the converters share
//! (operands, shape-like constants, broadcasting, element type checks). The
//! converters themselves are in `ops/`, one table entry per ONNX op.

use crate::builder::{Binary, Builder, V};
use crate::node::Node;
use crate::symbolic::{SymTensor, Syms};
use crate::tensor::Tensor;
use crate::types::{ElementType, DYN};
use std::collections::HashMap;

/// What a name of the ONNX graph stands for.
#[derive(Clone, Default)]
pub struct Slot {
    /// The SSA value, once written.
    pub v: Option<V>,
    /// The value, when known at import time.
    pub konst: Option<Tensor>,
    /// An initializer (a function argument under `--params-as-args`).
    pub init: bool,
    /// A small integer tensor known up to run-time dims (shape arithmetic).
    pub sym: Option<SymTensor>,
}

pub struct Importer {
    pub b: Builder,
    pub values: HashMap<String, Slot>,
    pub params_as_args: bool,
    /// Initializers written as function arguments: (name, value).
    pub params: Vec<(String, V)>,
    /// The first user of each name the graph reads: "node 'NAME'", or
    /// "the graph's outputs".
    pub users: HashMap<String, String>,
    next_param: usize,
    /// The expressions of shape arithmetic on dynamic dims.
    pub syms: Syms,
    /// Each graph input's `dim_param` per dim ("" for none), by SSA name.
    pub dim_names: HashMap<String, Vec<String>>,
}

type R<T> = Result<T, String>;

/// Tensors up to this many elements are known values at import time; larger
/// constants are written as splats or refused rather than materialized.
pub const SMALL: i64 = 1 << 16;

/// Numpy broadcasting of two shapes (right-aligned; 1 stretches).
pub fn broadcast_shapes(a: &[i64], b: &[i64]) -> R<Vec<i64>> {
    let r = a.len().max(b.len());
    let at = |s: &[i64], i: usize| {
        if i + s.len() >= r {
            s[i + s.len() - r]
        } else {
            1
        }
    };
    (0..r)
        .map(|i| {
            let (x, y) = (at(a, i), at(b, i));
            match (x, y) {
                _ if x == y => Ok(x),
                (1, _) => Ok(y),
                (_, 1) => Ok(x),
                (DYN, _) => Ok(y),
                (_, DYN) => Ok(x),
                _ => Err(format!(
                    "shapes {} and {} do not broadcast",
                    dims_str(a),
                    dims_str(b)
                )),
            }
        })
        .collect()
}

pub fn dims_str(d: &[i64]) -> String {
    let s: Vec<String> = d
        .iter()
        .map(|&x| if x == DYN { "?".into() } else { x.to_string() })
        .collect();
    format!("[{}]", s.join(", "))
}

/// `axis` (negative counts from the end) as an index below `rank`.
pub fn norm_axis(n: &Node, axis: i64, rank: usize) -> R<usize> {
    let r = rank as i64;
    if axis < -r || axis >= r {
        return Err(n.error(format!("axis {axis} is out of range for rank {rank}")));
    }
    Ok(if axis < 0 { axis + r } else { axis } as usize)
}

pub(crate) fn float_only(n: &Node, v: &V) -> R<()> {
    if !v.ty.elem.is_float() {
        return Err(n.error(format!(
            "element type {} is not supported (this op takes float or double)",
            v.ty.elem
        )));
    }
    Ok(())
}

pub(crate) fn bool_only(n: &Node, v: &V) -> R<()> {
    if v.ty.elem != ElementType::I1 {
        return Err(n.error(format!(
            "element type {} is not supported (this op takes bool)",
            v.ty.elem
        )));
    }
    Ok(())
}

pub(crate) fn need_static(n: &Node, v: &V, what: &str) -> R<()> {
    if !v.ty.is_static() {
        return Err(n.error(format!(
            "{what} of a tensor with dynamic dimensions ({}) is not supported",
            v.ty
        )));
    }
    Ok(())
}

impl Importer {
    pub fn new(params_as_args: bool) -> Importer {
        Importer {
            b: Builder::default(),
            values: HashMap::new(),
            params_as_args,
            params: Vec::new(),
            users: HashMap::new(),
            next_param: 0,
            syms: Syms::default(),
            dim_names: HashMap::new(),
        }
    }

    /// The SSA value of `name`, writing a known constant on first use.
    pub fn value(&mut self, name: &str) -> R<V> {
        let slot = self
            .values
            .get(name)
            .ok_or_else(|| format!("value '{name}' is used before it is defined"))?;
        if let Some(v) = &slot.v {
            return Ok(v.clone());
        }
        if let Some(st) = slot.sym.clone() {
            let v = self.materialize_sym(&st);
            self.values.get_mut(name).unwrap().v = Some(v.clone());
            return Ok(v);
        }
        let t = slot
            .konst
            .clone()
            .expect("a slot holds a value, a constant or a symbolic tensor");
        let v = if slot.init && self.params_as_args {
            self.next_param += 1;
            let v = V {
                ssa: format!("%param{}", self.next_param - 1),
                ty: t.ty.clone(),
            };
            self.params.push((name.to_string(), v.clone()));
            v
        } else {
            self.b.constant_at(&t, name)
        };
        self.values.get_mut(name).unwrap().v = Some(v.clone());
        Ok(v)
    }

    pub fn konst(&self, name: &str) -> Option<&Tensor> {
        self.values.get(name).and_then(|s| s.konst.as_ref())
    }

    pub fn bind(&mut self, name: &str, v: V, konst: Option<Tensor>) {
        self.values.insert(
            name.to_string(),
            Slot {
                v: Some(v),
                konst,
                init: false,
                sym: None,
            },
        );
    }

    /// A symbolic integer tensor used as data (a dim in index arithmetic on
    /// tensors: `Range(batch) * seq`): each dynamic element as the sum of a
    /// run of that many ones (index values have no other way into a tensor),
    /// the constants as constants, joined and shaped.
    pub(crate) fn materialize_sym(&mut self, st: &SymTensor) -> V {
        use crate::builder::Reduction;
        use crate::symbolic::Sym;
        let elem = st.ty.elem;
        let scalar = crate::types::Ty::new(elem, vec![]);
        let mut parts = Vec::with_capacity(st.elems.len());
        for &e in &st.elems {
            let p = match e {
                Sym::Const(c) => self.b.constant(&Tensor::ints(scalar.clone(), vec![c])),
                Sym::Expr(_) => {
                    let one = self.b.splat(elem, 1.0, &[]);
                    let (ty, given) = self.syms.result_type(&mut self.b, elem, &[e]);
                    let ones = self.b.broadcast_given(&one, &[], ty, &given);
                    self.b.reduce(Reduction::Sum, &ones, &[0])
                }
            };
            parts.push(p);
        }
        if st.ty.rank() == 0 && parts.len() == 1 {
            return parts.pop().unwrap();
        }
        let parts: Vec<V> = parts.iter().map(|p| self.b.reshape(p, &[1])).collect();
        let n = parts.len() as i64;
        let flat = if parts.len() == 1 {
            parts[0].clone()
        } else {
            self.b.concat(&parts, 0, vec![n])
        };
        self.b.reshape(&flat, &st.ty.dims)
    }

    /// A dim expression as a 0-d tensor of `elem`.
    pub(crate) fn sym_scalar(&mut self, s: crate::symbolic::Sym, elem: ElementType) -> V {
        let st = SymTensor {
            ty: crate::types::Ty::new(elem, vec![]),
            elems: vec![s],
        };
        self.materialize_sym(&st)
    }

    /// Binds `name` to a symbolic integer tensor.
    pub fn bind_sym(&mut self, name: &str, t: SymTensor) {
        self.values.insert(
            name.to_string(),
            Slot {
                sym: Some(t),
                ..Slot::default()
            },
        );
    }

    /// Input `i`'s symbolic value (a known one as constants), if it has one.
    pub(crate) fn sym_input(&self, n: &Node, i: usize) -> Option<SymTensor> {
        let slot = self.values.get(n.input(i)?)?;
        if let Some(s) = &slot.sym {
            return Some(s.clone());
        }
        let t = slot.konst.as_ref()?;
        Some(SymTensor {
            ty: t.ty.clone(),
            elems: t
                .as_ints()?
                .iter()
                .map(|&c| crate::symbolic::Sym::Const(c))
                .collect(),
        })
    }

    /// `x` reshaped to `dims`, its dynamic dims given (and recorded).
    pub(crate) fn reshape_to(&mut self, x: &V, dims: &[crate::symbolic::Sym]) -> V {
        if self.syms.dims(x) == dims {
            return x.clone();
        }
        let (ty, given) = self.syms.result_type(&mut self.b, x.ty.elem, dims);
        // One dynamic dim beside a non-empty static rest is derived from the
        // input's element count (graph.reshape's own rule): no dims given,
        // so the reshape stays a view fused into its neighbours.
        let statics: i64 = ty.dims.iter().filter(|&&d| d != DYN).product();
        let given = if given.len() == 1 && statics > 0 {
            Vec::new()
        } else {
            given
        };
        let y = self.b.reshape_given(x, &ty.dims, &given);
        self.syms.record(&y, dims);
        y
    }

    pub fn bind_const(&mut self, name: &str, t: Tensor) {
        self.values.insert(
            name.to_string(),
            Slot {
                v: None,
                konst: Some(t),
                init: false,
                sym: None,
            },
        );
    }

    /// Input `i` of `n` (required).
    pub(crate) fn input(&mut self, n: &Node, i: usize) -> R<V> {
        let name = n
            .input(i)
            .ok_or_else(|| n.error(format!("input {i} is missing")))?;
        self.value(name).map_err(|e| n.error(e))
    }

    pub(crate) fn opt_input(&mut self, n: &Node, i: usize) -> R<Option<V>> {
        match n.input(i) {
            Some(_) => self.input(n, i).map(Some),
            None => Ok(None),
        }
    }

    /// Input `i`'s integer values, which must be known at import time.
    pub(crate) fn const_ints(&self, n: &Node, i: usize, what: &str) -> R<Option<Vec<i64>>> {
        let Some(name) = n.input(i) else {
            return Ok(None);
        };
        match self.konst(name) {
            Some(t) => match t.as_ints() {
                Some(v) => Ok(Some(v.to_vec())),
                None => Err(n.error(format!("input '{name}' ({what}) must be integers"))),
            },
            None => Err(n.error(format!(
                "input '{name}' ({what}) must be a constant (an initializer, a Constant node, or a graph input given by --bind={name}=...); shapes computed at run time are not supported"
            ))),
        }
    }

    /// Input `i`'s value, which must be known at import time (of any
    /// element type; floats decoded to f64, [`Tensor::decoded`]: the callers
    /// compute on small operands); `None` when the input is absent.
    pub(crate) fn const_tensor(&self, n: &Node, i: usize, what: &str) -> R<Option<Tensor>> {
        let Some(name) = n.input(i) else {
            return Ok(None);
        };
        match self.konst(name) {
            Some(t) => Ok(Some(t.decoded())),
            None => Err(n.error(format!(
                "input '{name}' ({what}) must be a constant (an initializer, a Constant node, or a graph input given by --bind={name}=...); values computed at run time are not supported"
            ))),
        }
    }

    pub(crate) fn out(&mut self, n: &Node, i: usize, v: V) {
        if let Some(name) = n.output(i) {
            self.bind(name, v, None);
        }
    }

    /// `xs` broadcast numpy-style to their common shape.
    pub(crate) fn broadcast_all(&mut self, n: &Node, xs: &[V]) -> R<Vec<V>> {
        let mut dims = xs[0].ty.dims.clone();
        for x in &xs[1..] {
            dims = broadcast_shapes(&dims, &x.ty.dims).map_err(|e| n.error(e))?;
        }
        if !dims.contains(&DYN) {
            return Ok(xs.iter().map(|x| self.b.expand(x, &dims)).collect());
        }
        let mut sd = self.syms.dims(&xs[0]);
        for x in &xs[1..] {
            let xd = self.syms.dims(x);
            sd = crate::symbolic::broadcast(&sd, &xd).map_err(|e| n.error(e))?;
        }
        Ok(xs.iter().map(|x| self.expand_syms(x, &sd)).collect())
    }

    /// `f(a, c)` with numpy broadcasting, of `a`'s element type.
    pub(crate) fn elementwise(&mut self, n: &Node, f: Binary, a: V, c: V) -> R<V> {
        let ex = self.broadcast_all(n, &[a, c])?;
        let y = self.b.binary(f, &ex[0], &ex[1]);
        Ok(self.same_dims(y, &ex[0]))
    }

    /// `y`, recorded as having `like`'s dims (an elementwise result and its
    /// operand): shapes taken from either then cancel in a Reshape's `-1`.
    pub(crate) fn same_dims(&mut self, y: V, like: &V) -> V {
        if !y.ty.is_static() && y.ty.rank() == like.ty.rank() {
            let d = self.syms.dims(like);
            self.syms.record(&y, &d);
        }
        y
    }

    pub(crate) fn same_elem(&self, n: &Node, xs: &[V]) -> R<ElementType> {
        let e = xs[0].ty.elem;
        if let Some(x) = xs.iter().find(|x| x.ty.elem != e) {
            return Err(n.error(format!(
                "operand element types differ: {} and {}",
                e, x.ty.elem
            )));
        }
        Ok(e)
    }

    /// `f` of inputs 0 and 1, which have one element type, broadcast.
    pub(crate) fn binary(&mut self, n: &Node, f: Binary) -> R<V> {
        let xs = vec![self.input(n, 0)?, self.input(n, 1)?];
        self.same_elem(n, &xs)?;
        let [a, c] = <[V; 2]>::try_from(xs).expect("two operands");
        self.elementwise(n, f, a, c)
    }

    /// A tensor like `x` with every element `v`: a splat constant, or with
    /// dynamic dims a 0-d one broadcast to `x`'s dims.
    pub(crate) fn full(&mut self, x: &V, v: f64) -> V {
        if x.ty.is_static() {
            return self.b.splat(x.ty.elem, v, &x.ty.dims);
        }
        let c = self.b.splat(x.ty.elem, v, &[]);
        let dims = self.syms.dims(x);
        self.expand_syms(&c, &dims)
    }

    /// `x` broadcast numpy-style (right-aligned) to `dims`. Dynamic result
    /// dims are given to the broadcast only when no input dim holds them (a
    /// given dim makes the broadcast a dispatch of its own).
    pub(crate) fn expand_syms(&mut self, x: &V, dims: &[crate::symbolic::Sym]) -> V {
        let xd = self.syms.dims(x);
        if xd == dims {
            return x.clone();
        }
        let off = dims.len() - xd.len();
        let map: Vec<i64> = (off..dims.len()).map(|j| j as i64).collect();
        let derived = |j: usize| j >= off && x.ty.dims[j - off] != 1;
        let dynamic = |j: usize| matches!(dims[j], crate::symbolic::Sym::Expr(_));
        let (ty, given) = self.syms.result_type(&mut self.b, x.ty.elem, dims);
        let given = if (0..dims.len()).all(|j| !dynamic(j) || derived(j)) {
            Vec::new()
        } else {
            given
        };
        let y = self.b.broadcast_given(x, &map, ty, &given);
        self.syms.record(&y, dims);
        y
    }
}
