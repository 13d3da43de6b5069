//! ONNX nodes to graph ops: type inference, broadcasting, shape-like operands
//! folded from constants, and each op's mapping.

use crate::builder::{i64_array, Builder, V};
use crate::node::Node;
use crate::tensor::{Data, Tensor};
use crate::types::{Elem, Ty, DYN};
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
}

pub struct Importer {
    pub b: Builder,
    pub values: HashMap<String, Slot>,
    pub params_as_args: bool,
    /// Initializers written as function arguments: (name, value).
    pub params: Vec<(String, V)>,
    next_param: usize,
}

type R<T> = Result<T, String>;

/// Tensors up to this many elements are known values at import time; larger
/// constants are written as splats or refused rather than materialized.
pub const SMALL: i64 = 1 << 16;

/// The ops with a graph op or a mapping here (see also `composite::COMPOSITES`).
pub const SUPPORTED: &[&str] = &[
    "Abs",
    "Add",
    "And",
    "Cast",
    "Concat",
    "Constant",
    "ConstantOfShape",
    "Div",
    "Dropout",
    "Equal",
    "Erf",
    "Exp",
    "Expand",
    "Flatten",
    "Gather",
    "Gelu",
    "Gemm",
    "Greater",
    "GreaterOrEqual",
    "Identity",
    "LayerNormalization",
    "Less",
    "LessOrEqual",
    "Log",
    "LogSoftmax",
    "MatMul",
    "Max",
    "Mean",
    "Min",
    "Mul",
    "Neg",
    "Not",
    "Or",
    "Pow",
    "Reciprocal",
    "ReduceL1",
    "ReduceL2",
    "ReduceLogSum",
    "ReduceLogSumExp",
    "ReduceMax",
    "ReduceMean",
    "ReduceMin",
    "ReduceSum",
    "ReduceSumSquare",
    "Relu",
    "Reshape",
    "Shape",
    "Sigmoid",
    "Size",
    "Slice",
    "Softmax",
    "Sqrt",
    "Squeeze",
    "Sub",
    "Sum",
    "Tanh",
    "Transpose",
    "Unsqueeze",
    "Where",
    "Xor",
];

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
            v.ty.elem.mlir()
        )));
    }
    Ok(())
}

pub(crate) fn bool_only(n: &Node, v: &V) -> R<()> {
    if v.ty.elem != Elem::Bool {
        return Err(n.error(format!(
            "element type {} is not supported (this op takes bool)",
            v.ty.elem.mlir()
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
            next_param: 0,
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
        let t = slot
            .konst
            .clone()
            .expect("a slot holds a value or a constant");
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
            },
        );
    }

    pub fn bind_const(&mut self, name: &str, t: Tensor) {
        self.values.insert(
            name.to_string(),
            Slot {
                v: None,
                konst: Some(t),
                init: false,
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

    pub(crate) fn out(&mut self, n: &Node, i: usize, v: V) {
        if let Some(name) = n.output(i) {
            self.bind(name, v, None);
        }
    }

    pub(crate) fn elementwise(&mut self, n: &Node, name: &str, xs: &[V], elem: Elem) -> R<V> {
        let mut dims = xs[0].ty.dims.clone();
        for x in &xs[1..] {
            dims = broadcast_shapes(&dims, &x.ty.dims).map_err(|e| n.error(e))?;
        }
        let ex: Vec<V> = xs.iter().map(|x| self.b.expand(x, &dims)).collect();
        let refs: Vec<&V> = ex.iter().collect();
        Ok(self.b.op(name, &refs, "", Ty::new(elem, dims)))
    }

    pub(crate) fn same_elem(&self, n: &Node, xs: &[V]) -> R<Elem> {
        let e = xs[0].ty.elem;
        if let Some(x) = xs.iter().find(|x| x.ty.elem != e) {
            return Err(n.error(format!(
                "operand element types differ: {} and {}",
                e.mlir(),
                x.ty.elem.mlir()
            )));
        }
        Ok(e)
    }

    pub(crate) fn binary(&mut self, n: &Node, name: &str) -> R<V> {
        let xs = vec![self.input(n, 0)?, self.input(n, 1)?];
        let e = self.same_elem(n, &xs)?;
        self.elementwise(n, name, &xs, e)
    }

    /// Converts one node, binding its outputs.
    pub fn node(&mut self, n: &Node) -> R<()> {
        let op = n.op().to_string();
        let unary = |op: &str| -> Option<(&'static str, bool)> {
            Some(match op {
                "Neg" => ("graph.neg", false),
                "Relu" => ("graph.relu", false),
                "Abs" => ("graph.abs", false),
                "Exp" => ("graph.exp", true),
                "Tanh" => ("graph.tanh", true),
                "Sqrt" => ("graph.sqrt", true),
                "Log" => ("graph.log", true),
                "Sigmoid" => ("graph.sigmoid", true),
                "Erf" => ("graph.erf", true),
                _ => return None,
            })
        };
        if let Some((name, float)) = unary(&op) {
            let x = self.input(n, 0)?;
            if float {
                float_only(n, &x)?;
            }
            if matches!(op.as_str(), "Relu" | "Neg" | "Abs") && x.ty.elem == Elem::Bool {
                return Err(n.error("element type i1 is not supported"));
            }
            let y = self.b.op(name, &[&x], "", x.ty.clone());
            self.out(n, 0, y);
            return Ok(());
        }
        match op.as_str() {
            "Identity" => {
                let name = n.input(0).ok_or_else(|| n.error("input 0 is missing"))?;
                let slot = self
                    .values
                    .get(name)
                    .cloned()
                    .ok_or_else(|| n.error(format!("value '{name}' is undefined")))?;
                if let Some(o) = n.output(0) {
                    let mut s = slot;
                    s.init = false;
                    if s.v.is_none() {
                        s.v = Some(self.value(name)?);
                    }
                    self.values.insert(o.to_string(), s);
                }
            }
            "Add" | "Sub" | "Mul" | "Div" => {
                let name = format!("graph.{}", op.to_lowercase());
                let y = self.binary(n, &name)?;
                if y.ty.elem == Elem::Bool {
                    return Err(n.error("element type i1 is not supported"));
                }
                self.out(n, 0, y);
            }
            "Pow" => {
                let x = self.input(n, 0)?;
                let mut p = self.input(n, 1)?;
                float_only(n, &x)?;
                if p.ty.elem != x.ty.elem {
                    // Pow's exponent may have another type; it is converted.
                    p = self
                        .b
                        .op("graph.cast", &[&p], "", p.ty.with_elem(x.ty.elem));
                }
                let e = x.ty.elem;
                let y = self.elementwise(n, "graph.pow", &[x, p], e)?;
                self.out(n, 0, y);
            }
            "And" | "Or" | "Xor" => {
                let y = self.binary(n, &format!("graph.{}", op.to_lowercase()))?;
                bool_only(n, &y)?;
                self.out(n, 0, y);
            }
            "Not" => {
                let x = self.input(n, 0)?;
                bool_only(n, &x)?;
                let y = self.b.op("graph.not", &[&x], "", x.ty.clone());
                self.out(n, 0, y);
            }
            "Equal" | "Less" | "Greater" | "LessOrEqual" | "GreaterOrEqual" => {
                let pred = match op.as_str() {
                    "Equal" => "eq",
                    "Less" => "lt",
                    "Greater" => "gt",
                    "LessOrEqual" => "le",
                    _ => "ge",
                };
                let xs = vec![self.input(n, 0)?, self.input(n, 1)?];
                self.same_elem(n, &xs)?;
                let dims =
                    broadcast_shapes(&xs[0].ty.dims, &xs[1].ty.dims).map_err(|e| n.error(e))?;
                let a = self.b.expand(&xs[0], &dims);
                let c = self.b.expand(&xs[1], &dims);
                let y = self.b.op(
                    "graph.compare",
                    &[&a, &c],
                    &format!("predicate = \"{pred}\""),
                    Ty::new(Elem::Bool, dims),
                );
                self.out(n, 0, y);
            }
            "Max" | "Min" | "Sum" | "Mean" => {
                let count = n.num_inputs();
                if count == 0 {
                    return Err(n.error("needs at least one input"));
                }
                let xs: Vec<V> = (0..count).map(|i| self.input(n, i)).collect::<R<_>>()?;
                let e = self.same_elem(n, &xs)?;
                if e == Elem::Bool {
                    return Err(n.error("element type i1 is not supported"));
                }
                if op == "Mean" && !e.is_float() {
                    return Err(n.error(format!("element type {} is not supported", e.mlir())));
                }
                let name = match op.as_str() {
                    "Max" => "graph.max",
                    "Min" => "graph.min",
                    _ => "graph.add",
                };
                let mut acc = xs[0].clone();
                for x in &xs[1..] {
                    acc = self.elementwise(n, name, &[acc, x.clone()], e)?;
                }
                if op == "Mean" && count > 1 {
                    let c = self.b.splat(e, count as f64, &acc.ty.dims.clone());
                    acc = self.b.op("graph.div", &[&acc, &c], "", acc.ty.clone());
                }
                self.out(n, 0, acc);
            }
            "Reciprocal" => {
                let x = self.input(n, 0)?;
                float_only(n, &x)?;
                need_static(n, &x, "Reciprocal")?;
                let one = self.b.splat(x.ty.elem, 1.0, &x.ty.dims);
                let y = self.b.op("graph.div", &[&one, &x], "", x.ty.clone());
                self.out(n, 0, y);
            }
            "Where" => {
                let xs = [self.input(n, 0)?, self.input(n, 1)?, self.input(n, 2)?];
                bool_only(n, &xs[0])?;
                let e = self.same_elem(n, &xs[1..])?;
                let mut dims = xs[0].ty.dims.clone();
                for x in &xs[1..] {
                    dims = broadcast_shapes(&dims, &x.ty.dims).map_err(|e| n.error(e))?;
                }
                let ex: Vec<V> = xs.iter().map(|x| self.b.expand(x, &dims)).collect();
                let y = self.b.op(
                    "graph.select",
                    &[&ex[0], &ex[1], &ex[2]],
                    "",
                    Ty::new(e, dims),
                );
                self.out(n, 0, y);
            }
            "Cast" => {
                let x = self.input(n, 0)?;
                let to = n
                    .opt_int("to")?
                    .ok_or_else(|| n.error("attribute 'to' is missing"))?;
                let e = Elem::from_onnx(to as i32).map_err(|m| n.error(m))?;
                let y = self.cast(n, x, e)?;
                self.out(n, 0, y);
            }
            "MatMul" => {
                let a = self.input(n, 0)?;
                let c = self.input(n, 1)?;
                let y = self.matmul(n, a, c)?;
                self.out(n, 0, y);
            }
            "Gemm" => self.gemm(n)?,
            "Transpose" => {
                let x = self.input(n, 0)?;
                let r = x.ty.rank() as i64;
                let perm = n.ints("perm")?.unwrap_or_else(|| (0..r).rev().collect());
                let mut seen = vec![false; x.ty.rank()];
                if perm.len() != x.ty.rank()
                    || perm
                        .iter()
                        .any(|&p| p < 0 || p >= r || std::mem::replace(&mut seen[p as usize], true))
                {
                    return Err(n.error(format!(
                        "perm {} is not a permutation of rank {r}",
                        dims_str(&perm)
                    )));
                }
                let dims: Vec<i64> = perm.iter().map(|&p| x.ty.dims[p as usize]).collect();
                let y = self.transpose(&x, &perm, dims);
                self.out(n, 0, y);
            }
            "Reshape" => {
                let x = self.input(n, 0)?;
                let shape = self
                    .const_ints(n, 1, "shape")?
                    .ok_or_else(|| n.error("input 1 (shape) is missing"))?;
                let allowzero = n.int("allowzero", 0)?;
                need_static(n, &x, "Reshape")?;
                let mut dims = Vec::with_capacity(shape.len());
                let mut infer = None;
                for (i, &s) in shape.iter().enumerate() {
                    dims.push(match s {
                        0 if allowzero == 0 => *x.ty.dims.get(i).ok_or_else(|| {
                            n.error(format!("shape entry {i} copies a dimension the input (rank {}) does not have", x.ty.rank()))
                        })?,
                        -1 => {
                            if infer.replace(i).is_some() {
                                return Err(n.error("shape has more than one -1"));
                            }
                            1
                        }
                        s if s < 0 => return Err(n.error(format!("shape entry {s} is invalid"))),
                        s => s,
                    });
                }
                let total = x.ty.numel().unwrap();
                if let Some(i) = infer {
                    let rest: i64 = dims.iter().product();
                    if rest == 0 || total % rest != 0 {
                        return Err(n.error(format!(
                            "cannot infer dimension {i}: {total} elements into {}",
                            dims_str(&shape)
                        )));
                    }
                    dims[i] = total / rest;
                }
                if dims.iter().product::<i64>() != total {
                    return Err(n.error(format!(
                        "cannot reshape {} ({total} elements) to {}",
                        x.ty,
                        dims_str(&dims)
                    )));
                }
                let y = self.b.reshape(&x, &dims);
                self.out(n, 0, y);
            }
            "Flatten" => {
                let x = self.input(n, 0)?;
                need_static(n, &x, "Flatten")?;
                let r = x.ty.rank() as i64;
                let axis = n.int("axis", 1)?;
                if axis < -r || axis > r {
                    return Err(n.error(format!("axis {axis} is out of range for rank {r}")));
                }
                let axis = if axis < 0 { axis + r } else { axis } as usize;
                let a: i64 = x.ty.dims[..axis].iter().product();
                let c: i64 = x.ty.dims[axis..].iter().product();
                let y = self.b.reshape(&x, &[a, c]);
                self.out(n, 0, y);
            }
            "Squeeze" => {
                let x = self.input(n, 0)?;
                let axes = self.const_ints(n, 1, "axes")?;
                let r = x.ty.rank();
                let drop: Vec<usize> = match axes {
                    Some(a) => a.iter().map(|&a| norm_axis(n, a, r)).collect::<R<_>>()?,
                    None => (0..r).filter(|&i| x.ty.dims[i] == 1).collect(),
                };
                for &a in &drop {
                    if x.ty.dims[a] != 1 {
                        return Err(
                            n.error(format!("cannot squeeze axis {a} of size {}", x.ty.dims[a]))
                        );
                    }
                }
                let dims: Vec<i64> = (0..r)
                    .filter(|i| !drop.contains(i))
                    .map(|i| x.ty.dims[i])
                    .collect();
                let y = self.b.reshape(&x, &dims);
                self.out(n, 0, y);
            }
            "Unsqueeze" => {
                let x = self.input(n, 0)?;
                let axes = self
                    .const_ints(n, 1, "axes")?
                    .ok_or_else(|| n.error("input 1 (axes) is missing"))?;
                let r = x.ty.rank() + axes.len();
                let mut ones = vec![false; r];
                for &a in &axes {
                    let a = norm_axis(n, a, r)?;
                    if std::mem::replace(&mut ones[a], true) {
                        return Err(n.error(format!("axis {a} is repeated")));
                    }
                }
                let mut it = x.ty.dims.iter();
                let dims: Vec<i64> = ones
                    .iter()
                    .map(|&o| if o { 1 } else { *it.next().unwrap() })
                    .collect();
                let y = self.b.reshape(&x, &dims);
                self.out(n, 0, y);
            }
            "Concat" => {
                let xs: Vec<V> = (0..n.num_inputs())
                    .map(|i| self.input(n, i))
                    .collect::<R<_>>()?;
                if xs.is_empty() {
                    return Err(n.error("needs at least one input"));
                }
                let e = self.same_elem(n, &xs)?;
                let axis = n
                    .opt_int("axis")?
                    .ok_or_else(|| n.error("attribute 'axis' is missing"))?;
                let r = xs[0].ty.rank();
                if r == 0 {
                    return Err(n.error("cannot concatenate rank-0 tensors"));
                }
                let axis = norm_axis(n, axis, r)?;
                let mut dims = xs[0].ty.dims.clone();
                for x in &xs[1..] {
                    if x.ty.rank() != r || (0..r).any(|d| d != axis && x.ty.dims[d] != dims[d]) {
                        return Err(n.error(format!(
                            "operand shapes {} and {} differ off axis {axis}",
                            xs[0].ty, x.ty
                        )));
                    }
                    dims[axis] = if dims[axis] == DYN || x.ty.dims[axis] == DYN {
                        DYN
                    } else {
                        dims[axis] + x.ty.dims[axis]
                    };
                }
                let y = if xs.len() == 1 {
                    xs[0].clone()
                } else {
                    let refs: Vec<&V> = xs.iter().collect();
                    self.b.op(
                        "graph.concat",
                        &refs,
                        &format!("axis = {axis} : i64"),
                        Ty::new(e, dims),
                    )
                };
                self.out(n, 0, y);
            }
            "Slice" => self.slice(n)?,
            "Expand" => {
                let x = self.input(n, 0)?;
                let shape = self
                    .const_ints(n, 1, "shape")?
                    .ok_or_else(|| n.error("input 1 (shape) is missing"))?;
                let dims = broadcast_shapes(&x.ty.dims, &shape).map_err(|e| n.error(e))?;
                let y = self.b.expand(&x, &dims);
                self.out(n, 0, y);
            }
            "Gather" => self.gather(n)?,
            "ReduceSum" | "ReduceMax" | "ReduceMean" | "ReduceMin" | "ReduceL1" | "ReduceL2"
            | "ReduceSumSquare" | "ReduceLogSum" | "ReduceLogSumExp" => self.reduce(n)?,
            "Softmax" | "LogSoftmax" => {
                let x = self.input(n, 0)?;
                float_only(n, &x)?;
                let axis = n.int("axis", -1)?;
                let axis = norm_axis(n, axis, x.ty.rank())?;
                let name = if op == "Softmax" {
                    "graph.softmax"
                } else {
                    "graph.log_softmax"
                };
                let y = self
                    .b
                    .op(name, &[&x], &format!("axis = {axis} : i64"), x.ty.clone());
                self.out(n, 0, y);
            }
            "LayerNormalization" => self.layer_norm(n)?,
            "Gelu" => {
                let x = self.input(n, 0)?;
                float_only(n, &x)?;
                let approx = n.string("approximate", "none")?;
                if approx != "none" && approx != "tanh" {
                    return Err(n.error(format!("approximate '{approx}' is not supported")));
                }
                let y = self.b.op(
                    "graph.gelu",
                    &[&x],
                    &format!("approximate = \"{approx}\""),
                    x.ty.clone(),
                );
                self.out(n, 0, y);
            }
            "Constant" => {
                let t = if let Some(t) = n.tensor("value")? {
                    Tensor::from_proto(t).map_err(|e| n.error(e))?
                } else if n.has("value_float") {
                    Tensor {
                        ty: Ty::new(Elem::F32, vec![]),
                        data: Data::F(vec![n.float("value_float", 0.0)? as f64]),
                    }
                } else if let Some(v) = n.floats("value_floats")? {
                    Tensor {
                        ty: Ty::new(Elem::F32, vec![v.len() as i64]),
                        data: Data::F(v.iter().map(|&x| x as f64).collect()),
                    }
                } else if let Some(v) = n.opt_int("value_int")? {
                    Tensor::ints(Ty::new(Elem::I64, vec![]), vec![v])
                } else if let Some(v) = n.ints("value_ints")? {
                    Tensor::ints(Ty::new(Elem::I64, vec![v.len() as i64]), v)
                } else {
                    return Err(n.error("needs one of the attributes value, value_float(s), value_int(s) (sparse and string values are not supported)"));
                };
                if let Some(o) = n.output(0) {
                    self.bind_const(o, t);
                }
            }
            "Shape" => {
                let x = self.input(n, 0)?;
                need_static(n, &x, "Shape")?;
                let r = x.ty.rank() as i64;
                let clamp = |v: i64| if v < 0 { (v + r).max(0) } else { v.min(r) };
                let start = clamp(n.int("start", 0)?);
                let end = clamp(n.int("end", r)?);
                let dims: Vec<i64> = x.ty.dims[start as usize..(end.max(start)) as usize].to_vec();
                let t = Tensor::ints(Ty::new(Elem::I64, vec![dims.len() as i64]), dims);
                if let Some(o) = n.output(0) {
                    self.bind_const(o, t);
                }
            }
            "Size" => {
                let x = self.input(n, 0)?;
                need_static(n, &x, "Size")?;
                let t = Tensor::ints(Ty::new(Elem::I64, vec![]), vec![x.ty.numel().unwrap()]);
                if let Some(o) = n.output(0) {
                    self.bind_const(o, t);
                }
            }
            "ConstantOfShape" => {
                let shape = self
                    .const_ints(n, 0, "shape")?
                    .ok_or_else(|| n.error("input 0 (shape) is missing"))?;
                if shape.iter().any(|&d| d < 0) {
                    return Err(n.error(format!(
                        "shape {} has a negative dimension",
                        dims_str(&shape)
                    )));
                }
                let value = match n.tensor("value")? {
                    Some(t) => Tensor::from_proto(t).map_err(|e| n.error(e))?,
                    None => Tensor {
                        ty: Ty::new(Elem::F32, vec![1]),
                        data: Data::F(vec![0.0]),
                    },
                };
                if value.len() != 1 {
                    return Err(n.error("attribute 'value' must hold one element"));
                }
                let count = shape
                    .iter()
                    .try_fold(1i64, |a, &d| a.checked_mul(d))
                    .ok_or_else(|| n.error("shape is too large"))?;
                let ty = Ty::new(value.ty.elem, shape);
                if count > SMALL {
                    // Large: a splat constant, never materialized here.
                    let v = self.b.splat_of(value.data, ty);
                    self.out(n, 0, v);
                    return Ok(());
                }
                let data = match &value.data {
                    Data::F(v) => Data::F(vec![v[0]; count as usize]),
                    Data::I(v) => Data::I(vec![v[0]; count as usize]),
                };
                let t = Tensor { ty, data };
                if let Some(o) = n.output(0) {
                    self.bind_const(o, t);
                }
            }
            "Dropout" => {
                let x = self.input(n, 0)?;
                n.int("seed", 0)?;
                let training = match n.input(2) {
                    None => false,
                    Some(name) => match self
                        .konst(name)
                        .and_then(|t| t.as_ints().map(|v| v.to_vec()))
                    {
                        Some(v) if v.len() == 1 => v[0] != 0,
                        _ => {
                            return Err(n.error(format!(
                                "input '{name}' (training_mode) must be a constant false; training mode (random dropout) is not supported"
                            )))
                        }
                    },
                };
                if training {
                    return Err(n.error("training mode (random dropout) is not supported"));
                }
                if n.output(1).is_some() {
                    // In inference the mask is all true.
                    let m = self.b.splat(Elem::Bool, 1.0, &x.ty.dims);
                    self.out(n, 1, m);
                }
                self.out(n, 0, x);
            }
            _ => {
                if !self.composite(n)? {
                    return Err(n.error("op is not supported"));
                }
            }
        }
        Ok(())
    }

    /// Cast and CastLike: `x` as `e` (their float8-only attributes at their defaults).
    pub(crate) fn cast(&mut self, n: &Node, x: V, e: Elem) -> R<V> {
        if n.int("saturate", 1)? != 1 {
            return Err(
                n.error("attribute 'saturate' applies to float8 types, which are not supported")
            );
        }
        let round = n.string("round_mode", "up")?;
        if round != "up" {
            return Err(n.error(format!("round_mode '{round}' is not supported")));
        }
        Ok(if e == x.ty.elem {
            x
        } else {
            self.b.op("graph.cast", &[&x], "", x.ty.with_elem(e))
        })
    }

    pub(crate) fn transpose(&mut self, x: &V, perm: &[i64], dims: Vec<i64>) -> V {
        if perm.iter().enumerate().all(|(i, &p)| p == i as i64) {
            return x.clone();
        }
        self.b.op(
            "graph.transpose",
            &[x],
            &format!("permutation = {}", i64_array(perm)),
            x.ty.with_dims(dims),
        )
    }

    /// numpy's matmul: 1-D operands promoted and dropped again, batch dims broadcast.
    fn matmul(&mut self, n: &Node, a: V, c: V) -> R<V> {
        let e = self.same_elem(n, &[a.clone(), c.clone()])?;
        if e == Elem::Bool {
            return Err(n.error("element type i1 is not supported"));
        }
        let (ra, rc) = (a.ty.rank(), c.ty.rank());
        if ra == 0 || rc == 0 {
            return Err(n.error("operands must have rank 1 or more"));
        }
        let a2 = if ra == 1 {
            self.b.reshape(&a, &[1, a.ty.dims[0]])
        } else {
            a.clone()
        };
        let c2 = if rc == 1 {
            self.b.reshape(&c, &[c.ty.dims[0], 1])
        } else {
            c.clone()
        };
        let (ad, cd) = (a2.ty.dims.clone(), c2.ty.dims.clone());
        let (m, k) = (ad[ad.len() - 2], ad[ad.len() - 1]);
        let (k2, nn) = (cd[cd.len() - 2], cd[cd.len() - 1]);
        if k != k2 && k != DYN && k2 != DYN {
            return Err(n.error(format!("inner dimensions differ: {} and {}", a.ty, c.ty)));
        }
        let batch =
            broadcast_shapes(&ad[..ad.len() - 2], &cd[..cd.len() - 2]).map_err(|e| n.error(e))?;
        let mut y = if cd.len() == 2 && ad.len() > 2 && a2.ty.is_static() {
            // [b..., m, k] x [k, n]: one [b*m, k] x [k, n] matmul, no copies of the rhs.
            let rows = ad[..ad.len() - 1].iter().product::<i64>();
            let flat = self.b.reshape(&a2, &[rows, k]);
            let p = self.b.op(
                "graph.matmul",
                &[&flat, &c2],
                "",
                Ty::new(e, vec![rows, nn]),
            );
            let mut dims = batch.clone();
            dims.extend([m, nn]);
            self.b.reshape(&p, &dims)
        } else {
            let mut da = batch.clone();
            da.extend([m, k]);
            let mut dc = batch.clone();
            dc.extend([k2, nn]);
            let ea = self.b.expand(&a2, &da);
            let ec = self.b.expand(&c2, &dc);
            let mut dims = batch.clone();
            dims.extend([m, nn]);
            self.b.op("graph.matmul", &[&ea, &ec], "", Ty::new(e, dims))
        };
        let mut dims = y.ty.dims.clone();
        if rc == 1 {
            dims.pop();
        }
        if ra == 1 {
            let l = dims.len();
            dims.remove(l - if rc == 1 { 1 } else { 2 });
        }
        if dims != y.ty.dims {
            y = self.b.reshape(&y, &dims);
        }
        Ok(y)
    }

    fn gemm(&mut self, n: &Node) -> R<()> {
        let a = self.input(n, 0)?;
        let bm = self.input(n, 1)?;
        let c = self.opt_input(n, 2)?;
        let alpha = n.float("alpha", 1.0)? as f64;
        let beta = n.float("beta", 1.0)? as f64;
        let ta = n.int("transA", 0)? != 0;
        let tb = n.int("transB", 0)? != 0;
        if a.ty.rank() != 2 || bm.ty.rank() != 2 {
            return Err(n.error(format!(
                "A and B must be matrices, not {} and {}",
                a.ty, bm.ty
            )));
        }
        let e = a.ty.elem;
        if !e.is_float() && (alpha.fract() != 0.0 || beta.fract() != 0.0) {
            return Err(n.error("fractional alpha or beta with integer operands is not supported"));
        }
        let t = |s: &mut Self, x: &V, yes: bool| {
            if yes {
                let d = vec![x.ty.dims[1], x.ty.dims[0]];
                s.transpose(x, &[1, 0], d)
            } else {
                x.clone()
            }
        };
        let a = t(self, &a, ta);
        let bm = t(self, &bm, tb);
        let mut y = self.matmul(n, a, bm)?;
        let dims = y.ty.dims.clone();
        if alpha != 1.0 {
            need_static(n, &y, "Gemm's alpha")?;
            let s = self.b.splat(e, alpha, &dims);
            y = self.b.op("graph.mul", &[&y, &s], "", y.ty.clone());
        }
        if let Some(c) = c {
            if beta != 0.0 {
                let bd = broadcast_shapes(&c.ty.dims, &dims).map_err(|m| n.error(m))?;
                if bd != dims {
                    return Err(n.error(format!(
                        "C ({}) does not broadcast to the result {}",
                        c.ty, y.ty
                    )));
                }
                let mut c = self.b.expand(&c, &dims);
                if beta != 1.0 {
                    let s = self.b.splat(e, beta, &dims);
                    c = self.b.op("graph.mul", &[&c, &s], "", c.ty.clone());
                }
                y = self.b.op("graph.add", &[&y, &c], "", y.ty.clone());
            }
        }
        self.out(n, 0, y);
        Ok(())
    }

    fn slice(&mut self, n: &Node) -> R<()> {
        let x = self.input(n, 0)?;
        need_static(n, &x, "Slice")?;
        let starts = self
            .const_ints(n, 1, "starts")?
            .ok_or_else(|| n.error("input 1 (starts) is missing"))?;
        let ends = self
            .const_ints(n, 2, "ends")?
            .ok_or_else(|| n.error("input 2 (ends) is missing"))?;
        let r = x.ty.rank();
        let axes = match self.const_ints(n, 3, "axes")? {
            Some(a) => a,
            None => (0..starts.len() as i64).collect(),
        };
        let steps = self
            .const_ints(n, 4, "steps")?
            .unwrap_or_else(|| vec![1; starts.len()]);
        if ends.len() != starts.len() || axes.len() != starts.len() || steps.len() != starts.len() {
            return Err(n.error("starts, ends, axes and steps differ in length"));
        }
        let mut start = vec![0i64; r];
        let mut stride = vec![1i64; r];
        let mut dims = x.ty.dims.clone();
        let mut seen = vec![false; r];
        let mut backwards: Vec<(usize, Vec<i64>)> = Vec::new();
        for i in 0..starts.len() {
            let a = norm_axis(n, axes[i], r)?;
            if std::mem::replace(&mut seen[a], true) {
                return Err(n.error(format!("axis {a} is repeated")));
            }
            let d = x.ty.dims[a];
            let step = steps[i];
            if step == 0 {
                return Err(n.error("step 0 is invalid"));
            }
            if step < 0 {
                // Backwards: the indices it visits, gathered after the forward slices.
                let st = if starts[i] < 0 {
                    starts[i].saturating_add(d)
                } else {
                    starts[i]
                };
                let en = if ends[i] < 0 {
                    ends[i].saturating_add(d)
                } else {
                    ends[i]
                };
                let (mut k, en) = (st.clamp(-1, d - 1), en.clamp(-1, d - 1));
                if (k - en) / -step > SMALL {
                    return Err(n.error("a backwards slice this long is not supported"));
                }
                let mut idx = Vec::new();
                while k > en {
                    idx.push(k);
                    k = k.saturating_add(step);
                }
                backwards.push((a, idx));
                continue;
            }
            let clamp = |v: i64| {
                let v = if v < 0 { v.saturating_add(d) } else { v };
                v.clamp(0, d)
            };
            let (s, e) = (clamp(starts[i]), clamp(ends[i]));
            let size = if e > s { (e - s + step - 1) / step } else { 0 };
            start[a] = if size == 0 { 0 } else { s };
            stride[a] = step;
            dims[a] = size;
        }
        let mut y = if dims == x.ty.dims {
            x.clone()
        } else {
            self.b.op(
                "graph.slice",
                &[&x],
                &format!(
                    "start = {}, strides = {}",
                    i64_array(&start),
                    i64_array(&stride)
                ),
                x.ty.with_dims(dims),
            )
        };
        for (a, idx) in backwards {
            let mut dims = y.ty.dims.clone();
            dims[a] = idx.len() as i64;
            let t = Tensor::ints(Ty::new(Elem::I64, vec![idx.len() as i64]), idx);
            let iv = self.b.constant(&t);
            y = self.b.op(
                "graph.gather",
                &[&y, &iv],
                &format!("axis = {a} : i64"),
                y.ty.with_dims(dims),
            );
        }
        self.out(n, 0, y);
        Ok(())
    }

    /// Gather as `graph.gather`. Constant indices are checked here (ONNX makes
    /// an out-of-range index an error); run-time ones out of range are clamped
    /// by every backend (graph.gather's definition).
    fn gather(&mut self, n: &Node) -> R<()> {
        let x = self.input(n, 0)?;
        let r = x.ty.rank();
        if r == 0 {
            return Err(n.error("input must have rank 1 or more"));
        }
        let axis = norm_axis(n, n.int("axis", 0)?, r)?;
        let name = n
            .input(1)
            .ok_or_else(|| n.error("input 1 (indices) is missing"))?;
        let d = x.ty.dims[axis];
        if let (Some(t), true) = (self.konst(name), d != DYN) {
            let bad = t
                .as_ints()
                .and_then(|v| v.iter().find(|&&i| i < -d || i >= d));
            if let Some(i) = bad {
                return Err(n.error(format!(
                    "index {i} is out of range for a dimension of size {d}"
                )));
            }
        }
        let idx = self.input(n, 1)?;
        if !matches!(idx.ty.elem, Elem::I32 | Elem::I64) {
            return Err(n.error(format!(
                "indices of element type {} are not supported (int32 or int64)",
                idx.ty.elem.mlir()
            )));
        }
        let mut dims: Vec<i64> = x.ty.dims[..axis].to_vec();
        dims.extend(&idx.ty.dims);
        dims.extend(&x.ty.dims[axis + 1..]);
        let y = self.b.op(
            "graph.gather",
            &[&x, &idx],
            &format!("axis = {axis} : i64"),
            x.ty.with_dims(dims),
        );
        self.out(n, 0, y);
        Ok(())
    }

    /// The axes a Reduce* node reduces (sorted, unique); `None` when it is a
    /// no-op (empty axes with `noop_with_empty_axes`).
    pub(crate) fn reduce_axes(&mut self, n: &Node, x: &V) -> R<Option<Vec<usize>>> {
        // ReduceSum takes its axes as an input from opset 13, the others from 18.
        let axes_input = n.opset >= if n.op() == "ReduceSum" { 13 } else { 18 };
        let axes = if axes_input {
            self.const_ints(n, 1, "axes")?
        } else {
            n.ints("axes")?
        };
        let noop = axes_input && n.int("noop_with_empty_axes", 0)? != 0;
        let r = x.ty.rank();
        let mut axes: Vec<usize> = match axes {
            Some(a) if !a.is_empty() => a.iter().map(|&a| norm_axis(n, a, r)).collect::<R<_>>()?,
            _ if noop => return Ok(None),
            _ => (0..r).collect(),
        };
        axes.sort();
        axes.dedup();
        Ok(Some(axes))
    }

    /// `name` (a graph reduction) of `x` over `axes`, kept as size-1 dims when `keep`.
    pub(crate) fn reduce_op(&mut self, name: &str, x: &V, axes: &[usize], keep: bool) -> V {
        let r = x.ty.rank();
        let kept: Vec<i64> = (0..r)
            .filter(|i| !axes.contains(i))
            .map(|i| x.ty.dims[i])
            .collect();
        let a64: Vec<i64> = axes.iter().map(|&a| a as i64).collect();
        let mut y = if axes.is_empty() {
            x.clone()
        } else {
            self.b.op(
                name,
                &[x],
                &format!("axes = {}", i64_array(&a64)),
                x.ty.with_dims(kept),
            )
        };
        if keep {
            let dims: Vec<i64> = (0..r)
                .map(|i| if axes.contains(&i) { 1 } else { x.ty.dims[i] })
                .collect();
            y = self.b.reshape(&y, &dims);
        }
        y
    }

    /// Every Reduce* op: sum, max and mean directly, the others composed.
    pub(crate) fn reduce(&mut self, n: &Node) -> R<()> {
        let x = self.input(n, 0)?;
        let op = n.op().to_string();
        let keep = n.int("keepdims", 1)? != 0;
        let Some(axes) = self.reduce_axes(n, &x)? else {
            // Reduce* with no axes and noop_with_empty_axes is the identity, except
            // that the element-wise part of the composed ones still applies.
            let y = match op.as_str() {
                "ReduceL1" => self.un("graph.abs", &x),
                "ReduceSumSquare" => self.bin("graph.mul", &x, &x),
                "ReduceL2" => {
                    let sq = self.bin("graph.mul", &x, &x);
                    self.un("graph.sqrt", &sq)
                }
                "ReduceLogSum" => self.un("graph.log", &x),
                _ => x,
            };
            self.out(n, 0, y);
            return Ok(());
        };
        if x.ty.elem == Elem::Bool {
            return Err(n.error("element type i1 is not supported"));
        }
        let float = !matches!(
            op.as_str(),
            "ReduceSum" | "ReduceMax" | "ReduceSumSquare" | "ReduceL1"
        );
        if float {
            float_only(n, &x)?;
        }
        let y = match op.as_str() {
            "ReduceSum" => self.reduce_op("graph.reduce_sum", &x, &axes, keep),
            "ReduceMax" => self.reduce_op("graph.reduce_max", &x, &axes, keep),
            "ReduceMean" => self.reduce_op("graph.reduce_mean", &x, &axes, keep),
            "ReduceMin" => {
                // min = -max(-x): exact for floats (negation is exact).
                let nx = self.un("graph.neg", &x);
                let m = self.reduce_op("graph.reduce_max", &nx, &axes, keep);
                self.un("graph.neg", &m)
            }
            "ReduceL1" => {
                let a = self.un("graph.abs", &x);
                self.reduce_op("graph.reduce_sum", &a, &axes, keep)
            }
            "ReduceSumSquare" => {
                let sq = self.bin("graph.mul", &x, &x);
                self.reduce_op("graph.reduce_sum", &sq, &axes, keep)
            }
            "ReduceL2" => {
                let sq = self.bin("graph.mul", &x, &x);
                let s = self.reduce_op("graph.reduce_sum", &sq, &axes, keep);
                self.un("graph.sqrt", &s)
            }
            "ReduceLogSum" => {
                let s = self.reduce_op("graph.reduce_sum", &x, &axes, keep);
                self.un("graph.log", &s)
            }
            _ => {
                // ReduceLogSumExp as m + log(sum(exp(x - m))), m the max (stable).
                need_static(n, &x, &op)?;
                let m = self.reduce_op("graph.reduce_max", &x, &axes, true);
                let mb = self.b.expand(&m, &x.ty.dims);
                let d = self.bin("graph.sub", &x, &mb);
                let e = self.un("graph.exp", &d);
                let s = self.reduce_op("graph.reduce_sum", &e, &axes, true);
                let l = self.un("graph.log", &s);
                let y = self.bin("graph.add", &l, &m);
                if keep {
                    y
                } else {
                    let dims: Vec<i64> = (0..x.ty.rank())
                        .filter(|i| !axes.contains(i))
                        .map(|i| x.ty.dims[i])
                        .collect();
                    self.b.reshape(&y, &dims)
                }
            }
        };
        self.out(n, 0, y);
        Ok(())
    }

    fn layer_norm(&mut self, n: &Node) -> R<()> {
        let x = self.input(n, 0)?;
        let scale = self.input(n, 1)?;
        let bias = self.opt_input(n, 2)?;
        float_only(n, &x)?;
        need_static(n, &x, "LayerNormalization")?;
        let r = x.ty.rank();
        let axis = norm_axis(n, n.int("axis", -1)?, r)?;
        let eps = n.float("epsilon", 1e-5)?;
        let stash = n.int("stash_type", 1)?;
        if stash != 1 {
            return Err(n.error(format!(
                "stash_type {stash} is not supported (only 1, float)"
            )));
        }
        let norm: Vec<i64> = x.ty.dims[axis..].to_vec();
        let fit = |s: &mut Self, v: &V, what: &str| -> R<V> {
            if v.ty.elem != x.ty.elem {
                return Err(n.error(format!(
                    "{what} has element type {}, X has {}",
                    v.ty.elem.mlir(),
                    x.ty.elem.mlir()
                )));
            }
            let d = broadcast_shapes(&v.ty.dims, &norm).map_err(|m| n.error(m))?;
            if d != norm {
                return Err(n.error(format!(
                    "{what} ({}) does not broadcast to the normalized shape {}",
                    v.ty,
                    dims_str(&norm)
                )));
            }
            Ok(s.b.expand(v, &norm))
        };
        let scale = fit(self, &scale, "Scale")?;
        let bias = match bias {
            Some(b) => fit(self, &b, "B")?,
            None => self.b.splat(x.ty.elem, 0.0, &norm),
        };
        let mut stat = x.ty.dims.clone();
        for d in &mut stat[axis..] {
            *d = 1;
        }
        let ys = self.b.ops(
            "graph.layer_norm",
            &[&x, &scale, &bias],
            &format!("axis = {axis} : i64, epsilon = {} : f32", f32_literal(eps)),
            &[
                x.ty.clone(),
                x.ty.with_dims(stat.clone()),
                x.ty.with_dims(stat),
            ],
        );
        for (i, y) in ys.into_iter().enumerate() {
            self.out(n, i, y);
        }
        Ok(())
    }
}

/// An f32 as an MLIR float literal that reads back exactly.
pub fn f32_literal(x: f32) -> String {
    let s = format!("{x:e}");
    // `1e-5` is not MLIR syntax; `1.0e-5` is.
    match s.split_once('e') {
        Some((m, e)) if !m.contains('.') => format!("{m}.0e{e}"),
        _ => s,
    }
}
