//! Writes graph-dialect ops in MLIR's generic form (the operand and property
//! names docs/architecture.md §3 fixes for frontends); xir then parses, verifies and
//! prints the module in its custom form.
//!
//! Converters build ops through the typed methods here (`unary`, `binary`,
//! `compare`, `matmul`, `slice`, ...): each knows its op's name, properties
//! and result type, so no converter spells an op name or a property.

use crate::tensor::Tensor;
use crate::types::{ElementType, Ty};

/// An SSA value of the function being written.
#[derive(Clone, Debug)]
pub struct V {
    pub ssa: String,
    pub ty: Ty,
}

#[derive(Default)]
pub struct Builder {
    pub lines: Vec<String>,
    next: usize,
    /// `loc("...")` of the node being converted.
    loc: String,
    /// For an import in process ([`crate::import_into`]): the elements of
    /// each large constant, written as `dense_resource<__onnx_N>` (N its
    /// index here) instead of hex text, as xir stores them.
    pub resources: Option<Vec<bytes::Bytes>>,
}

/// Constants of more elements than this are resources when the builder
/// keeps them ([`Builder::resources`]); a splat never is.
pub const RESOURCE_MIN: usize = 64;

/// The handle prefix of the importer's resources (`__onnx_N`).
pub const RESOURCE_PREFIX: &str = "__onnx_";

/// `s` as the inside of an MLIR string literal.
pub fn escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The graph ops of one operand whose result has the operand's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unary {
    Neg,
    Relu,
    Abs,
    Exp,
    Tanh,
    Sqrt,
    Log,
    Sigmoid,
    Erf,
    Sin,
    Cos,
    Not,
}

impl Unary {
    pub fn name(self) -> &'static str {
        match self {
            Unary::Neg => "graph.neg",
            Unary::Relu => "graph.relu",
            Unary::Abs => "graph.abs",
            Unary::Exp => "graph.exp",
            Unary::Tanh => "graph.tanh",
            Unary::Sqrt => "graph.sqrt",
            Unary::Log => "graph.log",
            Unary::Sigmoid => "graph.sigmoid",
            Unary::Erf => "graph.erf",
            Unary::Sin => "graph.sin",
            Unary::Cos => "graph.cos",
            Unary::Not => "graph.not",
        }
    }
}

/// The elementwise graph ops of two same-typed operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binary {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Min,
    Pow,
    And,
    Or,
    Xor,
}

impl Binary {
    pub fn name(self) -> &'static str {
        match self {
            Binary::Add => "graph.add",
            Binary::Sub => "graph.sub",
            Binary::Mul => "graph.mul",
            Binary::Div => "graph.div",
            Binary::Max => "graph.max",
            Binary::Min => "graph.min",
            Binary::Pow => "graph.pow",
            Binary::And => "graph.and",
            Binary::Or => "graph.or",
            Binary::Xor => "graph.xor",
        }
    }
}

/// `graph.compare`'s predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pred {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Pred {
    pub fn name(self) -> &'static str {
        match self {
            Pred::Eq => "eq",
            Pred::Ne => "ne",
            Pred::Lt => "lt",
            Pred::Le => "le",
            Pred::Gt => "gt",
            Pred::Ge => "ge",
        }
    }
}

/// The graph reductions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    Sum,
    Max,
    Mean,
}

impl Reduction {
    pub fn name(self) -> &'static str {
        match self {
            Reduction::Sum => "graph.reduce_sum",
            Reduction::Max => "graph.reduce_max",
            Reduction::Mean => "graph.reduce_mean",
        }
    }
}

/// The geometry of a window op along its spatial dims: `graph.window`'s own.
pub use xir_graph::window::Window;

/// A window's `strides = ..., dilations = ..., pads = ...` properties.
fn window_props(w: &Window) -> String {
    format!(
        "strides = {}, dilations = {}, pads = {}",
        i64_array(&w.strides),
        i64_array(&w.dilations),
        i64_array(&w.pads)
    )
}

/// What `graph.resize` does besides its scales (`graph.resize`'s
/// properties; the names are ONNX's).
#[derive(Clone, Debug, PartialEq)]
pub struct Interpolation {
    pub mode: String,
    pub coordinate_transformation_mode: String,
    pub nearest_mode: String,
    pub cubic_coeff_a: f32,
    pub exclude_outside: bool,
}

/// `array<i64: 1, 2>`.
pub fn i64_array(v: &[i64]) -> String {
    if v.is_empty() {
        return "array<i64>".into();
    }
    let items: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("array<i64: {}>", items.join(", "))
}

impl Builder {
    pub fn set_loc(&mut self, name: &str) {
        self.loc = format!("loc(\"{}\")", escape(name));
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next - 1)
    }

    /// One op with `props` (the inside of `<{...}>`, or empty); its results.
    fn ops(&mut self, name: &str, operands: &[&V], props: &str, results: &[Ty]) -> Vec<V> {
        self.ops_given(name, operands, &[], props, results)
    }

    /// As `ops`, with trailing `index` operands (`given`: a reshape's,
    /// broadcast's or slice's dynamic result dims).
    fn ops_given(
        &mut self,
        name: &str,
        operands: &[&V],
        given: &[String],
        props: &str,
        results: &[Ty],
    ) -> Vec<V> {
        let id = self.fresh();
        let lhs = match results.len() {
            0 => String::new(),
            1 => format!("{id} = "),
            n => format!("{id}:{n} = "),
        };
        let mut args: Vec<&str> = operands.iter().map(|v| v.ssa.as_str()).collect();
        args.extend(given.iter().map(String::as_str));
        let mut arg_tys: Vec<String> = operands.iter().map(|v| v.ty.to_string()).collect();
        arg_tys.extend(given.iter().map(|_| "index".to_string()));
        let res_tys: Vec<String> = results.iter().map(Ty::to_string).collect();
        let props = if props.is_empty() {
            String::new()
        } else {
            format!(" <{{{props}}}>")
        };
        let res = if results.len() == 1 {
            res_tys[0].clone()
        } else {
            format!("({})", res_tys.join(", "))
        };
        self.lines.push(format!(
            "    {lhs}\"{name}\"({}){props} : ({}) -> {res} {}",
            args.join(", "),
            arg_tys.join(", "),
            self.loc
        ));
        match results.len() {
            1 => vec![V {
                ssa: id,
                ty: results[0].clone(),
            }],
            _ => results
                .iter()
                .enumerate()
                .map(|(i, t)| V {
                    ssa: format!("{id}#{i}"),
                    ty: t.clone(),
                })
                .collect(),
        }
    }

    fn op(&mut self, name: &str, operands: &[&V], props: &str, result: Ty) -> V {
        self.ops(name, operands, props, &[result]).pop().unwrap()
    }

    /// One op of one result with given dims.
    fn op_given(&mut self, name: &str, x: &V, given: &[String], props: &str, result: Ty) -> V {
        self.ops_given(name, &[x], given, props, &[result])
            .pop()
            .unwrap()
    }

    /// A scalar op on `index` values; its SSA name.
    fn index_op(
        &mut self,
        name: &str,
        operands: &[&str],
        props: &str,
        operand_tys: &str,
    ) -> String {
        let id = self.fresh();
        let props = if props.is_empty() {
            String::new()
        } else {
            format!(" <{{{props}}}>")
        };
        self.lines.push(format!(
            "    {id} = \"{name}\"({}){props} : ({operand_tys}) -> index {}",
            operands.join(", "),
            self.loc
        ));
        id
    }

    /// `graph.dim` `k` of `x`: an `index`.
    pub fn dim(&mut self, x: &V, k: usize) -> String {
        let ty = x.ty.to_string();
        self.index_op("graph.dim", &[&x.ssa], &format!("index = {k} : i64"), &ty)
    }

    /// `graph.extract` of a one-element integer tensor: its value, read by
    /// the host, as an `index` (a size known only from data).
    pub fn extract(&mut self, x: &V) -> String {
        let ty = x.ty.to_string();
        self.index_op("graph.extract", &[&x.ssa], "", &ty)
    }

    pub fn index_const(&mut self, c: i64) -> String {
        self.index_op("arith.constant", &[], &format!("value = {c} : index"), "")
    }

    /// `arith.<op>i` (`addi`, `subi`, `muli`, `divsi`) of two `index` values.
    pub fn index_binary(&mut self, op: &str, a: &str, c: &str) -> String {
        self.index_op(&format!("arith.{op}"), &[a, c], "", "index, index")
    }

    /// `v` reshaped to `dims`, its `?` given by `given` in order.
    pub fn reshape_given(&mut self, v: &V, dims: &[i64], given: &[String]) -> V {
        if given.is_empty() {
            return self.reshape(v, dims);
        }
        self.op_given("graph.reshape", v, given, "", v.ty.with_dims(dims.to_vec()))
    }

    /// `graph.broadcast` of `v` to `result` (dim `i` becoming `map[i]`), its
    /// `?` given by `given` in order.
    pub fn broadcast_given(&mut self, v: &V, map: &[i64], result: Ty, given: &[String]) -> V {
        let props = format!("dimensions = {}", i64_array(map));
        self.op_given("graph.broadcast", v, given, &props, result)
    }

    /// `slice` with its result's `?` given by `given` in order.
    pub fn slice_given(
        &mut self,
        x: &V,
        start: &[i64],
        strides: &[i64],
        dims: Vec<i64>,
        given: &[String],
    ) -> V {
        let props = format!(
            "start = {}, strides = {}",
            i64_array(start),
            i64_array(strides)
        );
        self.op_given("graph.slice", x, given, &props, x.ty.with_dims(dims))
    }

    /// `graph.iota`: elements equal to their index along `dimension`, of
    /// type `ty` (its `?` given by `given` in order).
    pub fn iota(&mut self, ty: &Ty, dimension: usize, given: &[String]) -> V {
        let props = format!("dimension = {dimension} : i64");
        self.ops_given("graph.iota", &[], given, &props, std::slice::from_ref(ty))
            .pop()
            .unwrap()
    }

    /// A constant located at `name` (an initializer's), whatever node is
    /// being converted.
    pub fn constant_at(&mut self, t: &Tensor, name: &str) -> V {
        let saved = std::mem::take(&mut self.loc);
        self.set_loc(name);
        let v = self.constant(t);
        self.loc = saved;
        v
    }

    pub fn constant(&mut self, t: &Tensor) -> V {
        let value = match &mut self.resources {
            Some(res) if t.len() > RESOURCE_MIN && !t.is_splat() => {
                let s = format!("dense_resource<{RESOURCE_PREFIX}{}> : {}", res.len(), t.ty);
                res.push(t.storage());
                s
            }
            _ => t.dense_attr(),
        };
        self.op(
            "graph.constant",
            &[],
            &format!("value = {value}"),
            t.ty.clone(),
        )
    }

    /// A constant of shape `dims` with every element `x`.
    pub fn splat(&mut self, elem: ElementType, x: f64, dims: &[i64]) -> V {
        let data = if elem.is_float() {
            crate::tensor::Data::F(vec![x])
        } else {
            crate::tensor::Data::I(vec![x as i64])
        };
        self.splat_of(data, Ty::new(elem, dims.to_vec()))
    }

    /// A constant of type `ty` with every element the one value in `data`,
    /// written without materializing the elements.
    pub fn splat_of(&mut self, data: crate::tensor::Data, ty: Ty) -> V {
        let one = Tensor {
            ty: ty.with_dims(vec![]),
            data,
        };
        let attr = one.dense_attr();
        let body = attr.rsplit_once(" : ").map_or(attr.as_str(), |(b, _)| b);
        let value = if ty.numel() == Some(0) {
            "dense<>".to_string()
        } else {
            body.to_string()
        };
        self.op(
            "graph.constant",
            &[],
            &format!("value = {value} : {ty}"),
            ty,
        )
    }

    /// `v` with the same elements in a tensor of `dims` (`v` itself when
    /// they are its dims).
    pub fn reshape(&mut self, v: &V, dims: &[i64]) -> V {
        if v.ty.dims == dims {
            return v.clone();
        }
        self.op("graph.reshape", &[v], "", v.ty.with_dims(dims.to_vec()))
    }

    /// `v` broadcast numpy-style (right-aligned) to `dims`.
    pub fn expand(&mut self, v: &V, dims: &[i64]) -> V {
        if v.ty.dims == dims {
            return v.clone();
        }
        let off = (dims.len() - v.ty.rank()) as i64;
        let map: Vec<i64> = (0..v.ty.rank() as i64).map(|i| i + off).collect();
        self.broadcast(v, &map, v.ty.with_dims(dims.to_vec()))
    }

    /// `v` broadcast to `result`, dim `i` of `v` becoming dim `map[i]`.
    pub fn broadcast(&mut self, v: &V, map: &[i64], result: Ty) -> V {
        self.op(
            "graph.broadcast",
            &[v],
            &format!("dimensions = {}", i64_array(map)),
            result,
        )
    }

    /// `f(x)`, of `x`'s type.
    pub fn unary(&mut self, f: Unary, x: &V) -> V {
        self.op(f.name(), &[x], "", x.ty.clone())
    }

    /// `f(a, c)` of two operands of one shape, of `a`'s type.
    pub fn binary(&mut self, f: Binary, a: &V, c: &V) -> V {
        self.op(f.name(), &[a, c], "", a.ty.clone())
    }

    /// `a pred c` of two operands of one shape: bools of their shape.
    pub fn compare(&mut self, pred: Pred, a: &V, c: &V) -> V {
        self.op(
            "graph.compare",
            &[a, c],
            &format!("predicate = \"{}\"", pred.name()),
            a.ty.with_elem(ElementType::I1),
        )
    }

    /// `cond ? a : c` elementwise, all of one shape.
    pub fn select(&mut self, cond: &V, a: &V, c: &V) -> V {
        self.op("graph.select", &[cond, a, c], "", a.ty.clone())
    }

    /// `data` with row `indices[j]` of axis 0 set to (or combined by
    /// `reduction` with) `updates[j]`, in order: `graph.scatter`.
    pub fn scatter(&mut self, data: &V, indices: &V, updates: &V, reduction: &str) -> V {
        self.op(
            "graph.scatter",
            &[data, indices, updates],
            &format!("reduction = \"{reduction}\""),
            data.ty.clone(),
        )
    }

    /// `x` converted to `elem`.
    pub fn cast(&mut self, x: &V, elem: ElementType) -> V {
        self.op("graph.cast", &[x], "", x.ty.with_elem(elem))
    }

    /// `[b..., m, k] x [b..., k, n]` (the batch dims equal).
    pub fn matmul(&mut self, a: &V, c: &V) -> V {
        let mut dims = a.ty.dims.clone();
        *dims.last_mut().expect("a matrix") = *c.ty.dims.last().expect("a matrix");
        self.op("graph.matmul", &[a, c], "", a.ty.with_dims(dims))
    }

    /// `x` with its dims permuted (`x` itself for the identity).
    pub fn transpose(&mut self, x: &V, perm: &[i64]) -> V {
        if perm.iter().enumerate().all(|(i, &p)| p == i as i64) {
            return x.clone();
        }
        let dims = perm.iter().map(|&p| x.ty.dims[p as usize]).collect();
        self.op(
            "graph.transpose",
            &[x],
            &format!("permutation = {}", i64_array(perm)),
            x.ty.with_dims(dims),
        )
    }

    /// The strided window of `x` at `start` with `dims` elements per dim.
    pub fn slice(&mut self, x: &V, start: &[i64], strides: &[i64], dims: Vec<i64>) -> V {
        self.op(
            "graph.slice",
            &[x],
            &format!(
                "start = {}, strides = {}",
                i64_array(start),
                i64_array(strides)
            ),
            x.ty.with_dims(dims),
        )
    }

    /// `x`'s slices along `axis` at the indices `idx`.
    pub fn gather(&mut self, x: &V, idx: &V, axis: usize) -> V {
        let mut dims: Vec<i64> = x.ty.dims[..axis].to_vec();
        dims.extend(&idx.ty.dims);
        dims.extend(&x.ty.dims[axis + 1..]);
        self.op(
            "graph.gather",
            &[x, idx],
            &format!("axis = {axis} : i64"),
            x.ty.with_dims(dims),
        )
    }

    /// `xs` (one element type) joined along `axis` into a tensor of `dims`.
    pub fn concat(&mut self, xs: &[V], axis: usize, dims: Vec<i64>) -> V {
        let refs: Vec<&V> = xs.iter().collect();
        self.op(
            "graph.concat",
            &refs,
            &format!("axis = {axis} : i64"),
            xs[0].ty.with_dims(dims),
        )
    }

    /// `f` of `x` over `axes` (sorted, unique, not empty), which are dropped.
    pub fn reduce(&mut self, f: Reduction, x: &V, axes: &[usize]) -> V {
        let kept: Vec<i64> = (0..x.ty.rank())
            .filter(|i| !axes.contains(i))
            .map(|i| x.ty.dims[i])
            .collect();
        let a64: Vec<i64> = axes.iter().map(|&a| a as i64).collect();
        self.op(
            f.name(),
            &[x],
            &format!("axes = {}", i64_array(&a64)),
            x.ty.with_dims(kept),
        )
    }

    /// Softmax (or its log) of `x` along `axis`.
    pub fn softmax(&mut self, x: &V, axis: usize, log: bool) -> V {
        let name = if log {
            "graph.log_softmax"
        } else {
            "graph.softmax"
        };
        self.op(name, &[x], &format!("axis = {axis} : i64"), x.ty.clone())
    }

    /// GELU of `x`, `approximate` "none" or "tanh".
    pub fn gelu(&mut self, x: &V, approximate: &str) -> V {
        self.op(
            "graph.gelu",
            &[x],
            &format!("approximate = \"{approximate}\""),
            x.ty.clone(),
        )
    }

    /// Layer normalization of `x` over the dims from `axis` on (scale and
    /// bias of those dims): the result, the mean and the inverse standard
    /// deviation (those two with size 1 over the normalized dims).
    pub fn layer_norm(&mut self, x: &V, scale: &V, bias: &V, axis: usize, eps: f32) -> Vec<V> {
        let mut stat = x.ty.dims.clone();
        for d in &mut stat[axis..] {
            *d = 1;
        }
        self.ops(
            "graph.layer_norm",
            &[x, scale, bias],
            &format!("axis = {axis} : i64, epsilon = {} : f32", f32_literal(eps)),
            &[
                x.ty.clone(),
                x.ty.with_dims(stat.clone()),
                x.ty.with_dims(stat),
            ],
        )
    }

    /// The convolution of `x` `[N, C, D...]` with `filter` `[M, C/groups,
    /// K...]` over `w`, plus `bias` `[M]`: a `result`.
    pub fn conv(
        &mut self,
        x: &V,
        filter: &V,
        bias: Option<&V>,
        w: &Window,
        groups: i64,
        result: Ty,
    ) -> V {
        let mut operands = vec![x, filter];
        operands.extend(bias);
        self.op(
            "graph.conv",
            &operands,
            &format!("{}, groups = {groups} : i64", window_props(w)),
            result,
        )
    }

    /// The transposed convolution of `x` `[N, C, D...]` with `filter` `[C,
    /// M/groups, K...]` over `w` (its pads cropping the result) and
    /// `output_padding`, plus `bias` `[M]`: a `result`.
    #[allow(clippy::too_many_arguments)]
    pub fn conv_transpose(
        &mut self,
        x: &V,
        filter: &V,
        bias: Option<&V>,
        w: &Window,
        output_padding: &[i64],
        groups: i64,
        result: Ty,
    ) -> V {
        let mut operands = vec![x, filter];
        operands.extend(bias);
        self.op(
            "graph.conv_transpose",
            &operands,
            &format!(
                "{}, output_padding = {}, groups = {groups} : i64",
                window_props(w),
                i64_array(output_padding)
            ),
            result,
        )
    }

    /// Max pooling of `x` over `w` (`ceil`: the output sizes rounded up).
    pub fn max_pool(&mut self, x: &V, w: &Window, ceil: bool, result: Ty) -> V {
        self.op(
            "graph.max_pool",
            &[x],
            &format!(
                "kernel_shape = {}, {}, ceil_mode = {} : i64",
                i64_array(&w.kernel),
                window_props(w),
                ceil as i64
            ),
            result,
        )
    }

    /// Average pooling of `x` over `w`, dividing by the window positions in
    /// the input, or also those in the padding (`count_include_pad`).
    pub fn avg_pool(
        &mut self,
        x: &V,
        w: &Window,
        ceil: bool,
        count_include_pad: bool,
        result: Ty,
    ) -> V {
        self.op(
            "graph.avg_pool",
            &[x],
            &format!(
                "kernel_shape = {}, {}, ceil_mode = {} : i64, count_include_pad = {} : i64",
                i64_array(&w.kernel),
                window_props(w),
                ceil as i64,
                count_include_pad as i64
            ),
            result,
        )
    }

    /// `x` padded by `pads` (before each dim, then after each; negative
    /// ones crop) in `mode`, with `value` (0-d, mode "constant"; 0 when
    /// absent).
    pub fn pad(&mut self, x: &V, value: Option<&V>, pads: &[i64], mode: &str) -> V {
        let r = x.ty.rank();
        let dims = (0..r)
            .map(|i| match x.ty.dims[i] {
                crate::types::DYN => crate::types::DYN,
                d => d + pads[i] + pads[r + i],
            })
            .collect();
        let mut operands = vec![x];
        operands.extend(value);
        self.op(
            "graph.pad",
            &operands,
            &format!("pads = {}, mode = \"{mode}\"", i64_array(pads)),
            x.ty.with_dims(dims),
        )
    }

    /// `x` resized to `dims` by `scales` (one per dim) as `how` says.
    pub fn resize(&mut self, x: &V, scales: &[f64], how: &Interpolation, dims: Vec<i64>) -> V {
        self.op(
            "graph.resize",
            &[x],
            &format!(
                "scales = {}, mode = \"{}\", coordinate_transformation_mode = \"{}\", nearest_mode = \"{}\", cubic_coeff_a = {} : f32, exclude_outside = {} : i64",
                f64_array(scales),
                how.mode,
                how.coordinate_transformation_mode,
                how.nearest_mode,
                f32_literal(how.cubic_coeff_a),
                how.exclude_outside as i64
            ),
            x.ty.with_dims(dims),
        )
    }

    /// `v` pinned to `device` (`graph.on_device`).
    pub fn on_device(&mut self, v: &V, device: &str) -> V {
        self.op(
            "graph.on_device",
            &[v],
            &format!("affinity = #device.promise<@{device}>"),
            v.ty.clone(),
        )
    }
}

/// `array<f64: 2.0, 0.5>` (each value reads back exactly).
pub fn f64_array(v: &[f64]) -> String {
    if v.is_empty() {
        return "array<f64>".into();
    }
    let items: Vec<String> = v.iter().map(|&x| f64_literal(x)).collect();
    format!("array<f64: {}>", items.join(", "))
}

/// An f64 as an MLIR float literal that reads back exactly.
pub fn f64_literal(x: f64) -> String {
    mantissa_with_point(format!("{x:e}"))
}

/// An f32 as an MLIR float literal that reads back exactly.
pub fn f32_literal(x: f32) -> String {
    mantissa_with_point(format!("{x:e}"))
}

/// `1e-5` is not MLIR syntax; `1.0e-5` is.
fn mantissa_with_point(s: String) -> String {
    match s.split_once('e') {
        Some((m, e)) if !m.contains('.') => format!("{m}.0e{e}"),
        _ => s,
    }
}
