//! SPIR-V compute shaders for kernel stages, built with rspirv (no text
//! compiler at run time).
//!
//! One shader per stage. Its interface (set 0):
//! * binding `k < n`: storage buffer of operand `k` (a generic's inputs then
//!   its output; a matmul's lhs, rhs, out), a runtime array of its element;
//! * binding `n`: the stage's `int` argument block ([`ArgsLayout`]).
//!
//! Invocations walk the flattened parallel iterations with a grid-stride
//! loop (`p = global id; p < total; p += invocations`), so one shader serves
//! any size on any device's grid limits; [`WORKGROUP`] invocations per
//! workgroup along x, the grid along x then y. Index arithmetic is 32-bit
//! signed: the dispatch checks that every index fits. Faster forms, chosen
//! per dispatch: a 4-lane elementwise shader ([`generic_vec4_shader`]) and a
//! matmul tiled through workgroup memory ([`matmul_tiled_shader`]). A
//! gather ([`gather_shader`]) copies one element per iteration from the row
//! its clamped index selects; a scatter ([`scatter_shader`]) gives each
//! invocation a column and applies the update rows to it in order.

use rspirv::binary::Assemble;
use rspirv::dr::{Builder, Operand};
use rspirv::spirv::{
    AddressingModel, BuiltIn, Capability, Decoration, ExecutionMode, ExecutionModel,
    FunctionControl, LoopControl, MemoryModel, StorageClass, Word,
};
use xir_kernel_plan::{Bin, Body, BodyOp, Cmp, ElementType, GenericPlan};
use xir_runtime_hal::{Error, Result};

/// Invocations per workgroup (x).
pub const WORKGROUP: u32 = 64;

/// GLSL.std.450 instruction numbers.
const GLSL_EXP: u32 = 27;
const GLSL_TANH: u32 = 21;
const GLSL_SIN: u32 = 13;
const GLSL_COS: u32 = 14;
const GLSL_TRUNC: u32 = 3;
const GLSL_FABS: u32 = 4;
const GLSL_POW: u32 = 26;
const GLSL_SQRT: u32 = 31;

/// The argument block of a generic stage, in `int`s.
pub struct ArgsLayout {
    pub operands: usize,
    pub rank: usize,
}

impl ArgsLayout {
    /// `[total parallel iterations, sizes.., bases.., coefs (operand-major)..]`.
    pub fn words(&self) -> usize {
        1 + self.rank + self.operands + self.operands * self.rank
    }
    pub fn total(&self) -> usize {
        0
    }
    pub fn size(&self, d: usize) -> usize {
        1 + d
    }
    pub fn base(&self, k: usize) -> usize {
        1 + self.rank + k
    }
    pub fn coef(&self, k: usize, d: usize) -> usize {
        1 + self.rank + self.operands + k * self.rank + d
    }
}

/// `erf(x) / x - 1` as a polynomial in `x^2` on `[0, 1]` (highest degree
/// first; a Chebyshev fit of `erf(x) / x` with relative error 1.1e-9, the
/// same as the local backend's `math::ERF32_SMALL`): `erf(x) = x + x P`.
pub const ERF_SMALL: [f32; 7] = [
    7.875875e-05,
    -8.0168643e-04,
    5.1890872e-03,
    -2.6854211e-02,
    1.1283594e-01,
    -3.7612626e-01,
    1.2837917e-01,
];

/// `erfc(a) e^(a^2)` on `a` in `[1, 4]` as a polynomial in
/// `t = (a - 2.5) / 1.5` (highest degree first; relative error 1.3e-8).
pub const ERF_LARGE: [f32; 13] = [
    1.3365836e-05,
    -3.6888912e-05,
    5.6303576e-05,
    -1.4405779e-04,
    4.1298693e-04,
    -1.0170089e-03,
    2.4024874e-03,
    -5.56738e-03,
    1.248952e-02,
    -2.7005717e-02,
    5.6110486e-02,
    -1.11521006e-01,
    2.1080637e-01,
];

/// Whether the backend computes `e` (32-bit floats and ints; 64-bit ones
/// when the device has `shaderFloat64` / `shaderInt64`).
pub fn supported(e: ElementType, f64_ok: bool, i64_ok: bool, i1_ok: bool) -> bool {
    match e {
        ElementType::F32 | ElementType::I32 => true,
        ElementType::F64 => f64_ok,
        ElementType::I64 => i64_ok,
        ElementType::I1 => i1_ok,
        _ => false,
    }
}

struct Gen {
    b: Builder,
    glsl: Word,
    void: Word,
    bool_t: Word,
    i32_t: Word,
    u32_t: Word,
    ptr_sb_i32: Word,
    ptr_fn_i32: Word,
    /// Per operand: (buffer variable, element type id, pointer-to-element type).
    bufs: Vec<(Word, Word, Word)>,
    /// Per operand: an i1 buffer (a `u8` per element, read as `!= 0`,
    /// written as 0 or 1; `StorageBuffer8BitAccess`).
    bytes: Vec<bool>,
    args: Word,
    gid: Word,
    nwg: Word,
    /// Body values are vectors of this many lanes (1: scalars).
    lanes: u32,
    /// Each domain dim's index (an `int`) at the current iteration, once
    /// [`Gen::offsets`] has computed it: what `kernel.index` reads.
    index: Vec<Option<Word>>,
}

/// rspirv refused an instruction this module built: a bug here.
fn err(e: rspirv::dr::Error) -> Error {
    Error::internal(format!("SPIR-V builder: {e}"))
}

impl Gen {
    /// A module with the stage's buffers (`elems`, then the args block).
    fn new(elems: &[ElementType]) -> Gen {
        Gen::with_vectors(elems, &[])
    }

    /// [`Gen::new`] with the operands flagged in `vec4` bound as arrays of
    /// 4-vectors.
    fn with_vectors(elems: &[ElementType], vec4: &[bool]) -> Gen {
        let mut b = Builder::new();
        b.set_version(1, 3);
        b.capability(Capability::Shader);
        if elems.contains(&ElementType::F64) {
            b.capability(Capability::Float64);
        }
        if elems.contains(&ElementType::I64) {
            b.capability(Capability::Int64);
        }
        let glsl = b.ext_inst_import("GLSL.std.450");
        b.memory_model(AddressingModel::Logical, MemoryModel::GLSL450);
        let void = b.type_void();
        let bool_t = b.type_bool();
        let i32_t = b.type_int(32, 1);
        let u32_t = b.type_int(32, 0);
        let ptr_sb_i32 = b.type_pointer(None, StorageClass::StorageBuffer, i32_t);
        let ptr_fn_i32 = b.type_pointer(None, StorageClass::Function, i32_t);
        let mut g = Gen {
            b,
            glsl,
            void,
            bool_t,
            i32_t,
            u32_t,
            ptr_sb_i32,
            ptr_fn_i32,
            bufs: vec![],
            bytes: vec![],
            args: 0,
            gid: 0,
            nwg: 0,
            lanes: 1,
            index: vec![],
        };
        if elems.contains(&ElementType::I1) {
            g.b.capability(Capability::StorageBuffer8BitAccess);
            g.b.extension("SPV_KHR_8bit_storage");
        }
        for (k, &e) in elems.iter().enumerate() {
            g.bytes.push(e == ElementType::I1);
            let mut t = if e == ElementType::I1 {
                g.b.type_int(8, 0)
            } else {
                g.elem_type(e)
            };
            if vec4.get(k).copied().unwrap_or(false) {
                t = g.b.type_vector(t, 4);
            }
            let v = g.buffer(t, k as u32);
            let p = g.b.type_pointer(None, StorageClass::StorageBuffer, t);
            g.bufs.push((v, t, p));
        }
        g.args = g.buffer(i32_t, elems.len() as u32);
        let v3 = g.b.type_vector(u32_t, 3);
        let pin = g.b.type_pointer(None, StorageClass::Input, v3);
        g.gid = g.b.variable(pin, None, StorageClass::Input, None);
        g.b.decorate(
            g.gid,
            Decoration::BuiltIn,
            [Operand::BuiltIn(BuiltIn::GlobalInvocationId)],
        );
        g.nwg = g.b.variable(pin, None, StorageClass::Input, None);
        g.b.decorate(
            g.nwg,
            Decoration::BuiltIn,
            [Operand::BuiltIn(BuiltIn::NumWorkgroups)],
        );
        g
    }

    fn elem_type(&mut self, e: ElementType) -> Word {
        match e {
            ElementType::F32 => self.b.type_float(32, None),
            ElementType::F64 => self.b.type_float(64, None),
            ElementType::I64 => self.b.type_int(64, 1),
            // Only body values are i1 (comparisons and their selects).
            ElementType::I1 => self.bool_t,
            _ => self.i32_t,
        }
    }

    /// A `struct { T data[]; }` storage buffer at (0, binding).
    fn buffer(&mut self, t: Word, binding: u32) -> Word {
        let stride = self.byte_size(t);
        // One array and struct type per binding: decorations stay apart.
        let arr = self.b.id();
        self.b.type_runtime_array_id(Some(arr), t);
        self.b.decorate(
            arr,
            Decoration::ArrayStride,
            [Operand::LiteralBit32(stride)],
        );
        let st = self.b.id();
        self.b.type_struct_id(Some(st), [arr]);
        self.b.decorate(st, Decoration::Block, []);
        self.b
            .member_decorate(st, 0, Decoration::Offset, [Operand::LiteralBit32(0)]);
        let p = self.b.type_pointer(None, StorageClass::StorageBuffer, st);
        let v = self.b.variable(p, None, StorageClass::StorageBuffer, None);
        self.b
            .decorate(v, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
        self.b
            .decorate(v, Decoration::Binding, [Operand::LiteralBit32(binding)]);
        v
    }

    /// The byte size of a scalar or vector type declared in the module.
    fn byte_size(&self, t: Word) -> u32 {
        let m = self.b.module_ref();
        let Some(i) = m
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(t))
        else {
            return 4;
        };
        match (i.class.opcode, i.operands.as_slice()) {
            (rspirv::spirv::Op::TypeVector, [Operand::IdRef(e), Operand::LiteralBit32(n)]) => {
                self.byte_size(*e) * n
            }
            (_, [Operand::LiteralBit32(64), ..]) => 8,
            (_, [Operand::LiteralBit32(8), ..]) => 1,
            _ => 4,
        }
    }

    /// The type of body values of element `e` (a vector when `lanes > 1`).
    fn vt(&mut self, e: ElementType) -> Word {
        let t = self.elem_type(e);
        if self.lanes > 1 {
            self.b.type_vector(t, self.lanes)
        } else {
            t
        }
    }

    /// The type of a comparison's result.
    fn bt(&mut self) -> Word {
        if self.lanes > 1 {
            self.b.type_vector(self.bool_t, self.lanes)
        } else {
            self.bool_t
        }
    }

    /// Scalar constant `c` of type `t`, splatted when `lanes > 1`.
    fn splat(&mut self, vt: Word, c: Word) -> Word {
        if self.lanes > 1 {
            self.b.constant_composite(vt, vec![c; self.lanes as usize])
        } else {
            c
        }
    }

    fn ci(&mut self, v: i32) -> Word {
        self.b.constant_bit32(self.i32_t, v as u32)
    }

    /// `args[i]`.
    fn arg(&mut self, i: usize) -> Result<Word> {
        let (z, i) = (self.ci(0), self.ci(i as i32));
        let p = self
            .b
            .access_chain(self.ptr_sb_i32, None, self.args, [z, i])
            .map_err(err)?;
        self.b.load(self.i32_t, None, p, None, []).map_err(err)
    }

    fn load_elem(&mut self, k: usize, off: Word) -> Result<Word> {
        let (v, t, p) = self.bufs[k];
        let z = self.ci(0);
        let ptr = self.b.access_chain(p, None, v, [z, off]).map_err(err)?;
        let x = self.b.load(t, None, ptr, None, []).map_err(err)?;
        if !self.bytes[k] {
            return Ok(x);
        }
        let w = self.b.u_convert(self.u32_t, None, x).map_err(err)?;
        let zero = self.b.constant_bit32(self.u32_t, 0);
        self.b.i_not_equal(self.bool_t, None, w, zero).map_err(err)
    }

    fn store_elem(&mut self, k: usize, off: Word, x: Word) -> Result<()> {
        let (v, t, p) = self.bufs[k];
        let z = self.ci(0);
        let ptr = self.b.access_chain(p, None, v, [z, off]).map_err(err)?;
        let x = if self.bytes[k] {
            let (one, zero) = (
                self.b.constant_bit32(self.u32_t, 1),
                self.b.constant_bit32(self.u32_t, 0),
            );
            let w = self.b.select(self.u32_t, None, x, one, zero).map_err(err)?;
            self.b.u_convert(t, None, w).map_err(err)?
        } else {
            x
        };
        self.b.store(ptr, x, None, []).map_err(err)
    }

    /// Gather's (and scatter's) row of index `x` (of element `index`) in a
    /// dim of `d` rows, as i32: negative from the end, out of range clamped.
    fn index_row(&mut self, index: ElementType, x: Word, d: Word) -> Result<Word> {
        let (i32_t, bool_t) = (self.i32_t, self.bool_t);
        let (t, dd, zero, one) = if index == ElementType::I64 {
            let t = self.elem_type(ElementType::I64);
            let dd = self.b.s_convert(t, None, d).map_err(err)?;
            (
                t,
                dd,
                self.b.constant_bit64(t, 0),
                self.b.constant_bit64(t, 1),
            )
        } else {
            (i32_t, d, self.ci(0), self.ci(1))
        };
        let neg = self.b.s_less_than(bool_t, None, x, zero).map_err(err)?;
        let plus = self.b.i_add(t, None, x, dd).map_err(err)?;
        let x = self.b.select(t, None, neg, plus, x).map_err(err)?;
        let low = self.b.s_less_than(bool_t, None, x, zero).map_err(err)?;
        let x = self.b.select(t, None, low, zero, x).map_err(err)?;
        let last = self.b.i_sub(t, None, dd, one).map_err(err)?;
        let high = self.b.s_greater_than(bool_t, None, x, last).map_err(err)?;
        let x = self.b.select(t, None, high, last, x).map_err(err)?;
        if index == ElementType::I64 {
            self.b.s_convert(i32_t, None, x).map_err(err)
        } else {
            Ok(x)
        }
    }

    fn load_var(&mut self, v: Word) -> Result<Word> {
        self.b.load(self.i32_t, None, v, None, []).map_err(err)
    }

    /// The function, its variables, and the grid-stride loop over
    /// `total` iterations; `body(g, p)` emits one iteration.
    fn main(
        mut self,
        vars: &[Word],
        total: impl FnOnce(&mut Gen) -> Result<Word>,
        body: impl FnOnce(&mut Gen, Word, &[Word]) -> Result<()>,
    ) -> Result<Vec<u32>> {
        let fty = self.b.type_function(self.void, vec![]);
        let main = self
            .b
            .begin_function(self.void, None, FunctionControl::NONE, fty)
            .map_err(err)?;
        self.b.begin_block(None).map_err(err)?;
        let p = self
            .b
            .variable(self.ptr_fn_i32, None, StorageClass::Function, None);
        let extra: Vec<Word> = vars
            .iter()
            .map(|&t| {
                let pt = self.b.type_pointer(None, StorageClass::Function, t);
                self.b.variable(pt, None, StorageClass::Function, None)
            })
            .collect();
        let v3 = self.b.type_vector(self.u32_t, 3);
        let gid = self.b.load(v3, None, self.gid, None, []).map_err(err)?;
        let nwg = self.b.load(v3, None, self.nwg, None, []).map_err(err)?;
        let gx = self
            .b
            .composite_extract(self.u32_t, None, gid, [0])
            .map_err(err)?;
        let gy = self
            .b
            .composite_extract(self.u32_t, None, gid, [1])
            .map_err(err)?;
        let nx = self
            .b
            .composite_extract(self.u32_t, None, nwg, [0])
            .map_err(err)?;
        let ny = self
            .b
            .composite_extract(self.u32_t, None, nwg, [1])
            .map_err(err)?;
        let wg = self.b.constant_bit32(self.u32_t, WORKGROUP);
        let width = self.b.i_mul(self.u32_t, None, nx, wg).map_err(err)?;
        let row = self.b.i_mul(self.u32_t, None, gy, width).map_err(err)?;
        let first = self.b.i_add(self.u32_t, None, gx, row).map_err(err)?;
        let first = self.b.bitcast(self.i32_t, None, first).map_err(err)?;
        let stride = self.b.i_mul(self.u32_t, None, width, ny).map_err(err)?;
        let stride = self.b.bitcast(self.i32_t, None, stride).map_err(err)?;
        self.b.store(p, first, None, []).map_err(err)?;
        let total = total(&mut self)?;
        self.counted(p, total, stride, |g| {
            let pv = g.load_var(p)?;
            body(g, pv, &extra)
        })?;
        self.b.ret().map_err(err)?;
        self.b.end_function().map_err(err)?;
        let iface = vec![self.gid, self.nwg];
        self.b
            .entry_point(ExecutionModel::GLCompute, main, "main", iface);
        self.b
            .execution_mode(main, ExecutionMode::LocalSize, [WORKGROUP, 1, 1]);
        Ok(self.b.module().assemble())
    }

    /// `while var < bound { body; var += step }` as a structured loop.
    fn counted(
        &mut self,
        var: Word,
        bound: Word,
        step: Word,
        body: impl FnOnce(&mut Gen) -> Result<()>,
    ) -> Result<()> {
        let (header, check, block, cont, merge) = (
            self.b.id(),
            self.b.id(),
            self.b.id(),
            self.b.id(),
            self.b.id(),
        );
        self.b.branch(header).map_err(err)?;
        self.b.begin_block(Some(header)).map_err(err)?;
        self.b
            .loop_merge(merge, cont, LoopControl::NONE, [])
            .map_err(err)?;
        self.b.branch(check).map_err(err)?;
        self.b.begin_block(Some(check)).map_err(err)?;
        let v = self.load_var(var)?;
        let c = self
            .b
            .s_less_than(self.bool_t, None, v, bound)
            .map_err(err)?;
        self.b
            .branch_conditional(c, block, merge, [])
            .map_err(err)?;
        self.b.begin_block(Some(block)).map_err(err)?;
        body(self)?;
        self.b.branch(cont).map_err(err)?;
        self.b.begin_block(Some(cont)).map_err(err)?;
        let v = self.load_var(var)?;
        let n = self.b.i_add(self.i32_t, None, v, step).map_err(err)?;
        self.b.store(var, n, None, []).map_err(err)?;
        self.b.branch(header).map_err(err)?;
        self.b.begin_block(Some(merge)).map_err(err)?;
        Ok(())
    }

    /// `maximumf`: NaN if either is NaN; of two zeros, +0 unless both are
    /// -0 (`a + b` of equal zeros has exactly that sign).
    fn fmax(&mut self, t: Word, e: ElementType, a: Word, c: Word) -> Result<Word> {
        let bt = self.bt();
        let gt = self.b.f_ord_greater_than(bt, None, a, c).map_err(err)?;
        let lt = self.b.f_ord_less_than(bt, None, a, c).map_err(err)?;
        let st = self.elem_type(e);
        let zero = match e {
            ElementType::F64 => self.b.constant_bit64(st, 0),
            _ => self.b.constant_bit32(st, 0),
        };
        let zero = self.splat(t, zero);
        let is_zero = self.b.f_ord_equal(bt, None, a, zero).map_err(err)?;
        // Equal or unordered: a + b is NaN for a NaN and the signed zero
        // for zeros; otherwise a.
        let sum = self.b.f_add(t, None, a, c).map_err(err)?;
        let na = self.b.is_nan(bt, None, a).map_err(err)?;
        let nc = self.b.is_nan(bt, None, c).map_err(err)?;
        let nan = self.b.logical_or(bt, None, na, nc).map_err(err)?;
        let use_sum = self.b.logical_or(bt, None, nan, is_zero).map_err(err)?;
        let r = self.b.select(t, None, use_sum, sum, a).map_err(err)?;
        let r = self.b.select(t, None, lt, c, r).map_err(err)?;
        self.b.select(t, None, gt, a, r).map_err(err)
    }

    /// Float64 / Int64 for 64-bit values only the body holds (a cast's).
    fn body_capabilities(&mut self, body: &Body, elems: &[ElementType]) {
        let has = |e: ElementType| body.ops.iter().any(|o| o.1 == e) && !elems.contains(&e);
        if has(ElementType::F64) {
            self.b.capability(Capability::Float64);
        }
        if has(ElementType::I64) {
            self.b.capability(Capability::Int64);
        }
    }

    fn glsl(&mut self, t: Word, inst: u32, args: &[Word]) -> Result<Word> {
        let ops: Vec<Operand> = args.iter().map(|&a| Operand::IdRef(a)).collect();
        self.b.ext_inst(t, None, self.glsl, inst, ops).map_err(err)
    }

    /// `x / ±0.0` for a literal zero, from `x`'s bits with integer ops only:
    /// llvmpipe compiles float code with fast-math flags and folded
    /// `x / 0.0` to 0. IEEE: 0 or NaN gives NaN, else infinity with the
    /// sign of `x` flipped for `-0.0`. An f64 is read as its two words.
    fn div_by_zero(&mut self, e: ElementType, x: Word, neg: bool) -> Result<Word> {
        let u32_t = self.u32_t;
        let (ut, words) = match e {
            ElementType::F64 if self.lanes == 1 => (self.b.type_vector(u32_t, 2), 2),
            ElementType::F32 if self.lanes == 1 => (u32_t, 1),
            ElementType::F32 => (self.b.type_vector(u32_t, self.lanes), 1),
            // f64 vectors are never formed; keep the plain division there.
            _ => {
                let t = self.vt(e);
                let z = self.constant(e, if neg { -0.0 } else { 0.0 }, 0);
                return self.b.f_div(t, None, x, z).map_err(err);
            }
        };
        // The type of the high word: a u32 per lane.
        let (ht, lanes) = if words == 2 {
            (u32_t, 1)
        } else {
            (ut, self.lanes)
        };
        let uc = |g: &mut Gen, v: u32| {
            let c = g.b.constant_bit32(u32_t, v);
            if lanes > 1 {
                g.b.constant_composite(ht, vec![c; lanes as usize])
            } else {
                c
            }
        };
        let bt = self.bt();
        let bits = self.b.bitcast(ut, None, x).map_err(err)?;
        // The high word (the only one for f32), with the sign and exponent.
        let hi = if words == 2 {
            self.b
                .composite_extract(u32_t, None, bits, [1])
                .map_err(err)?
        } else {
            bits
        };
        let lo_zero = if words == 2 {
            let lo = self
                .b
                .composite_extract(u32_t, None, bits, [0])
                .map_err(err)?;
            let z = uc(self, 0);
            Some(self.b.i_equal(bt, None, lo, z).map_err(err)?)
        } else {
            None
        };
        let (inf_hi, sign) = (
            if words == 2 { 0x7ff0_0000 } else { 0x7f80_0000 },
            0x8000_0000,
        );
        let m = uc(self, 0x7fff_ffff);
        let mag = self.b.bitwise_and(ht, None, hi, m).map_err(err)?;
        let zero = uc(self, 0);
        let inf = uc(self, inf_hi);
        // 0 / 0 and NaN / 0 are NaN.
        let mut zero_or_nan = self.b.i_equal(bt, None, mag, zero).map_err(err)?;
        let mut nan = self.b.u_greater_than(bt, None, mag, inf).map_err(err)?;
        if let Some(lz) = lo_zero {
            zero_or_nan = self.b.logical_and(bt, None, zero_or_nan, lz).map_err(err)?;
            let at_inf = self.b.i_equal(bt, None, mag, inf).map_err(err)?;
            let lnz = self.b.logical_not(bt, None, lz).map_err(err)?;
            let inf_nan = self.b.logical_and(bt, None, at_inf, lnz).map_err(err)?;
            nan = self.b.logical_or(bt, None, nan, inf_nan).map_err(err)?;
        }
        let is_nan = self.b.logical_or(bt, None, zero_or_nan, nan).map_err(err)?;
        let sm = uc(self, sign);
        let mut s = self.b.bitwise_and(ht, None, hi, sm).map_err(err)?;
        if neg {
            s = self.b.bitwise_xor(ht, None, s, sm).map_err(err)?;
        }
        let signed_inf = self.b.bitwise_or(ht, None, s, inf).map_err(err)?;
        let qnan = uc(self, if words == 2 { 0x7ff8_0000 } else { 0x7fc0_0000 });
        let r_hi = self
            .b
            .select(ht, None, is_nan, qnan, signed_inf)
            .map_err(err)?;
        let t = self.vt(e);
        let r = if words == 2 {
            let v2 = self.b.type_vector(u32_t, 2);
            let z = self.b.constant_bit32(u32_t, 0);
            let w = self
                .b
                .composite_construct(v2, None, [z, r_hi])
                .map_err(err)?;
            self.b.bitcast(t, None, w).map_err(err)?
        } else {
            self.b.bitcast(t, None, r_hi).map_err(err)?
        };
        Ok(r)
    }

    /// The f32 constant `x` (splatted when `lanes > 1`).
    fn f32c(&mut self, x: f32) -> Word {
        let st = self.elem_type(ElementType::F32);
        let c = self.b.constant_bit32(st, x.to_bits());
        let t = self.vt(ElementType::F32);
        self.splat(t, c)
    }

    /// Constant `x` of element `e` (a 32- or 64-bit int or float).
    fn constant(&mut self, e: ElementType, x: f64, i: i64) -> Word {
        let st = self.elem_type(e);
        let c = match e {
            ElementType::F64 => self.b.constant_bit64(st, x.to_bits()),
            ElementType::F32 => self.b.constant_bit32(st, (x as f32).to_bits()),
            ElementType::I64 => self.b.constant_bit64(st, i as u64),
            _ => self.b.constant_bit32(st, i as u32),
        };
        let t = self.vt(e);
        self.splat(t, c)
    }

    /// An i1 (bool) as an i32: `t` where true, else 0.
    fn bool_to_int(&mut self, b: Word, t: i64) -> Result<Word> {
        let (one, zero) = (
            self.constant(ElementType::I32, 0.0, t),
            self.constant(ElementType::I32, 0.0, 0),
        );
        let it = self.vt(ElementType::I32);
        self.b.select(it, None, b, one, zero).map_err(err)
    }

    /// `graph.cast` of `v` from `from` to `to` (ONNX `Cast`; see
    /// `kernel.cast`): float → int clamped first (the conversion of an
    /// out-of-range float is undefined in SPIR-V), NaN → 0.
    fn cast(&mut self, _: BodyOp, from: ElementType, to: ElementType, v: Word) -> Result<Word> {
        if from == to {
            return Ok(v);
        }
        let bt = self.bt();
        let tt = self.vt(to);
        if to == ElementType::I1 {
            return if from.is_float() {
                let z = self.constant(from, 0.0, 0);
                self.b.f_unord_not_equal(bt, None, v, z).map_err(err)
            } else {
                let z = self.constant(from, 0.0, 0);
                self.b.i_not_equal(bt, None, v, z).map_err(err)
            };
        }
        if from == ElementType::I1 {
            let one = self.constant(to, 1.0, 1);
            let zero = self.constant(to, 0.0, 0);
            return self.b.select(tt, None, v, one, zero).map_err(err);
        }
        match (from.is_float(), to.is_float()) {
            (true, true) => self.b.f_convert(tt, None, v).map_err(err),
            (false, true) => self.b.convert_s_to_f(tt, None, v).map_err(err),
            (false, false) if to == ElementType::I64 => {
                // lavapipe miscompiles a signed compare of an `OpSConvert`ed
                // value with a constant (`sext(x) < 0` was false for every
                // x): sign-extend as `(zext(x) ^ 2^31) - 2^31` instead.
                let ut = self.b.type_int(64, 0);
                let ut = if self.lanes > 1 {
                    self.b.type_vector(ut, self.lanes)
                } else {
                    ut
                };
                let u = self.b.u_convert(ut, None, v).map_err(err)?;
                let u = self.b.bitcast(tt, None, u).map_err(err)?;
                let k = self.constant(ElementType::I64, 0.0, 1 << 31);
                let x = self.b.bitwise_xor(tt, None, u, k).map_err(err)?;
                self.b.i_sub(tt, None, x, k).map_err(err)
            }
            (false, false) => self.b.s_convert(tt, None, v).map_err(err),
            (true, false) => {
                let bits = if to == ElementType::I64 { 64 } else { 32 };
                let p = if from == ElementType::F64 { 53 } else { 24 };
                let two = 2f64.powi(bits - 1);
                // The largest float below 2^(bits-1).
                let hi = if p >= bits - 1 {
                    two - 1.0
                } else {
                    two - 2f64.powi(bits - 1 - p)
                };
                let ft = self.vt(from);
                let (lo_c, hi_c, two_c) = (
                    self.constant(from, -two, 0),
                    self.constant(from, hi, 0),
                    self.constant(from, two, 0),
                );
                let below = self.b.f_ord_less_than(bt, None, v, lo_c).map_err(err)?;
                let c = self.b.select(ft, None, below, lo_c, v).map_err(err)?;
                let above = self.b.f_ord_greater_than(bt, None, c, hi_c).map_err(err)?;
                let c = self.b.select(ft, None, above, hi_c, c).map_err(err)?;
                let r = self.b.convert_f_to_s(tt, None, c).map_err(err)?;
                let max = if bits == 64 {
                    i64::MAX
                } else {
                    i32::MAX as i64
                };
                let max_c = self.constant(to, 0.0, max);
                let zero = self.constant(to, 0.0, 0);
                let big = self
                    .b
                    .f_ord_greater_than_equal(bt, None, v, two_c)
                    .map_err(err)?;
                let r = self.b.select(tt, None, big, max_c, r).map_err(err)?;
                let nan = self.b.is_nan(bt, None, v).map_err(err)?;
                self.b.select(tt, None, nan, zero, r).map_err(err)
            }
        }
    }

    /// C's `pow(x, y)` in f32 from GLSL's `Pow(|x|, y)` (undefined for a
    /// negative or zero base): a negative base with an integral exponent
    /// takes the sign of an odd one, a negative base with another exponent
    /// is NaN, `pow(±0, y)` is 0 (y > 0) or inf (y < 0) with the sign of an
    /// odd `y`, `pow(x, 0) = pow(1, y) = pow(-1, ±inf) = 1`.
    fn pow(&mut self, t: Word, x: Word, y: Word) -> Result<Word> {
        let bt = self.bt();
        let (zero, one, half) = (self.f32c(0.0), self.f32c(1.0), self.f32c(0.5));
        let (inf, nan) = (self.f32c(f32::INFINITY), self.f32c(f32::NAN));
        let ax = self.glsl(t, GLSL_FABS, &[x])?;
        let ay = self.glsl(t, GLSL_FABS, &[y])?;
        let p = self.glsl(t, GLSL_POW, &[ax, y])?;
        // Pow(0, y) by sign of y.
        let y_pos = self.b.f_ord_greater_than(bt, None, y, zero).map_err(err)?;
        let zero_pow = self.b.select(t, None, y_pos, zero, inf).map_err(err)?;
        let x_zero = self.b.f_ord_equal(bt, None, x, zero).map_err(err)?;
        let p = self.b.select(t, None, x_zero, zero_pow, p).map_err(err)?;
        // y integral, y odd.
        let ty = self.glsl(t, GLSL_TRUNC, &[y])?;
        let integral = self.b.f_ord_equal(bt, None, ty, y).map_err(err)?;
        let hy = self.b.f_mul(t, None, y, half).map_err(err)?;
        let thy = self.glsl(t, GLSL_TRUNC, &[hy])?;
        let half_odd = self.b.f_ord_not_equal(bt, None, thy, hy).map_err(err)?;
        let odd = self
            .b
            .logical_and(bt, None, integral, half_odd)
            .map_err(err)?;
        // The sign bit of x (-0 included): 1 / x < 0 for zeros.
        let rx = self.b.f_div(t, None, one, x).map_err(err)?;
        let neg0 = self.b.f_ord_less_than(bt, None, rx, zero).map_err(err)?;
        let neg0 = self.b.logical_and(bt, None, x_zero, neg0).map_err(err)?;
        let lt0 = self.b.f_ord_less_than(bt, None, x, zero).map_err(err)?;
        let neg = self.b.logical_or(bt, None, lt0, neg0).map_err(err)?;
        let neg_p = self.b.f_negate(t, None, p).map_err(err)?;
        let flip = self.b.logical_and(bt, None, neg, odd).map_err(err)?;
        let r = self.b.select(t, None, flip, neg_p, p).map_err(err)?;
        // A finite negative base with a non-integral exponent: NaN.
        let ninf = self.f32c(f32::NEG_INFINITY);
        let x_neg = self.b.f_ord_less_than(bt, None, x, zero).map_err(err)?;
        let finite = self.b.f_ord_greater_than(bt, None, x, ninf).map_err(err)?;
        let x_neg = self.b.logical_and(bt, None, x_neg, finite).map_err(err)?;
        let not_int = self.b.logical_not(bt, None, integral).map_err(err)?;
        let bad = self.b.logical_and(bt, None, x_neg, not_int).map_err(err)?;
        let r = self.b.select(t, None, bad, nan, r).map_err(err)?;
        // A NaN operand gives NaN (unless one of the ones below).
        let xn = self.b.is_nan(bt, None, x).map_err(err)?;
        let yn = self.b.is_nan(bt, None, y).map_err(err)?;
        let any_nan = self.b.logical_or(bt, None, xn, yn).map_err(err)?;
        let r = self.b.select(t, None, any_nan, nan, r).map_err(err)?;
        // The ones: y == 0, x == 1, |x| == 1 with |y| == inf.
        let y0 = self.b.f_ord_equal(bt, None, y, zero).map_err(err)?;
        let x1 = self.b.f_ord_equal(bt, None, x, one).map_err(err)?;
        let ax1 = self.b.f_ord_equal(bt, None, ax, one).map_err(err)?;
        let yinf = self.b.f_ord_equal(bt, None, ay, inf).map_err(err)?;
        let m1 = self.b.logical_and(bt, None, ax1, yinf).map_err(err)?;
        let ones = self.b.logical_or(bt, None, y0, x1).map_err(err)?;
        let ones = self.b.logical_or(bt, None, ones, m1).map_err(err)?;
        self.b.select(t, None, ones, one, r).map_err(err)
    }

    /// `ln x` in f32 by fdlibm's (musl's `logf`) reduction and polynomial,
    /// as the local backend computes it (`math::log`): GLSL's `Log` is only
    /// accurate to 2^-21 absolute near 1. `x = 2^k m`, `m` in
    /// `[sqrt(1/2), sqrt(2))`, `f = m - 1`, `s = f / (2 + f)`,
    /// `ln x = k ln2 + f - f^2/2 + s (f^2/2 + R(s^2))`; subnormals scaled by
    /// 2^25 first; ln(±0) = -inf, ln(x < 0) = NaN, ln(inf) = inf, NaN stays.
    fn log(&mut self, t: Word, x: Word) -> Result<Word> {
        let bt = self.bt();
        let it = self.vt(ElementType::I32);
        let ic = |g: &mut Gen, v: i64| g.constant(ElementType::I32, 0.0, v);
        let mn = self.f32c(f32::MIN_POSITIVE);
        let sub = self.b.f_ord_less_than(bt, None, x, mn).map_err(err)?;
        let scale = self.f32c(2f32.powi(25));
        let xs = self.b.f_mul(t, None, x, scale).map_err(err)?;
        let xs = self.b.select(t, None, sub, xs, x).map_err(err)?;
        let (adj, zero_i) = (ic(self, -25), ic(self, 0));
        let kadj = self.b.select(it, None, sub, adj, zero_i).map_err(err)?;
        let ix = self.b.bitcast(it, None, xs).map_err(err)?;
        let d = ic(self, 0x3f80_0000 - 0x3f35_04f3);
        let ix = self.b.i_add(it, None, ix, d).map_err(err)?;
        let sh = ic(self, 23);
        let k = self.b.shift_right_logical(it, None, ix, sh).map_err(err)?;
        let bias = ic(self, 0x7f);
        let k = self.b.i_sub(it, None, k, bias).map_err(err)?;
        let k = self.b.i_add(it, None, k, kadj).map_err(err)?;
        let mask = ic(self, 0x007f_ffff);
        let m = self.b.bitwise_and(it, None, ix, mask).map_err(err)?;
        let h = ic(self, 0x3f35_04f3);
        let m = self.b.i_add(it, None, m, h).map_err(err)?;
        let m = self.b.bitcast(t, None, m).map_err(err)?;
        let (one, two, half) = (self.f32c(1.0), self.f32c(2.0), self.f32c(0.5));
        let f = self.b.f_sub(t, None, m, one).map_err(err)?;
        let den = self.b.f_add(t, None, two, f).map_err(err)?;
        let sv = self.b.f_div(t, None, f, den).map_err(err)?;
        let z = self.b.f_mul(t, None, sv, sv).map_err(err)?;
        let w = self.b.f_mul(t, None, z, z).map_err(err)?;
        // Lg1..Lg4 of musl's logf.
        let t2 = self.horner(t, w, &[0.284_987_87, 0.666_666_6])?;
        let t2 = self.b.f_mul(t, None, z, t2).map_err(err)?;
        let t1 = self.horner(t, w, &[0.242_790_79, 0.400_009_72])?;
        let t1 = self.b.f_mul(t, None, w, t1).map_err(err)?;
        let r = self.b.f_add(t, None, t2, t1).map_err(err)?;
        let ff = self.b.f_mul(t, None, f, f).map_err(err)?;
        let hfsq = self.b.f_mul(t, None, half, ff).map_err(err)?;
        let dk = self.b.convert_s_to_f(t, None, k).map_err(err)?;
        let (hi, lo) = (self.f32c(0.693_138_1), self.f32c(9.058_001e-6));
        let a = self.b.f_add(t, None, hfsq, r).map_err(err)?;
        let a = self.b.f_mul(t, None, sv, a).map_err(err)?;
        let dl = self.b.f_mul(t, None, dk, lo).map_err(err)?;
        let a = self.b.f_add(t, None, a, dl).map_err(err)?;
        let a = self.b.f_sub(t, None, a, hfsq).map_err(err)?;
        let a = self.b.f_add(t, None, a, f).map_err(err)?;
        let dh = self.b.f_mul(t, None, dk, hi).map_err(err)?;
        let y = self.b.f_add(t, None, a, dh).map_err(err)?;
        // Special values.
        let (zero, inf) = (self.f32c(0.0), self.f32c(f32::INFINITY));
        let (ninf, nan) = (self.f32c(f32::NEG_INFINITY), self.f32c(f32::NAN));
        let is_inf = self.b.f_ord_equal(bt, None, x, inf).map_err(err)?;
        let y = self.b.select(t, None, is_inf, inf, y).map_err(err)?;
        let neg = self.b.f_ord_less_than(bt, None, x, zero).map_err(err)?;
        let y = self.b.select(t, None, neg, nan, y).map_err(err)?;
        let is_zero = self.b.f_ord_equal(bt, None, x, zero).map_err(err)?;
        let y = self.b.select(t, None, is_zero, ninf, y).map_err(err)?;
        let is_nan = self.b.is_nan(bt, None, x).map_err(err)?;
        self.b.select(t, None, is_nan, x, y).map_err(err)
    }

    /// `c[0] x^n + ... + c[n]` by Horner's rule.
    fn horner(&mut self, t: Word, x: Word, c: &[f32]) -> Result<Word> {
        let mut acc = self.f32c(c[0]);
        for &k in &c[1..] {
            let m = self.b.f_mul(t, None, acc, x).map_err(err)?;
            let kc = self.f32c(k);
            acc = self.b.f_add(t, None, m, kc).map_err(err)?;
        }
        Ok(acc)
    }

    /// `erf x` in f32 (GLSL has none), the polynomials of
    /// [`ERF_SMALL`] and [`ERF_LARGE`]: `x + x P(x^2)` for `|x| < 1`
    /// (relative accuracy down to the subnormals), `±(1 - e^(-x^2) R(|x|))` up to 4,
    /// then ±1; NaN stays NaN.
    fn erf(&mut self, t: Word, x: Word) -> Result<Word> {
        let bt = self.bt();
        let a = self.glsl(t, GLSL_FABS, &[x])?;
        let z = self.b.f_mul(t, None, a, a).map_err(err)?;
        let p = self.horner(t, z, &ERF_SMALL)?;
        let xp = self.b.f_mul(t, None, x, p).map_err(err)?;
        let small = self.b.f_add(t, None, x, xp).map_err(err)?;
        let (k, m) = (self.f32c(1.0 / 1.5), self.f32c(2.5 / 1.5));
        let u = self.b.f_mul(t, None, a, k).map_err(err)?;
        let u = self.b.f_sub(t, None, u, m).map_err(err)?;
        let r = self.horner(t, u, &ERF_LARGE)?;
        let nz = self.b.f_negate(t, None, z).map_err(err)?;
        let e = self.glsl(t, GLSL_EXP, &[nz])?;
        let er = self.b.f_mul(t, None, e, r).map_err(err)?;
        let one = self.f32c(1.0);
        let large = self.b.f_sub(t, None, one, er).map_err(err)?;
        let zero = self.f32c(0.0);
        let neg = self.b.f_ord_less_than(bt, None, x, zero).map_err(err)?;
        let nlarge = self.b.f_negate(t, None, large).map_err(err)?;
        let large = self.b.select(t, None, neg, nlarge, large).map_err(err)?;
        let lt1 = self.b.f_ord_less_than(bt, None, a, one).map_err(err)?;
        let r = self.b.select(t, None, lt1, small, large).map_err(err)?;
        let four = self.f32c(4.0);
        let big = self
            .b
            .f_ord_greater_than_equal(bt, None, a, four)
            .map_err(err)?;
        let m1 = self.f32c(-1.0);
        let s = self.b.select(t, None, neg, m1, one).map_err(err)?;
        self.b.select(t, None, big, s, r).map_err(err)
    }

    /// Emits the body on `args` (`None`: not loaded); returns every value.
    fn body(&mut self, body: &Body, args: &[Option<Word>]) -> Result<Vec<Word>> {
        let mut vals: Vec<Word> = Vec::with_capacity(body.ops.len());
        for (op, e) in &body.ops {
            let e = *e;
            let st = self.elem_type(e);
            let t = self.vt(e);
            let bt = self.bt();
            let f = e.is_float();
            let v = match *op {
                BodyOp::Arg(i) => args.get(i).copied().flatten().ok_or_else(|| {
                    Error::internal("a body reads an argument the stage does not load")
                })?,
                BodyOp::ConstF(x) => {
                    let c = match e {
                        ElementType::F64 => self.b.constant_bit64(st, x.to_bits()),
                        _ => self.b.constant_bit32(st, (x as f32).to_bits()),
                    };
                    self.splat(t, c)
                }
                BodyOp::ConstI(x) => {
                    let c = match e {
                        ElementType::I1 if x & 1 == 1 => self.b.constant_true(st),
                        ElementType::I1 => self.b.constant_false(st),
                        ElementType::I64 => self.b.constant_bit64(st, x as u64),
                        _ => self.b.constant_bit32(st, x as u32),
                    };
                    self.splat(t, c)
                }
                BodyOp::Bin(Bin::Max, a, c) if f => self.fmax(t, e, vals[a], vals[c])?,
                // minimum(a, c) = -maximum(-a, -c): NaN wins, -0 < +0.
                BodyOp::Bin(Bin::Min, a, c) if f => {
                    let na = self.b.f_negate(t, None, vals[a]).map_err(err)?;
                    let nc = self.b.f_negate(t, None, vals[c]).map_err(err)?;
                    let m = self.fmax(t, e, na, nc)?;
                    self.b.f_negate(t, None, m).map_err(err)?
                }
                // i1 arithmetic on bools (signless i1: true is -1, wrapping):
                // add/sub are xor; mul, max and div (x / 0 = 0) are and; min
                // is or.
                BodyOp::Bin(bin, a, c) if e == ElementType::I1 => {
                    let (a, c) = (vals[a], vals[c]);
                    let r = match bin {
                        Bin::Add | Bin::Sub | Bin::Xor => self.b.logical_not_equal(t, None, a, c),
                        Bin::Mul | Bin::Max | Bin::Div | Bin::And => {
                            self.b.logical_and(t, None, a, c)
                        }
                        Bin::Min | Bin::Or => self.b.logical_or(t, None, a, c),
                    };
                    r.map_err(err)?
                }
                BodyOp::Bin(Bin::Div, a, c)
                    if f && matches!(body.ops[c].0, BodyOp::ConstF(z) if z == 0.0) =>
                {
                    let neg = matches!(body.ops[c].0, BodyOp::ConstF(z) if z.is_sign_negative());
                    self.div_by_zero(e, vals[a], neg)?
                }
                BodyOp::Bin(bin, a, c) => {
                    let (a, c) = (vals[a], vals[c]);
                    let r = match (bin, f) {
                        (Bin::Add, true) => self.b.f_add(t, None, a, c),
                        (Bin::Sub, true) => self.b.f_sub(t, None, a, c),
                        (Bin::Mul, true) => self.b.f_mul(t, None, a, c),
                        (Bin::Div, true) => self.b.f_div(t, None, a, c),
                        (Bin::Max | Bin::Min, true) => unreachable!("matched above"),
                        (Bin::Add, false) => self.b.i_add(t, None, a, c),
                        (Bin::Sub, false) => self.b.i_sub(t, None, a, c),
                        (Bin::Mul, false) => self.b.i_mul(t, None, a, c),
                        // The lowering guards the divisor (x / 0 = 0, MIN / -1 = MIN).
                        (Bin::Div, false) => self.b.s_div(t, None, a, c),
                        (Bin::Max, false) => {
                            let gt = self.b.s_greater_than(bt, None, a, c).map_err(err)?;
                            self.b.select(t, None, gt, a, c)
                        }
                        (Bin::Min, false) => {
                            let lt = self.b.s_less_than(bt, None, a, c).map_err(err)?;
                            self.b.select(t, None, lt, a, c)
                        }
                        (Bin::Or, _) if e == ElementType::I1 => self.b.logical_or(t, None, a, c),
                        (Bin::Or, _) => self.b.bitwise_or(t, None, a, c),
                        (Bin::And, _) if e == ElementType::I1 => self.b.logical_and(t, None, a, c),
                        (Bin::And, _) => self.b.bitwise_and(t, None, a, c),
                        (Bin::Xor, _) if e == ElementType::I1 => {
                            self.b.logical_not_equal(t, None, a, c)
                        }
                        (Bin::Xor, _) => self.b.bitwise_xor(t, None, a, c),
                    };
                    r.map_err(err)?
                }
                BodyOp::Neg(a) => self.b.f_negate(t, None, vals[a]).map_err(err)?,
                BodyOp::Exp(a) | BodyOp::Tanh(a) => {
                    if e != ElementType::F32 {
                        let what = if matches!(op, BodyOp::Exp(_)) {
                            "exp"
                        } else {
                            "tanh"
                        };
                        return Err(Error::unimplemented(format!(
                            "{what} of {e} is not supported"
                        )));
                    }
                    let inst = if matches!(op, BodyOp::Exp(_)) {
                        GLSL_EXP
                    } else {
                        GLSL_TANH
                    };
                    self.b
                        .ext_inst(t, None, self.glsl, inst, [Operand::IdRef(vals[a])])
                        .map_err(err)?
                }
                BodyOp::Abs(a) => self.glsl(t, GLSL_FABS, &[vals[a]])?,
                BodyOp::Sqrt(a) => self.glsl(t, GLSL_SQRT, &[vals[a]])?,
                BodyOp::Log(_)
                | BodyOp::Erf(_)
                | BodyOp::Sin(_)
                | BodyOp::Cos(_)
                | BodyOp::Pow(..)
                    if e != ElementType::F32 =>
                {
                    let what = match op {
                        BodyOp::Log(_) => "log",
                        BodyOp::Erf(_) => "erf",
                        BodyOp::Sin(_) => "sin",
                        BodyOp::Cos(_) => "cos",
                        _ => "pow",
                    };
                    return Err(Error::unimplemented(format!(
                        "{what} of {e} is not supported"
                    )));
                }
                BodyOp::Log(a) => self.log(t, vals[a])?,
                BodyOp::Pow(a, c) => self.pow(t, vals[a], vals[c])?,
                BodyOp::Erf(a) => self.erf(t, vals[a])?,
                BodyOp::Sin(a) => self.glsl(t, GLSL_SIN, &[vals[a]])?,
                BodyOp::Cos(a) => self.glsl(t, GLSL_COS, &[vals[a]])?,
                BodyOp::Cast(a) => self.cast(body.ops[a].0, body.ops[a].1, e, vals[a])?,
                BodyOp::Index(d) => {
                    let i = self.index.get(d).copied().flatten().ok_or_else(|| {
                        Error::internal(format!("kernel.index {d} outside the domain"))
                    })?;
                    if e == ElementType::I64 {
                        self.b.s_convert(st, None, i).map_err(err)?
                    } else {
                        i
                    }
                }
                BodyOp::Cmp(p, a, c) => {
                    let from = body.ops[a].1;
                    let (mut x, mut y) = (vals[a], vals[c]);
                    if from == ElementType::I1 {
                        // As signless i1 numbers: true is -1.
                        x = self.bool_to_int(x, -1)?;
                        y = self.bool_to_int(y, -1)?;
                    }
                    let r = if from.is_float() {
                        match p {
                            Cmp::Eq => self.b.f_ord_equal(bt, None, x, y),
                            Cmp::Ne => self.b.f_unord_not_equal(bt, None, x, y),
                            Cmp::Lt => self.b.f_ord_less_than(bt, None, x, y),
                            Cmp::Le => self.b.f_ord_less_than_equal(bt, None, x, y),
                            Cmp::Gt => self.b.f_ord_greater_than(bt, None, x, y),
                            Cmp::Ge => self.b.f_ord_greater_than_equal(bt, None, x, y),
                        }
                    } else {
                        match p {
                            Cmp::Eq => self.b.i_equal(bt, None, x, y),
                            Cmp::Ne => self.b.i_not_equal(bt, None, x, y),
                            Cmp::Lt => self.b.s_less_than(bt, None, x, y),
                            Cmp::Le => self.b.s_less_than_equal(bt, None, x, y),
                            Cmp::Gt => self.b.s_greater_than(bt, None, x, y),
                            Cmp::Ge => self.b.s_greater_than_equal(bt, None, x, y),
                        }
                    };
                    r.map_err(err)?
                }
                BodyOp::Select(c, a, f) => self
                    .b
                    .select(t, None, vals[c], vals[a], vals[f])
                    .map_err(err)?,
            };
            vals.push(v);
        }
        Ok(vals)
    }

    /// Unflattens `p` over dims `sizes` (innermost last) and returns each
    /// operand's offset `base_k + Σ i_d coef_kd` for the dims `dims`.
    fn offsets(
        &mut self,
        l: &ArgsLayout,
        p: Word,
        dims: std::ops::Range<usize>,
        start: &[Word],
    ) -> Result<Vec<Word>> {
        let mut offs = start.to_vec();
        let mut q = p;
        for d in dims.rev() {
            let size = self.arg(l.size(d))?;
            let i = self.b.s_rem(self.i32_t, None, q, size).map_err(err)?;
            q = self.b.s_div(self.i32_t, None, q, size).map_err(err)?;
            if self.index.len() <= d {
                self.index.resize(d + 1, None);
            }
            self.index[d] = Some(i);
            for (k, o) in offs.iter_mut().enumerate() {
                let c = self.arg(l.coef(k, d))?;
                let m = self.b.i_mul(self.i32_t, None, i, c).map_err(err)?;
                *o = self.b.i_add(self.i32_t, None, *o, m).map_err(err)?;
            }
        }
        Ok(offs)
    }
}

/// Which body arguments the body reads.
fn used_args(body: &Body, n: usize) -> Vec<bool> {
    let mut used = vec![false; n];
    for (op, _) in &body.ops {
        if let BodyOp::Arg(i) = op {
            if *i < n {
                used[*i] = true;
            }
        }
    }
    used
}

/// A generic stage; `elems`: its operands' element types (inputs, output).
/// A parallel body is loaded, computed and stored per iteration; a
/// reduction keeps its accumulator in a variable over the reduced dims.
pub fn generic_shader(plan: &GenericPlan, elems: &[ElementType]) -> Result<Vec<u32>> {
    plan.check_index_dims()?;
    let n = elems.len();
    let rank = plan.domain.len();
    let l = ArgsLayout { operands: n, rank };
    let par = plan.parallel;
    let out = n - 1;
    let reduces = par < rank;
    let used = used_args(&plan.body, n);
    let mut gen = Gen::new(elems);
    gen.body_capabilities(&plan.body, elems);
    let acc_t = gen.elem_type(elems[out]);
    let vars = if reduces {
        vec![gen.i32_t, acc_t]
    } else {
        vec![]
    };
    gen.main(
        &vars,
        |g| g.arg(l.total()),
        |g, p, vars| {
            let bases: Vec<Word> = (0..n).map(|k| g.arg(l.base(k))).collect::<Result<_, _>>()?;
            let offs = g.offsets(&l, p, 0..par, &bases)?;
            let mut args: Vec<Option<Word>> = vec![None; n];
            if !reduces {
                for k in 0..n {
                    if used[k] {
                        args[k] = Some(g.load_elem(k, offs[k])?);
                    }
                }
                let vals = g.body(&plan.body, &args)?;
                return g.store_elem(out, offs[out], vals[plan.body.result]);
            }
            let (rvar, acc) = (vars[0], vars[1]);
            let a0 = g.load_elem(out, offs[out])?;
            g.b.store(acc, a0, None, []).map_err(err)?;
            let zero = g.ci(0);
            g.b.store(rvar, zero, None, []).map_err(err)?;
            let mut red = g.ci(1);
            for d in par..rank {
                let s = g.arg(l.size(d))?;
                red = g.b.i_mul(g.i32_t, None, red, s).map_err(err)?;
            }
            let one = g.ci(1);
            g.counted(rvar, red, one, |g| {
                let r = g.b.load(g.i32_t, None, rvar, None, []).map_err(err)?;
                let roffs = g.offsets(&l, r, par..rank, &offs)?;
                let mut args: Vec<Option<Word>> = vec![None; n];
                for k in 0..out {
                    if used[k] {
                        args[k] = Some(g.load_elem(k, roffs[k])?);
                    }
                }
                args[out] = Some(g.b.load(acc_t, None, acc, None, []).map_err(err)?);
                let vals = g.body(&plan.body, &args)?;
                g.b.store(acc, vals[plan.body.result], None, [])
                    .map_err(err)
            })?;
            let v = g.b.load(acc_t, None, acc, None, []).map_err(err)?;
            g.store_elem(out, offs[out], v)
        },
    )
}

/// Whether a generic stage has a 4-lane form: a parallel body of 32-bit
/// values whose output is contiguous along the innermost dim and whose
/// inputs are contiguous there or broadcast. Which operands are read as
/// 4-vectors (the contiguous ones).
pub fn vec4_operands(plan: &GenericPlan, elems: &[ElementType]) -> Option<Vec<bool>> {
    use xir_kernel_plan::{inner_kinds, Inner};
    let bit32 = |e: ElementType| matches!(e, ElementType::F32 | ElementType::I32);
    if plan.parallel < plan.domain.len()
        || plan.parallel == 0
        || plan
            .body
            .ops
            .iter()
            .any(|(o, _)| matches!(o, BodyOp::Index(_)))
        || !elems.iter().all(|&e| bit32(e))
        || !plan
            .body
            .ops
            .iter()
            .all(|&(_, e)| bit32(e) || e == ElementType::I1)
    {
        return None;
    }
    let kinds = inner_kinds(plan);
    if *kinds.last()? != Inner::Contiguous || kinds.contains(&Inner::Strided) {
        return None;
    }
    Some(kinds.iter().map(|&k| k == Inner::Contiguous).collect())
}

/// The 4-lane form of a parallel generic ([`vec4_operands`]): each
/// iteration computes 4 consecutive elements of a row. Args as for
/// [`generic_shader`] with `total` the iteration count over 4; the
/// dispatch uses it only when the inner size, and every vector operand's
/// start and strides, are multiples of 4.
pub fn generic_vec4_shader(plan: &GenericPlan, elems: &[ElementType]) -> Result<Vec<u32>> {
    let vec4 = vec4_operands(plan, elems).ok_or_else(|| Error::internal("no 4-lane form"))?;
    let n = elems.len();
    let rank = plan.domain.len();
    let l = ArgsLayout { operands: n, rank };
    let used = used_args(&plan.body, n);
    let mut gen = Gen::with_vectors(elems, &vec4);
    gen.body_capabilities(&plan.body, elems);
    gen.lanes = 4;
    gen.main(
        &[],
        |g| g.arg(l.total()),
        |g, p, _| {
            let four = g.ci(4);
            let q = g.b.i_mul(g.i32_t, None, p, four).map_err(err)?;
            let bases: Vec<Word> = (0..n).map(|k| g.arg(l.base(k))).collect::<Result<_, _>>()?;
            let offs = g.offsets(&l, q, 0..rank, &bases)?;
            let mut args: Vec<Option<Word>> = vec![None; n];
            for k in 0..n {
                if !used[k] {
                    continue;
                }
                args[k] = Some(if vec4[k] {
                    let i = g.b.s_div(g.i32_t, None, offs[k], four).map_err(err)?;
                    g.load_elem(k, i)?
                } else {
                    let x = g.load_elem(k, offs[k])?;
                    let vt = g.vt(elems[k]);
                    g.b.composite_construct(vt, None, [x, x, x, x])
                        .map_err(err)?
                });
            }
            let vals = g.body(&plan.body, &args)?;
            let i = g.b.s_div(g.i32_t, None, offs[n - 1], four).map_err(err)?;
            g.store_elem(n - 1, i, vals[plan.body.result])
        },
    )
}

/// A (batched) matmul `out[b, i, j] = Σ_k lhs[b, i, k] rhs[b, k, j]`, one
/// output element per iteration. Args: `[batch·m·n, m, n, k]`; the operands
/// are whole row-major buffers.
pub fn matmul_shader(elem: ElementType) -> Result<Vec<u32>> {
    let mut gen = Gen::new(&[elem, elem, elem]);
    let t = gen.elem_type(elem);
    let vars = vec![gen.i32_t, t];
    gen.main(
        &vars,
        |g| g.arg(0),
        |g, p, vars| {
            let (kvar, acc) = (vars[0], vars[1]);
            let (m, n, k) = (g.arg(1)?, g.arg(2)?, g.arg(3)?);
            let i32_t = g.i32_t;
            let j = g.b.s_rem(i32_t, None, p, n).map_err(err)?;
            let bi = g.b.s_div(i32_t, None, p, n).map_err(err)?; // b·m + i
            let bat = g.b.s_div(i32_t, None, bi, m).map_err(err)?;
            // lhs row start: (b·m + i)·k; rhs start: b·k·n + j.
            let arow = g.b.i_mul(i32_t, None, bi, k).map_err(err)?;
            let kn = g.b.i_mul(i32_t, None, k, n).map_err(err)?;
            let bstart = g.b.i_mul(i32_t, None, bat, kn).map_err(err)?;
            let bcol = g.b.i_add(i32_t, None, bstart, j).map_err(err)?;
            let zero = match elem {
                ElementType::F32 => g.b.constant_bit32(t, 0),
                ElementType::F64 | ElementType::I64 => g.b.constant_bit64(t, 0),
                _ => g.b.constant_bit32(t, 0),
            };
            g.b.store(acc, zero, None, []).map_err(err)?;
            let z = g.ci(0);
            g.b.store(kvar, z, None, []).map_err(err)?;
            let one = g.ci(1);
            g.counted(kvar, k, one, |g| {
                let kk = g.b.load(i32_t, None, kvar, None, []).map_err(err)?;
                let ao = g.b.i_add(i32_t, None, arow, kk).map_err(err)?;
                let kr = g.b.i_mul(i32_t, None, kk, n).map_err(err)?;
                let bo = g.b.i_add(i32_t, None, bcol, kr).map_err(err)?;
                let a = g.load_elem(0, ao)?;
                let b = g.load_elem(1, bo)?;
                let s = g.b.load(t, None, acc, None, []).map_err(err)?;
                let r = if elem.is_float() {
                    let pr = g.b.f_mul(t, None, a, b).map_err(err)?;
                    g.b.f_add(t, None, s, pr).map_err(err)?
                } else {
                    let pr = g.b.i_mul(t, None, a, b).map_err(err)?;
                    g.b.i_add(t, None, s, pr).map_err(err)?
                };
                g.b.store(acc, r, None, []).map_err(err)
            })?;
            let v = g.b.load(t, None, acc, None, []).map_err(err)?;
            g.store_elem(2, p, v)
        },
    )
}

/// `kernel.gather`, one output element per iteration: the input as
/// `[outer, d, inner]`, `k` indices of element `index` (`I32` or `I64`),
/// the output `[outer, k, inner]`. Args: `[outer·k·inner, d, inner, k]`.
/// Iteration `p` (`i = p % inner`, `j = p / inner % k`, `o = p / inner / k`)
/// reads index `x = indices[j]`, maps it as `graph.gather` does (`x + d`
/// when negative, then clamped to `[0, d - 1]`, in the index's width) and
/// copies `input[(o·d + x)·inner + i]`: no read leaves the input.
pub fn gather_shader(elem: ElementType, index: ElementType) -> Result<Vec<u32>> {
    if !matches!(index, ElementType::I32 | ElementType::I64) {
        return Err(Error::invalid_argument("gather indices must be i32 or i64"));
    }
    let gen = Gen::new(&[elem, index, elem]);
    gen.main(
        &[],
        |g| g.arg(0),
        |g, p, _| {
            let (d, inner, k) = (g.arg(1)?, g.arg(2)?, g.arg(3)?);
            let i32_t = g.i32_t;
            let i = g.b.s_rem(i32_t, None, p, inner).map_err(err)?;
            let r = g.b.s_div(i32_t, None, p, inner).map_err(err)?;
            let j = g.b.s_rem(i32_t, None, r, k).map_err(err)?;
            let o = g.b.s_div(i32_t, None, r, k).map_err(err)?;
            let x = g.load_elem(1, j)?;
            let x = g.index_row(index, x, d)?;
            let od = g.b.i_mul(i32_t, None, o, d).map_err(err)?;
            let row = g.b.i_add(i32_t, None, od, x).map_err(err)?;
            let ri = g.b.i_mul(i32_t, None, row, inner).map_err(err)?;
            let src = g.b.i_add(i32_t, None, ri, i).map_err(err)?;
            let v = g.load_elem(0, src)?;
            g.store_elem(2, p, v)
        },
    )
}

/// `kernel.scatter`, one column per iteration: data, updates and output
/// as `[n, inner]`/`[k, inner]`, `k` indices of element `index`. Args:
/// `[inner, n, k]` (`n > 0`). Iteration `i` copies column `i` of the data
/// into the output, then for `j` in order writes (or combines, by the body
/// op `reduction`) `updates[j, i]` at row `idx(indices[j])`, mapped as
/// gather maps it: one invocation owns a column, so a later duplicate wins
/// as on the host.
pub fn scatter_shader(
    elem: ElementType,
    index: ElementType,
    reduction: Option<Bin>,
) -> Result<Vec<u32>> {
    if !matches!(index, ElementType::I32 | ElementType::I64) {
        return Err(Error::invalid_argument(
            "scatter indices must be i32 or i64",
        ));
    }
    let gen = Gen::new(&[elem, index, elem, elem]);
    let i32_t = gen.i32_t;
    gen.main(
        &[i32_t, i32_t],
        |g| g.arg(0),
        |g, p, vars| {
            let (inner, d, k) = (g.arg(0)?, g.arg(1)?, g.arg(2)?);
            let (r, j) = (vars[0], vars[1]);
            let (zero, one) = (g.ci(0), g.ci(1));
            g.b.store(r, zero, None, []).map_err(err)?;
            g.counted(r, d, one, |g| {
                let rv = g.load_var(r)?;
                let at = g.b.i_mul(i32_t, None, rv, inner).map_err(err)?;
                let at = g.b.i_add(i32_t, None, at, p).map_err(err)?;
                let v = g.load_elem(0, at)?;
                g.store_elem(3, at, v)
            })?;
            g.b.store(j, zero, None, []).map_err(err)?;
            g.counted(j, k, one, |g| {
                let jv = g.load_var(j)?;
                let x = g.load_elem(1, jv)?;
                let x = g.index_row(index, x, d)?;
                let dst = g.b.i_mul(i32_t, None, x, inner).map_err(err)?;
                let dst = g.b.i_add(i32_t, None, dst, p).map_err(err)?;
                let src = g.b.i_mul(i32_t, None, jv, inner).map_err(err)?;
                let src = g.b.i_add(i32_t, None, src, p).map_err(err)?;
                let u = g.load_elem(2, src)?;
                let v = match reduction {
                    None => u,
                    Some(op) => {
                        let cur = g.load_elem(3, dst)?;
                        let body = Body {
                            ops: vec![
                                (BodyOp::Arg(0), elem),
                                (BodyOp::Arg(1), elem),
                                (BodyOp::Bin(op, 0, 1), elem),
                            ],
                            result: 2,
                        };
                        g.body(&body, &[Some(cur), Some(u)])?[2]
                    }
                };
                g.store_elem(3, dst, v)
            })
        },
    )
}

/// Tile edge of [`matmul_tiled_shader`]: workgroups of `TILE × TILE`.
pub const TILE: u32 = 16;

/// A (batched) matmul tiled through workgroup memory: workgroup (x, y, z)
/// computes the `TILE × TILE` block of rows `y·TILE..`, columns `x·TILE..`
/// of batch `z`; each step stages a tile of lhs and of rhs in shared
/// memory (out-of-range elements as 0), so each element is read from the
/// buffers once per workgroup instead of once per invocation. Args:
/// `[batch·m·n, m, n, k]` as for [`matmul_shader`].
pub fn matmul_tiled_shader(elem: ElementType) -> Result<Vec<u32>> {
    let mut g = Gen::new(&[elem, elem, elem]);
    let t = g.elem_type(elem);
    let (i32_t, u32_t, bool_t) = (g.i32_t, g.u32_t, g.bool_t);
    let v3 = g.b.type_vector(u32_t, 3);
    let pin = g.b.type_pointer(None, StorageClass::Input, v3);
    let lid_var = g.b.variable(pin, None, StorageClass::Input, None);
    g.b.decorate(
        lid_var,
        Decoration::BuiltIn,
        [Operand::BuiltIn(BuiltIn::LocalInvocationId)],
    );
    let wid_var = g.b.variable(pin, None, StorageClass::Input, None);
    g.b.decorate(
        wid_var,
        Decoration::BuiltIn,
        [Operand::BuiltIn(BuiltIn::WorkgroupId)],
    );
    let len = g.b.constant_bit32(u32_t, TILE * TILE);
    let arr = g.b.type_array(t, len);
    let pwa = g.b.type_pointer(None, StorageClass::Workgroup, arr);
    let pwe = g.b.type_pointer(None, StorageClass::Workgroup, t);
    let tile_a = g.b.variable(pwa, None, StorageClass::Workgroup, None);
    let tile_b = g.b.variable(pwa, None, StorageClass::Workgroup, None);
    let zero = match elem {
        ElementType::F64 | ElementType::I64 => g.b.constant_bit64(t, 0),
        _ => g.b.constant_bit32(t, 0),
    };

    let fty = g.b.type_function(g.void, vec![]);
    let main =
        g.b.begin_function(g.void, None, FunctionControl::NONE, fty)
            .map_err(err)?;
    g.b.begin_block(None).map_err(err)?;
    let pft = g.b.type_pointer(None, StorageClass::Function, t);
    let acc = g.b.variable(pft, None, StorageClass::Function, None);
    let step =
        g.b.variable(g.ptr_fn_i32, None, StorageClass::Function, None);
    let comp = |g: &mut Gen, v: Word, i: u32| -> Result<Word> {
        let x = g.b.composite_extract(u32_t, None, v, [i]).map_err(err)?;
        g.b.bitcast(i32_t, None, x).map_err(err)
    };
    let lid = g.b.load(v3, None, lid_var, None, []).map_err(err)?;
    let wid = g.b.load(v3, None, wid_var, None, []).map_err(err)?;
    let (lx, ly) = (comp(&mut g, lid, 0)?, comp(&mut g, lid, 1)?);
    let (wx, wy, wz) = (
        comp(&mut g, wid, 0)?,
        comp(&mut g, wid, 1)?,
        comp(&mut g, wid, 2)?,
    );
    let tile = g.ci(TILE as i32);
    let col = {
        let c = g.b.i_mul(i32_t, None, wx, tile).map_err(err)?;
        g.b.i_add(i32_t, None, c, lx).map_err(err)?
    };
    let row = {
        let r = g.b.i_mul(i32_t, None, wy, tile).map_err(err)?;
        g.b.i_add(i32_t, None, r, ly).map_err(err)?
    };
    let (m, n, k) = (g.arg(1)?, g.arg(2)?, g.arg(3)?);
    let mk = g.b.i_mul(i32_t, None, m, k).map_err(err)?;
    let kn = g.b.i_mul(i32_t, None, k, n).map_err(err)?;
    let mn = g.b.i_mul(i32_t, None, m, n).map_err(err)?;
    let abase = g.b.i_mul(i32_t, None, wz, mk).map_err(err)?;
    let bbase = g.b.i_mul(i32_t, None, wz, kn).map_err(err)?;
    let cbase = g.b.i_mul(i32_t, None, wz, mn).map_err(err)?;
    let row_ok = g.b.s_less_than(bool_t, None, row, m).map_err(err)?;
    let col_ok = g.b.s_less_than(bool_t, None, col, n).map_err(err)?;
    let here = {
        let y = g.b.i_mul(i32_t, None, ly, tile).map_err(err)?;
        g.b.i_add(i32_t, None, y, lx).map_err(err)?
    };
    g.b.store(acc, zero, None, []).map_err(err)?;
    let z = g.ci(0);
    g.b.store(step, z, None, []).map_err(err)?;
    let tiles = {
        let k1 = g.ci(TILE as i32 - 1);
        let s = g.b.i_add(i32_t, None, k, k1).map_err(err)?;
        g.b.s_div(i32_t, None, s, tile).map_err(err)?
    };
    let (wg, sem) = (
        g.b.constant_bit32(u32_t, 2),     // Scope Workgroup
        g.b.constant_bit32(u32_t, 0x108), // AcquireRelease | WorkgroupMemory
    );
    let one = g.ci(1);
    g.counted(step, tiles, one, |g| {
        let s = g.b.load(i32_t, None, step, None, []).map_err(err)?;
        let k0 = g.b.i_mul(i32_t, None, s, tile).map_err(err)?;
        // lhs[row, k0 + lx] and rhs[k0 + ly, col], 0 outside; the index
        // is clamped to 0 there so no load leaves its buffer.
        let ka = g.b.i_add(i32_t, None, k0, lx).map_err(err)?;
        let kb = g.b.i_add(i32_t, None, k0, ly).map_err(err)?;
        let ka_ok = g.b.s_less_than(bool_t, None, ka, k).map_err(err)?;
        let kb_ok = g.b.s_less_than(bool_t, None, kb, k).map_err(err)?;
        let a_ok = g.b.logical_and(bool_t, None, row_ok, ka_ok).map_err(err)?;
        let b_ok = g.b.logical_and(bool_t, None, kb_ok, col_ok).map_err(err)?;
        let ai = {
            let r = g.b.i_mul(i32_t, None, row, k).map_err(err)?;
            let r = g.b.i_add(i32_t, None, abase, r).map_err(err)?;
            let i = g.b.i_add(i32_t, None, r, ka).map_err(err)?;
            let z = g.ci(0);
            g.b.select(i32_t, None, a_ok, i, z).map_err(err)?
        };
        let bi = {
            let r = g.b.i_mul(i32_t, None, kb, n).map_err(err)?;
            let r = g.b.i_add(i32_t, None, bbase, r).map_err(err)?;
            let i = g.b.i_add(i32_t, None, r, col).map_err(err)?;
            let z = g.ci(0);
            g.b.select(i32_t, None, b_ok, i, z).map_err(err)?
        };
        let av = g.load_elem(0, ai)?;
        let av = g.b.select(t, None, a_ok, av, zero).map_err(err)?;
        let bv = g.load_elem(1, bi)?;
        let bv = g.b.select(t, None, b_ok, bv, zero).map_err(err)?;
        let pa = g.b.access_chain(pwe, None, tile_a, [here]).map_err(err)?;
        g.b.store(pa, av, None, []).map_err(err)?;
        let pb = g.b.access_chain(pwe, None, tile_b, [here]).map_err(err)?;
        g.b.store(pb, bv, None, []).map_err(err)?;
        g.b.control_barrier(wg, wg, sem).map_err(err)?;
        let mut sum = g.b.load(t, None, acc, None, []).map_err(err)?;
        for kk in 0..TILE as i32 {
            let kkc = g.ci(kk);
            let ia = {
                let y = g.b.i_mul(i32_t, None, ly, tile).map_err(err)?;
                g.b.i_add(i32_t, None, y, kkc).map_err(err)?
            };
            let ib = {
                let c = g.ci(kk * TILE as i32);
                g.b.i_add(i32_t, None, c, lx).map_err(err)?
            };
            let pa = g.b.access_chain(pwe, None, tile_a, [ia]).map_err(err)?;
            let pb = g.b.access_chain(pwe, None, tile_b, [ib]).map_err(err)?;
            let x = g.b.load(t, None, pa, None, []).map_err(err)?;
            let y = g.b.load(t, None, pb, None, []).map_err(err)?;
            sum = if elem.is_float() {
                let p = g.b.f_mul(t, None, x, y).map_err(err)?;
                g.b.f_add(t, None, sum, p).map_err(err)?
            } else {
                let p = g.b.i_mul(t, None, x, y).map_err(err)?;
                g.b.i_add(t, None, sum, p).map_err(err)?
            };
        }
        g.b.store(acc, sum, None, []).map_err(err)?;
        g.b.control_barrier(wg, wg, sem).map_err(err)
    })?;
    let ok = g.b.logical_and(bool_t, None, row_ok, col_ok).map_err(err)?;
    let (then, merge) = (g.b.id(), g.b.id());
    g.b.selection_merge(merge, rspirv::spirv::SelectionControl::NONE)
        .map_err(err)?;
    g.b.branch_conditional(ok, then, merge, []).map_err(err)?;
    g.b.begin_block(Some(then)).map_err(err)?;
    let ci = {
        let r = g.b.i_mul(i32_t, None, row, n).map_err(err)?;
        let r = g.b.i_add(i32_t, None, cbase, r).map_err(err)?;
        g.b.i_add(i32_t, None, r, col).map_err(err)?
    };
    let v = g.b.load(t, None, acc, None, []).map_err(err)?;
    g.store_elem(2, ci, v)?;
    g.b.branch(merge).map_err(err)?;
    g.b.begin_block(Some(merge)).map_err(err)?;
    g.b.ret().map_err(err)?;
    g.b.end_function().map_err(err)?;
    let iface = vec![g.gid, g.nwg, lid_var, wid_var];
    g.b.entry_point(ExecutionModel::GLCompute, main, "main", iface);
    g.b.execution_mode(main, ExecutionMode::LocalSize, [TILE, TILE, 1]);
    Ok(g.b.module().assemble())
}

/// The shaders as SPIR-V assembly text, as insta snapshots: a change to code
/// generation shows up as a reviewable diff (`cargo insta review`).
#[cfg(test)]
mod snapshot_tests {
    use super::{gather_shader, matmul_shader};
    use rspirv::binary::Disassemble;
    use xir_kernel_plan::ElementType;

    fn disassemble(words: Vec<u32>) -> String {
        let module = rspirv::dr::load_words(words).expect("valid SPIR-V");
        module.disassemble()
    }

    #[test]
    fn matmul_f32() {
        insta::assert_snapshot!(disassemble(matmul_shader(ElementType::F32).unwrap()));
    }

    #[test]
    fn gather_f32_by_i64() {
        insta::assert_snapshot!(disassemble(
            gather_shader(ElementType::F32, ElementType::I64).unwrap()
        ));
    }
}

#[cfg(test)]
mod refusal_tests {
    use super::generic_shader;
    use xir_kernel_plan::{Access, Body, BodyOp, ElementType, GenericPlan};
    use xir_runtime_hal::ErrorKind;

    /// `out[i] = op(in[i])` over one dim, in `e`.
    fn unary(op: BodyOp, e: ElementType) -> GenericPlan {
        let id = |buffer| Access {
            buffer,
            terms: vec![(vec![1], vec![], 0)],
        };
        GenericPlan {
            inputs: vec![id(0)],
            output: id(1),
            domain: vec![0],
            symbols: vec![],
            parallel: 1,
            lanes: 1,
            body: Body {
                ops: vec![(BodyOp::Arg(0), e), (op, e)],
                result: 1,
            },
        }
    }

    #[test]
    fn f64_transcendentals_are_refused_by_name() {
        let e = ElementType::F64;
        for (op, name) in [
            (BodyOp::Exp(0), "exp"),
            (BodyOp::Tanh(0), "tanh"),
            (BodyOp::Log(0), "log"),
            (BodyOp::Erf(0), "erf"),
            (BodyOp::Sin(0), "sin"),
            (BodyOp::Cos(0), "cos"),
            (BodyOp::Pow(0, 0), "pow"),
        ] {
            let err = generic_shader(&unary(op, e), &[e, e]).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Unimplemented);
            assert_eq!(err.message(), format!("{name} of f64 is not supported"));
        }
        assert!(generic_shader(
            &unary(BodyOp::Exp(0), ElementType::F32),
            &[ElementType::F32; 2]
        )
        .is_ok());
    }
}
