//! A kernel-dialect function read into plain data: its index arithmetic,
//! its buffers and its stages, with each body as a small list of scalar
//! operations ([`BodyOp`]). Nothing here depends on Cranelift.

use std::sync::Arc;
use xir::types::TypeKind;
use xir::{Context, Type};
use xir_runtime_hal::Error;

/// The element type of a plan's buffers and body values, read from a kernel's
/// types by [`plan_elem`]: always signless (a plan computes with signless
/// integers, the sign being in its ops), so a backend matches on the plain
/// constants ([`ElementType::I32`], [`ElementType::F32`], ...).
pub use xir_runtime_hal::ElementType;

/// The element type a plan holds for an xir scalar type: an integer
/// (signedness dropped: [`ElementType::signless`]) or float the runtime
/// stores; `None` for any other type, `index` included.
pub fn plan_elem(ctx: &Context, t: Type) -> Option<ElementType> {
    if matches!(ctx.type_kind(t), TypeKind::Index) {
        return None;
    }
    ElementType::from_type(ctx, t).map(ElementType::signless)
}

/// The element types a plan holds: what [`plan_elem`] returns.
pub const PLAN_ELEMENT_TYPES: [ElementType; 9] = [
    ElementType::I1,
    ElementType::I8,
    ElementType::I16,
    ElementType::I32,
    ElementType::I64,
    ElementType::F16,
    ElementType::BF16,
    ElementType::F32,
    ElementType::F64,
];

/// The error for an element type a plan or a backend does not handle
/// (`Unimplemented`: "unsupported element type ui8").
pub fn unsupported_element(e: ElementType) -> Error {
    Error::unimplemented(format!("unsupported element type {e}"))
}

/// `e` if a plan can hold it (one of [`PLAN_ELEMENT_TYPES`]), else
/// [`unsupported_element`]: a backend checks a plan built by hand before
/// it translates it.
pub fn check_elem(e: ElementType) -> Result<ElementType, Error> {
    if PLAN_ELEMENT_TYPES.contains(&e) {
        Ok(e)
    } else {
        Err(unsupported_element(e))
    }
}

/// An index value of the kernel: a slot of the per-dispatch scalar table.
pub type Slot = usize;

/// Index arithmetic at the top of a kernel, evaluated per dispatch.
#[derive(Clone, Debug)]
pub enum IndexOp {
    /// A constant.
    Const(i64),
    /// The kernel function's `i`-th argument (a dispatch constant).
    Arg(usize),
    /// A binary op on two earlier slots.
    Bin(IndexBin, Slot, Slot),
}

/// The binary ops of index arithmetic (overflow and division by zero are
/// errors of the dispatch).
#[derive(Clone, Copy, Debug)]
pub enum IndexBin {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// Unsigned `a / b`.
    DivU,
    /// Signed `a / b`.
    DivS,
    /// Unsigned `a % b`.
    RemU,
    /// Unsigned `ceil(a / b)`.
    CeilDivU,
    /// 1 when equal, else 0 (an `arith.cmpi eq`).
    Eq,
    /// 1 when `a <= b` (signed), else 0 (an `arith.cmpi sle`).
    LeS,
}

/// Where a buffer's bytes come from.
#[derive(Clone, Debug)]
pub enum BufferKind {
    /// The dispatch's binding `i` (inputs, then results).
    Binding(usize),
    /// Scratch memory of the dispatch, contents unspecified.
    Alloc,
    /// Read-only bytes of the compiled kernel (`kernel.constant`).
    Constant(Arc<Vec<u8>>),
    /// A view of another buffer (same bytes, other dims).
    Reshape(usize),
}

/// One memref of a kernel: where its bytes are, its element and dims.
#[derive(Clone, Debug)]
pub struct BufferPlan {
    /// Where its bytes come from.
    pub kind: BufferKind,
    /// Its element type.
    pub elem: ElementType,
    /// One slot per dim.
    pub dims: Vec<Slot>,
}

/// A linear access: element offset = Σ dims[d]·i_d + Σ symbols[s]·sym_s + constant,
/// for each result of the map (a buffer dim).
#[derive(Clone, Debug)]
pub struct Access {
    /// The buffer accessed (an index into [`KernelPlan::buffers`]).
    pub buffer: usize,
    /// Per buffer dim: (coefficient per domain dim, coefficient per symbol, constant).
    pub terms: Vec<(Vec<i64>, Vec<i64>, i64)>,
}

/// Scalar operations of a body; values are indices into the op list.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BodyOp {
    /// Input `i`'s element (for reductions the output's current value is
    /// input `inputs.len()`).
    Arg(usize),
    /// A float constant (already of the op's precision).
    ConstF(f64),
    /// An integer constant, sign-extended (`i1` true is -1).
    ConstI(i64),
    /// A binary op.
    Bin(Bin, usize, usize),
    /// Float negation.
    Neg(usize),
    /// `e^x`.
    Exp(usize),
    /// Hyperbolic tangent.
    Tanh(usize),
    /// Float `|x|` (`kernel.abs`).
    Abs(usize),
    /// Square root.
    Sqrt(usize),
    /// The natural logarithm (`kernel.log`).
    Log(usize),
    /// The error function.
    Erf(usize),
    /// `sin x` (`kernel.sin`).
    Sin(usize),
    /// `cos x` (`kernel.cos`).
    Cos(usize),
    /// C's `pow` (`kernel.pow`).
    Pow(usize, usize),
    /// `kernel.cast` from the operand's element to this op's (ONNX `Cast`).
    Cast(usize),
    /// A comparison of two values of the operands' element (the op's is
    /// `I1`): integers signed, floats ordered except `Ne` (unordered).
    Cmp(Cmp, usize, usize),
    /// `c ? a : b` on an `i1` condition.
    Select(usize, usize, usize),
    /// The current iteration's index along domain dim `d` (`kernel.index`),
    /// an `I32` (wrapping) or `I64`.
    Index(usize),
}

/// The predicate of a [`BodyOp::Cmp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

impl BodyOp {
    /// The body values this op reads.
    pub fn operands(&self) -> Vec<usize> {
        match *self {
            BodyOp::Arg(_) | BodyOp::ConstF(_) | BodyOp::ConstI(_) | BodyOp::Index(_) => vec![],
            BodyOp::Neg(a)
            | BodyOp::Exp(a)
            | BodyOp::Tanh(a)
            | BodyOp::Abs(a)
            | BodyOp::Sqrt(a)
            | BodyOp::Log(a)
            | BodyOp::Erf(a)
            | BodyOp::Sin(a)
            | BodyOp::Cos(a)
            | BodyOp::Cast(a) => vec![a],
            BodyOp::Bin(_, a, b) | BodyOp::Cmp(_, a, b) | BodyOp::Pow(a, b) => vec![a, b],
            BodyOp::Select(a, b, c) => vec![a, b, c],
        }
    }
}

/// The binary body ops; integers wrap at their width and compare signed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bin {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// `a / b` (signed for integers).
    Div,
    /// `maximumf` (NaN wins, -0 < +0) / `maxsi`.
    Max,
    /// Bitwise or.
    Or,
    /// `minimumf` (NaN wins, -0 < +0) / `minsi`.
    Min,
    /// Bitwise and.
    And,
    /// Bitwise xor.
    Xor,
}

/// A body: its ops (each with its element type) and the yielded value.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    /// The ops in order, each with its result's element type.
    pub ops: Vec<(BodyOp, ElementType)>,
    /// The op whose value is yielded.
    pub result: usize,
}

impl Body {
    /// Checks every op's element type with [`check_elem`].
    pub fn check_elems(&self) -> Result<(), Error> {
        for &(_, e) in &self.ops {
            check_elem(e)?;
        }
        Ok(())
    }
}

/// A `kernel.generic`: a loop nest over `domain` reading each input's
/// element, computing `body` and storing into `output`.
#[derive(Clone, Debug)]
pub struct GenericPlan {
    /// How each input is read.
    pub inputs: Vec<Access>,
    /// Where each result element is stored.
    pub output: Access,
    /// The loop bounds.
    pub domain: Vec<Slot>,
    /// The values of the indexing maps' symbols.
    pub symbols: Vec<Slot>,
    /// Leading parallel dims (the rest reduce).
    pub parallel: usize,
    /// Elements per vector the compiler chose (`vector_width`; 1 with reductions).
    pub lanes: u32,
    /// The scalar computation of one element.
    pub body: Body,
}

impl GenericPlan {
    /// Checks that every [`BodyOp::Index`] names a dim of the domain (a
    /// plan built by hand may not).
    pub fn check_index_dims(&self) -> Result<(), Error> {
        for &(op, _) in &self.body.ops {
            if let BodyOp::Index(d) = op {
                if d >= self.domain.len() {
                    return Err(Error::invalid_argument(format!(
                        "kernel.index dim {d} is out of range for a domain of rank {}",
                        self.domain.len()
                    )));
                }
            }
        }
        Ok(())
    }
}

/// A `kernel.matmul`: `[b…, m, k] x [b…, k, n] -> [b…, m, n]` on three
/// buffers of one element type.
#[derive(Clone, Debug)]
pub struct MatmulPlan {
    /// The left operand's buffer.
    pub lhs: usize,
    /// The right operand's buffer.
    pub rhs: usize,
    /// The result's buffer.
    pub out: usize,
    /// The element type of all three.
    pub elem: ElementType,
    /// The epilogue as a generic over the result's dims, reading the sum as
    /// input 0 and writing `out` (None: the sum is the result).
    pub epilogue: Option<GenericPlan>,
}

/// A `kernel.conv`: input `[n, c, d…]` by filter `[m, c / groups, k…]` into
/// `[n, m, o…]` (1 or 2 spatial dims), ONNX Conv's meaning.
#[derive(Clone, Debug)]
pub struct ConvPlan {
    /// The input's buffer.
    pub input: usize,
    /// The filter's buffer.
    pub filter: usize,
    /// The result's buffer.
    pub out: usize,
    /// The element type of all three.
    pub elem: ElementType,
    /// One per spatial dim.
    pub strides: Vec<i64>,
    /// One per spatial dim.
    pub dilations: Vec<i64>,
    /// Begins, then ends.
    pub pads: Vec<i64>,
    /// Channel groups.
    pub groups: i64,
    /// The epilogue, as a matmul's.
    pub epilogue: Option<GenericPlan>,
}

impl ConvPlan {
    /// The dispatch's geometry as 2-d (a 1-d conv has a unit height):
    /// `[n, c, h, w]`, `[m, kh, kw]`, `[oh, ow]`, checked against the
    /// buffers' dims and the attributes.
    pub fn geometry(&self, dims: &[Vec<i64>]) -> xir_runtime_hal::Result<ConvGeometry> {
        let (x, w, o) = (&dims[self.input], &dims[self.filter], &dims[self.out]);
        let bad = || {
            Error::invalid_argument(format!(
                "conv of {x:?} by {w:?} into {o:?} (strides {:?}, dilations {:?}, pads {:?}, groups {})",
                self.strides, self.dilations, self.pads, self.groups
            ))
        };
        let rank = x.len();
        if !(3..=4).contains(&rank) || w.len() != rank || o.len() != rank {
            return Err(bad());
        }
        let sp = rank - 2;
        if self.strides.len() != sp || self.dilations.len() != sp || self.pads.len() != 2 * sp {
            return Err(bad());
        }
        let g = self.groups;
        if g < 1
            || x[1] % g != 0
            || w[0] % g != 0
            || w[1] != x[1] / g
            || o[0] != x[0]
            || o[1] != w[0]
        {
            return Err(bad());
        }
        let window = xir_graph::window::Window {
            kernel: w[2..].to_vec(),
            strides: self.strides.clone(),
            dilations: self.dilations.clone(),
            pads: self.pads.clone(),
        };
        check_window(&window, x, o, false).map_err(|_| bad())?;
        // 1-d as 2-d: a unit height, stride, dilation and no padding.
        let two = |v: &[i64], one: i64| -> [i64; 2] {
            if sp == 1 {
                [one, v[0]]
            } else {
                [v[0], v[1]]
            }
        };
        Ok(ConvGeometry {
            n: x[0],
            c: x[1],
            h: if sp == 1 { 1 } else { x[2] },
            w: x[rank - 1],
            m: w[0],
            kh: if sp == 1 { 1 } else { w[2] },
            kw: w[rank - 1],
            oh: if sp == 1 { 1 } else { o[2] },
            ow: o[rank - 1],
            groups: g,
            stride: two(&self.strides, 1),
            dilation: two(&self.dilations, 1),
            pad: two(&self.pads[..sp], 0),
        })
    }
}

/// Checks a conv's or pool's window (sizes, strides and dilations of at
/// least 1, pads of at least 0) and that each output spatial size of `o`
/// is what it gives for input `x` (graph's rule, `ceil` for pools).
fn check_window(
    w: &xir_graph::window::Window,
    x: &[i64],
    o: &[i64],
    ceil: bool,
) -> Result<(), String> {
    let sp = x.len() - 2;
    let ok = w
        .kernel
        .iter()
        .chain(&w.strides)
        .chain(&w.dilations)
        .all(|&v| v >= 1)
        && w.pads.iter().all(|&p| p >= 0);
    if !ok {
        return Err("attributes".into());
    }
    for i in 0..sp {
        if w.output(i, x[2 + i], ceil)? != o[2 + i] {
            return Err("output size".into());
        }
    }
    Ok(())
}

/// A conv's sizes as 2-d, all checked non-negative (see [`ConvPlan::geometry`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConvGeometry {
    /// Batch.
    pub n: i64,
    /// Input channels.
    pub c: i64,
    /// Input height.
    pub h: i64,
    /// Input width.
    pub w: i64,
    /// Output channels.
    pub m: i64,
    /// Filter height.
    pub kh: i64,
    /// Filter width.
    pub kw: i64,
    /// Output height.
    pub oh: i64,
    /// Output width.
    pub ow: i64,
    /// Channel groups.
    pub groups: i64,
    /// Strides (rows, columns).
    pub stride: [i64; 2],
    /// Dilations (rows, columns).
    pub dilation: [i64; 2],
    /// Padding before the first row and column.
    pub pad: [i64; 2],
}

impl ConvGeometry {
    /// `out[b, o, y, x]` of the conv with `input` and `filter` read through
    /// `read(buffer_index)`, summed in f64: the reference semantics.
    pub fn at(
        &self,
        b: i64,
        o: i64,
        y: i64,
        x: i64,
        read: &mut dyn FnMut(bool, usize) -> f64,
    ) -> f64 {
        let cg = self.c / self.groups;
        let g = o / (self.m / self.groups);
        let mut acc = 0f64;
        for ci in 0..cg {
            for ky in 0..self.kh {
                let iy = y * self.stride[0] - self.pad[0] + ky * self.dilation[0];
                if iy < 0 || iy >= self.h {
                    continue;
                }
                for kx in 0..self.kw {
                    let ix = x * self.stride[1] - self.pad[1] + kx * self.dilation[1];
                    if ix < 0 || ix >= self.w {
                        continue;
                    }
                    let xi = ((b * self.c + g * cg + ci) * self.h + iy) * self.w + ix;
                    let wi = ((o * cg + ci) * self.kh + ky) * self.kw + kx;
                    acc += read(true, xi as usize) * read(false, wi as usize);
                }
            }
        }
        acc
    }
}

/// A `kernel.pool`: input `[n, c, d…]` into `[n, c, o…]` (1 or 2 spatial
/// dims), ONNX MaxPool's or AveragePool's meaning.
#[derive(Clone, Debug)]
pub struct PoolPlan {
    /// The input's buffer.
    pub input: usize,
    /// The result's buffer.
    pub out: usize,
    /// `None`: a max; `Some(count_include_pad)`: an average.
    pub avg: Option<bool>,
    /// One per spatial dim.
    pub kernel: Vec<i64>,
    /// One per spatial dim.
    pub strides: Vec<i64>,
    /// One per spatial dim.
    pub dilations: Vec<i64>,
    /// Begins, then ends.
    pub pads: Vec<i64>,
    /// Whether output sizes round up.
    pub ceil_mode: bool,
}

/// A pool's sizes as 2-d (a 1-d pool has a unit height), checked against
/// the buffers' dims (see [`PoolPlan::geometry`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PoolGeometry {
    /// Batch.
    pub n: i64,
    /// Channels.
    pub c: i64,
    /// Input height.
    pub h: i64,
    /// Input width.
    pub w: i64,
    /// Window height.
    pub kh: i64,
    /// Window width.
    pub kw: i64,
    /// Output height.
    pub oh: i64,
    /// Output width.
    pub ow: i64,
    /// Strides (rows, columns).
    pub stride: [i64; 2],
    /// Dilations (rows, columns).
    pub dilation: [i64; 2],
    /// Padding before the first row and column.
    pub pad: [i64; 2],
    /// Padding after the last row and column.
    pub pad_end: [i64; 2],
}

impl PoolPlan {
    /// The dispatch's geometry as 2-d, checked against the buffers' dims
    /// and the attributes (each output size as the window and `ceil_mode`
    /// give it).
    pub fn geometry(&self, dims: &[Vec<i64>]) -> xir_runtime_hal::Result<PoolGeometry> {
        let (x, o) = (&dims[self.input], &dims[self.out]);
        let bad = |why: &str| {
            Error::invalid_argument(format!(
                "pool of {x:?} into {o:?} (kernel {:?}, strides {:?}, dilations {:?}, pads {:?}): {why}",
                self.kernel, self.strides, self.dilations, self.pads
            ))
        };
        let rank = x.len();
        if !(3..=4).contains(&rank) || o.len() != rank || o[..2] != x[..2] {
            return Err(bad("shapes"));
        }
        let sp = rank - 2;
        if self.kernel.len() != sp
            || self.strides.len() != sp
            || self.dilations.len() != sp
            || self.pads.len() != 2 * sp
        {
            return Err(bad("attributes"));
        }
        let window = xir_graph::window::Window {
            kernel: self.kernel.clone(),
            strides: self.strides.clone(),
            dilations: self.dilations.clone(),
            pads: self.pads.clone(),
        };
        check_window(&window, x, o, self.ceil_mode).map_err(|m| bad(&m))?;
        let two = |v: &[i64], one: i64| -> [i64; 2] {
            if sp == 1 {
                [one, v[0]]
            } else {
                [v[0], v[1]]
            }
        };
        Ok(PoolGeometry {
            n: x[0],
            c: x[1],
            h: if sp == 1 { 1 } else { x[2] },
            w: x[rank - 1],
            kh: if sp == 1 { 1 } else { self.kernel[0] },
            kw: self.kernel[sp - 1],
            oh: if sp == 1 { 1 } else { o[2] },
            ow: o[rank - 1],
            stride: two(&self.strides, 1),
            dilation: two(&self.dilations, 1),
            pad: two(&self.pads[..sp], 0),
            pad_end: two(&self.pads[sp..], 0),
        })
    }
}

/// A `kernel.attention`: `out = softmax(scale · q · kᵀ + mask) · v` over the
/// last two dims, the leading dims a batch (`graph.attention`'s meaning).
#[derive(Clone, Debug)]
pub struct AttentionPlan {
    /// `[B…, Sq, D]`.
    pub query: usize,
    /// `[B…, Sk, D]`.
    pub key: usize,
    /// `[B…, Sk, Dv]`.
    pub value: usize,
    /// The scores' rank, each dim theirs or 1.
    pub mask: Option<usize>,
    /// `[B…, Sq, Dv]`.
    pub out: usize,
    /// The scores' factor.
    pub scale: f32,
    /// A NaN probability counts as 0.
    pub nan_to_zero: bool,
}

/// An attention's sizes, checked against its buffers' dims (see
/// [`AttentionPlan::geometry`]). Strides are in elements of dense
/// row-major buffers; a mask dim of size 1 has stride 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttentionGeometry {
    /// The batch dims (the query's leading dims).
    pub batch: Vec<usize>,
    /// Query rows.
    pub sq: usize,
    /// Key rows.
    pub sk: usize,
    /// Query and key columns.
    pub d: usize,
    /// Value columns.
    pub dv: usize,
    /// Per batch index (flattened), row and column of the mask, or `None`.
    pub mask: Option<MaskStrides>,
}

/// How a broadcast mask is read: its element `(b, i, j)` is at
/// `offset(b) + i · row + j · col`, where `offset(b)` walks the batch dims
/// with `batch` (each dim's size and stride, outermost first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaskStrides {
    /// Each batch dim's size and stride.
    pub batch: Vec<(usize, usize)>,
    /// Along the query rows.
    pub row: usize,
    /// Along the key columns.
    pub col: usize,
}

impl MaskStrides {
    /// The element offset of batch index `b` (flattened over the batch dims).
    pub fn batch_offset(&self, mut b: usize) -> usize {
        let mut off = 0;
        for &(n, st) in self.batch.iter().rev() {
            off += (b % n) * st;
            b /= n;
        }
        off
    }
}

impl AttentionPlan {
    /// The dispatch's sizes, checked against the buffers' dims as the
    /// verifier's rule (`xir_graph::attention::infer`) has them.
    pub fn geometry(&self, dims: &[Vec<i64>]) -> xir_runtime_hal::Result<AttentionGeometry> {
        let (q, k, v, o) = (
            &dims[self.query],
            &dims[self.key],
            &dims[self.value],
            &dims[self.out],
        );
        let m = self.mask.map(|m| &dims[m][..]);
        let want = xir_graph::attention::infer(q, k, v, m).map_err(Error::invalid_argument)?;
        if &want != o || q.iter().chain(k).chain(v).any(|&d| d < 0) {
            return Err(Error::invalid_argument(format!(
                "attention of {q:?}, {k:?}, {v:?} into {o:?}"
            )));
        }
        let rank = q.len();
        let b = rank - 2;
        let u = |x: i64| x as usize;
        crate::resolve::count_of(&q[..b])?;
        let batch = q[..b].iter().map(|&x| u(x)).collect();
        let mask = m.map(|m| {
            // Dense row-major strides, 0 along broadcast (size-1) dims.
            let mut st = vec![0usize; rank];
            let mut acc = 1usize;
            for i in (0..rank).rev() {
                st[i] = if m[i] == 1 { 0 } else { acc };
                acc *= u(m[i]);
            }
            MaskStrides {
                batch: (0..b).map(|i| (u(q[i]), st[i])).collect(),
                row: st[b],
                col: st[b + 1],
            }
        });
        Ok(AttentionGeometry {
            batch,
            sq: u(q[b]),
            sk: u(k[b]),
            d: u(q[b + 1]),
            dv: u(v[b + 1]),
            mask,
        })
    }
}

/// `kernel.gather`: `out[a…, j…, b…] = input[a…, idx(indices[j…]), b…]`
/// along `axis`, an index `i` of a dim of size `d` selecting `i` in
/// `[-d, d)` (negative: `i + d`), clamped to `0` or `d - 1` outside.
#[derive(Clone, Debug)]
pub struct GatherPlan {
    /// The buffer gathered from.
    pub input: usize,
    /// An `I32` or `I64` buffer.
    pub indices: usize,
    /// The result's buffer.
    pub out: usize,
    /// The input dim the indices select along.
    pub axis: usize,
}

impl GatherPlan {
    /// The dispatch's sizes of a gather, checked against the buffers' dims:
    /// `(outer, d, inner, k)`: the input as `[outer, d, inner]`, `k` indices
    /// (the output is `[outer, k, inner]`).
    pub fn sizes(&self, dims: &[Vec<i64>]) -> xir_runtime_hal::Result<(u64, u64, u64, u64)> {
        let (x, i, o) = (&dims[self.input], &dims[self.indices], &dims[self.out]);
        let a = self.axis;
        if a >= x.len() {
            return Err(Error::invalid_argument(format!(
                "gather axis {a} out of range for rank {}",
                x.len()
            )));
        }
        let mut want = x[..a].to_vec();
        want.extend_from_slice(i);
        want.extend_from_slice(&x[a + 1..]);
        if want != *o {
            return Err(Error::invalid_argument(format!(
                "gather of {x:?} by indices {i:?} along {a} into {o:?}"
            )));
        }
        let outer = crate::resolve::count_of(&x[..a])?;
        let inner = crate::resolve::count_of(&x[a + 1..])?;
        let k = crate::resolve::count_of(i)?;
        let d = x[a] as u64;
        if d == 0 && outer.saturating_mul(k).saturating_mul(inner) > 0 {
            // Every index is outside a dim of size 0.
            return Err(Error::out_of_range(format!(
                "gather selects {k} element(s) along input dim {a} of size 0"
            )));
        }
        Ok((outer, d, inner, k))
    }
}

/// `kernel.scatter`: `out` = `data`, then for each `j` in order row
/// `idx(indices[j])` of `out` (axis 0, gather's mapping) set to row `j` of
/// `updates`, or combined with it by `reduction` (`Add`, `Mul`, `Max`,
/// `Min` as in a body). Order matters (a later duplicate wins), so
/// backends apply the rows in order.
#[derive(Clone, Debug)]
pub struct ScatterPlan {
    /// The buffer copied into `out` first.
    pub data: usize,
    /// An `I32` or `I64` buffer, 1-d.
    pub indices: usize,
    /// The rows written, `[k, inner]`.
    pub updates: usize,
    /// The result's buffer.
    pub out: usize,
    /// `None`: the update replaces the element.
    pub reduction: Option<Bin>,
}

impl ScatterPlan {
    /// The dispatch's sizes of a scatter, checked against the buffers'
    /// dims: `(n, inner, k)`: data and output as `[n, inner]`, updates as
    /// `[k, inner]`.
    pub fn sizes(&self, dims: &[Vec<i64>]) -> xir_runtime_hal::Result<(u64, u64, u64)> {
        let (x, i, u, o) = (
            &dims[self.data],
            &dims[self.indices],
            &dims[self.updates],
            &dims[self.out],
        );
        let mut want = i.clone();
        want.extend_from_slice(x.get(1..).unwrap_or(&[]));
        if x.is_empty() || x != o || i.len() != 1 || want != *u {
            return Err(Error::invalid_argument(format!(
                "scatter into {x:?} of updates {u:?} at indices {i:?} into {o:?}"
            )));
        }
        let inner = crate::resolve::count_of(&x[1..])?;
        Ok((x[0] as u64, inner, i[0] as u64))
    }
}

/// One step of a kernel; stages run in order.
#[derive(Clone, Debug)]
pub enum Stage {
    /// A loop nest with a scalar body.
    Generic(GenericPlan),
    /// A matrix product, maybe with an epilogue.
    Matmul(MatmulPlan),
    /// A convolution, maybe with an epilogue.
    Conv(ConvPlan),
    /// A max or average pool.
    Pool(PoolPlan),
    /// Scaled dot-product attention.
    Attention(AttentionPlan),
    /// A gather along one axis.
    Gather(GatherPlan),
    /// A scatter of rows along axis 0.
    Scatter(ScatterPlan),
}

/// A kernel function as plain data: what a backend translates.
#[derive(Clone, Debug, Default)]
pub struct KernelPlan {
    /// The kernel function's symbol.
    pub name: String,
    /// Its `index` arguments: the dispatch's constants.
    pub num_args: usize,
    /// Its index arithmetic, in order; a [`Slot`] is an index here.
    pub index_ops: Vec<IndexOp>,
    /// Its memrefs, in definition order.
    pub buffers: Vec<BufferPlan>,
    /// Its stages, in order.
    pub stages: Vec<Stage>,
    /// Where each stage came from (`file:line:col`), for errors.
    pub origins: Vec<String>,
    /// Conditions (slots) checked before any stage runs, with their messages.
    pub asserts: Vec<(Slot, String)>,
}

impl KernelPlan {
    /// Checks every element type of its buffers and stage bodies with
    /// [`check_elem`] ([`crate::read::read`] only makes plans that pass).
    pub fn check_elems(&self) -> Result<(), Error> {
        for b in &self.buffers {
            check_elem(b.elem)?;
        }
        for s in &self.stages {
            match s {
                Stage::Generic(g) => g.body.check_elems()?,
                Stage::Matmul(m) => {
                    if let Some(g) = &m.epilogue {
                        g.body.check_elems()?;
                    }
                }
                Stage::Conv(c) => {
                    if let Some(g) = &c.epilogue {
                        g.body.check_elems()?;
                    }
                }
                Stage::Pool(_) | Stage::Attention(_) | Stage::Gather(_) | Stage::Scatter(_) => {}
            }
        }
        Ok(())
    }

    /// The buffer of the dispatch's first result, whose shape fixes the
    /// workgroup grid (hal's rule): results are the bindings the stages
    /// write (through views too), numbered after the inputs.
    pub fn grid_buffer(&self) -> Option<usize> {
        let root = |mut b: usize| {
            while let BufferKind::Reshape(src) = self.buffers[b].kind {
                b = src;
            }
            b
        };
        self.stages
            .iter()
            .map(|s| match s {
                Stage::Generic(g) => g.output.buffer,
                Stage::Matmul(m) => m.out,
                Stage::Conv(c) => c.out,
                Stage::Pool(p) => p.out,
                Stage::Attention(a) => a.out,
                Stage::Gather(g) => g.out,
                Stage::Scatter(g) => g.out,
            })
            .map(root)
            .filter_map(|b| match self.buffers[b].kind {
                BufferKind::Binding(i) => Some((i, b)),
                _ => None,
            })
            .min()
            .map(|(_, b)| b)
    }
}

/// How an operand moves along the innermost parallel dim.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Inner {
    /// Consecutive elements.
    Contiguous,
    /// One element for every lane.
    Broadcast,
    /// Any other stride.
    Strided,
}

/// The innermost-dim behaviour of each operand, from its access terms.
pub fn inner_kinds(g: &GenericPlan) -> Vec<Inner> {
    let Some(d) = g.parallel.checked_sub(1) else {
        return vec![Inner::Strided; g.inputs.len() + 1];
    };
    g.inputs
        .iter()
        .chain(std::iter::once(&g.output))
        .map(|a| {
            let coefs: Vec<i64> = a.terms.iter().map(|t| t.0[d]).collect();
            let n = coefs.len();
            if coefs.iter().all(|&c| c == 0) {
                Inner::Broadcast
            } else if coefs[..n - 1].iter().all(|&c| c == 0) && coefs[n - 1] == 1 {
                Inner::Contiguous
            } else {
                Inner::Strided
            }
        })
        .collect()
}

/// `dst[e] = dst[e] op src[e]` for each element of two little-endian runs
/// of `elem` (a scatter's reduction, for backends that run it on the host):
/// integers wrap, floats as `maximumf`/`minimumf` (NaN wins, -0 < +0),
/// f16/bf16 computed in f32. Ops other than add, mul, max, min keep `dst`.
pub fn combine_elements(elem: ElementType, op: Bin, dst: &mut [u8], src: &[u8]) {
    fn float(op: Bin, a: f64, b: f64) -> f64 {
        let pick = |max: bool| {
            if a.is_nan() || b.is_nan() {
                f64::NAN
            } else if a == b {
                if max == a.is_sign_negative() {
                    b
                } else {
                    a
                }
            } else if (a > b) == max {
                a
            } else {
                b
            }
        };
        match op {
            Bin::Add => a + b,
            Bin::Mul => a * b,
            Bin::Max => pick(true),
            Bin::Min => pick(false),
            _ => a,
        }
    }
    fn int(op: Bin, a: i64, b: i64) -> i64 {
        match op {
            Bin::Add => a.wrapping_add(b),
            Bin::Mul => a.wrapping_mul(b),
            Bin::Max => a.max(b),
            Bin::Min => a.min(b),
            _ => a,
        }
    }
    let s = elem.byte_size();
    for (d, x) in dst.chunks_exact_mut(s).zip(src.chunks_exact(s)) {
        match elem {
            ElementType::F16 => {
                let (a, b) = (
                    half::f16::from_le_bytes([d[0], d[1]]).to_f32(),
                    half::f16::from_le_bytes([x[0], x[1]]).to_f32(),
                );
                let r = float(op, a as f64, b as f64) as f32;
                d.copy_from_slice(&half::f16::from_f32(r).to_le_bytes());
            }
            ElementType::BF16 => {
                let (a, b) = (
                    half::bf16::from_le_bytes([d[0], d[1]]).to_f32(),
                    half::bf16::from_le_bytes([x[0], x[1]]).to_f32(),
                );
                let r = float(op, a as f64, b as f64) as f32;
                d.copy_from_slice(&half::bf16::from_f32(r).to_le_bytes());
            }
            ElementType::F32 => {
                let a = f32::from_le_bytes([d[0], d[1], d[2], d[3]]);
                let b = f32::from_le_bytes([x[0], x[1], x[2], x[3]]);
                let r = match op {
                    // f32 arithmetic, not f64 rounded: what the others compute.
                    Bin::Add => a + b,
                    Bin::Mul => a * b,
                    _ => float(op, a as f64, b as f64) as f32,
                };
                d.copy_from_slice(&r.to_le_bytes());
            }
            ElementType::F64 => {
                let a = f64::from_le_bytes(d.try_into().unwrap_or([0; 8]));
                let b = f64::from_le_bytes(x.try_into().unwrap_or([0; 8]));
                d.copy_from_slice(&float(op, a, b).to_le_bytes());
            }
            _ => {
                let mut w = [0u8; 8];
                w[..s].copy_from_slice(d);
                let mut a = i64::from_le_bytes(w);
                w = [0u8; 8];
                w[..s].copy_from_slice(x);
                let mut b = i64::from_le_bytes(w);
                // Sign-extend from the element's width.
                let shift = 64 - 8 * s as u32;
                a = (a << shift) >> shift;
                b = (b << shift) >> shift;
                d.copy_from_slice(&int(op, a, b).to_le_bytes()[..s]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xir_runtime_hal::ErrorKind;

    #[test]
    fn plans_hold_signless_element_types() {
        let mut ctx = Context::new();
        let ui8 = ctx.integer_type(8, xir::Signedness::Unsigned);
        assert_eq!(plan_elem(&ctx, ui8), Some(ElementType::I8));
        let index = ctx.index_type();
        assert_eq!(plan_elem(&ctx, index), None);
        for e in PLAN_ELEMENT_TYPES {
            assert_eq!(check_elem(e).unwrap(), e);
        }
        let err = check_elem(ElementType::parse("ui8").unwrap()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Unimplemented);
        assert_eq!(err.to_string(), "unsupported element type ui8");
        let plan = KernelPlan {
            buffers: vec![BufferPlan {
                kind: BufferKind::Alloc,
                elem: ElementType::parse("si32").unwrap(),
                dims: vec![],
            }],
            ..KernelPlan::default()
        };
        assert_eq!(
            plan.check_elems().unwrap_err().to_string(),
            "unsupported element type si32"
        );
    }
}
