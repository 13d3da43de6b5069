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
//! matmul tiled through workgroup memory ([`matmul_tiled_shader`]).

use rspirv::binary::Assemble;
use rspirv::dr::{Builder, Operand};
use rspirv::spirv::{
    AddressingModel, BuiltIn, Capability, Decoration, ExecutionMode, ExecutionModel,
    FunctionControl, LoopControl, MemoryModel, StorageClass, Word,
};
use xir_kernel_plan::{Bin, Body, BodyOp, Elem, GenericPlan};

/// Invocations per workgroup (x).
pub const WORKGROUP: u32 = 64;

/// GLSL.std.450 instruction numbers.
const GLSL_EXP: u32 = 27;
const GLSL_TANH: u32 = 21;

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

/// Whether the backend computes `e` (32-bit floats and ints; 64-bit ones
/// when the device has `shaderFloat64` / `shaderInt64`).
pub fn supported(e: Elem, f64_ok: bool, i64_ok: bool) -> bool {
    match e {
        Elem::F32 | Elem::I32 => true,
        Elem::F64 => f64_ok,
        Elem::I64 => i64_ok,
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
    args: Word,
    gid: Word,
    nwg: Word,
    /// Body values are vectors of this many lanes (1: scalars).
    lanes: u32,
}

fn err(e: rspirv::dr::Error) -> String {
    format!("SPIR-V builder: {e}")
}

impl Gen {
    /// A module with the stage's buffers (`elems`, then the args block).
    fn new(elems: &[Elem]) -> Gen {
        Gen::with_vectors(elems, &[])
    }

    /// [`Gen::new`] with the operands flagged in `vec4` bound as arrays of
    /// 4-vectors.
    fn with_vectors(elems: &[Elem], vec4: &[bool]) -> Gen {
        let mut b = Builder::new();
        b.set_version(1, 3);
        b.capability(Capability::Shader);
        if elems.contains(&Elem::F64) {
            b.capability(Capability::Float64);
        }
        if elems.contains(&Elem::I64) {
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
            args: 0,
            gid: 0,
            nwg: 0,
            lanes: 1,
        };
        for (k, &e) in elems.iter().enumerate() {
            let mut t = g.elem_type(e);
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

    fn elem_type(&mut self, e: Elem) -> Word {
        match e {
            Elem::F32 => self.b.type_float(32, None),
            Elem::F64 => self.b.type_float(64, None),
            Elem::I64 => self.b.type_int(64, 1),
            // Only body values are i1 (comparisons and their selects).
            Elem::I1 => self.bool_t,
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
            _ => 4,
        }
    }

    /// The type of body values of element `e` (a vector when `lanes > 1`).
    fn vt(&mut self, e: Elem) -> Word {
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
    fn arg(&mut self, i: usize) -> Result<Word, String> {
        let (z, i) = (self.ci(0), self.ci(i as i32));
        let p = self
            .b
            .access_chain(self.ptr_sb_i32, None, self.args, [z, i])
            .map_err(err)?;
        self.b.load(self.i32_t, None, p, None, []).map_err(err)
    }

    fn load_elem(&mut self, k: usize, off: Word) -> Result<Word, String> {
        let (v, t, p) = self.bufs[k];
        let z = self.ci(0);
        let ptr = self.b.access_chain(p, None, v, [z, off]).map_err(err)?;
        self.b.load(t, None, ptr, None, []).map_err(err)
    }

    fn store_elem(&mut self, k: usize, off: Word, x: Word) -> Result<(), String> {
        let (v, _, p) = self.bufs[k];
        let z = self.ci(0);
        let ptr = self.b.access_chain(p, None, v, [z, off]).map_err(err)?;
        self.b.store(ptr, x, None, []).map_err(err)
    }

    fn load_var(&mut self, v: Word) -> Result<Word, String> {
        self.b.load(self.i32_t, None, v, None, []).map_err(err)
    }

    /// The function, its variables, and the grid-stride loop over
    /// `total` iterations; `body(g, p)` emits one iteration.
    fn main(
        mut self,
        vars: &[Word],
        total: impl FnOnce(&mut Gen) -> Result<Word, String>,
        body: impl FnOnce(&mut Gen, Word, &[Word]) -> Result<(), String>,
    ) -> Result<Vec<u32>, String> {
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
        body: impl FnOnce(&mut Gen) -> Result<(), String>,
    ) -> Result<(), String> {
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
    fn fmax(&mut self, t: Word, e: Elem, a: Word, c: Word) -> Result<Word, String> {
        let bt = self.bt();
        let gt = self.b.f_ord_greater_than(bt, None, a, c).map_err(err)?;
        let lt = self.b.f_ord_less_than(bt, None, a, c).map_err(err)?;
        let st = self.elem_type(e);
        let zero = match e {
            Elem::F64 => self.b.constant_bit64(st, 0),
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

    /// Emits the body on `args` (`None`: not loaded); returns every value.
    fn body(&mut self, body: &Body, args: &[Option<Word>]) -> Result<Vec<Word>, String> {
        let mut vals: Vec<Word> = Vec::with_capacity(body.ops.len());
        for (op, e) in &body.ops {
            let e = *e;
            let st = self.elem_type(e);
            let t = self.vt(e);
            let bt = self.bt();
            let f = e.is_float();
            let v = match *op {
                BodyOp::Arg(i) => args
                    .get(i)
                    .copied()
                    .flatten()
                    .ok_or("a body reads an argument the stage does not load")?,
                BodyOp::ConstF(x) => {
                    let c = match e {
                        Elem::F64 => self.b.constant_bit64(st, x.to_bits()),
                        _ => self.b.constant_bit32(st, (x as f32).to_bits()),
                    };
                    self.splat(t, c)
                }
                BodyOp::ConstI(x) => {
                    let c = match e {
                        Elem::I1 if x & 1 == 1 => self.b.constant_true(st),
                        Elem::I1 => self.b.constant_false(st),
                        Elem::I64 => self.b.constant_bit64(st, x as u64),
                        _ => self.b.constant_bit32(st, x as u32),
                    };
                    self.splat(t, c)
                }
                BodyOp::Bin(Bin::Max, a, c) if f => self.fmax(t, e, vals[a], vals[c])?,
                BodyOp::Bin(bin, a, c) => {
                    let (a, c) = (vals[a], vals[c]);
                    let r = match (bin, f) {
                        (Bin::Add, true) => self.b.f_add(t, None, a, c),
                        (Bin::Sub, true) => self.b.f_sub(t, None, a, c),
                        (Bin::Mul, true) => self.b.f_mul(t, None, a, c),
                        (Bin::Div, true) => self.b.f_div(t, None, a, c),
                        (Bin::Max, true) => unreachable!("matched above"),
                        (Bin::Add, false) => self.b.i_add(t, None, a, c),
                        (Bin::Sub, false) => self.b.i_sub(t, None, a, c),
                        (Bin::Mul, false) => self.b.i_mul(t, None, a, c),
                        // The lowering guards the divisor (x / 0 = 0, MIN / -1 = MIN).
                        (Bin::Div, false) => self.b.s_div(t, None, a, c),
                        (Bin::Max, false) => {
                            let gt = self.b.s_greater_than(bt, None, a, c).map_err(err)?;
                            self.b.select(t, None, gt, a, c)
                        }
                        (Bin::Or, _) if e == Elem::I1 => self.b.logical_or(t, None, a, c),
                        (Bin::Or, _) => self.b.bitwise_or(t, None, a, c),
                    };
                    r.map_err(err)?
                }
                BodyOp::Neg(a) => self.b.f_negate(t, None, vals[a]).map_err(err)?,
                BodyOp::Exp(a) | BodyOp::Tanh(a) => {
                    if e != Elem::F32 {
                        return Err(format!("exp/tanh of {e:?}"));
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
                BodyOp::CmpEq(a, c) => self.b.i_equal(bt, None, vals[a], vals[c]).map_err(err)?,
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
    ) -> Result<Vec<Word>, String> {
        let mut offs = start.to_vec();
        let mut q = p;
        for d in dims.rev() {
            let size = self.arg(l.size(d))?;
            let i = self.b.s_rem(self.i32_t, None, q, size).map_err(err)?;
            q = self.b.s_div(self.i32_t, None, q, size).map_err(err)?;
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
pub fn generic_shader(plan: &GenericPlan, elems: &[Elem]) -> Result<Vec<u32>, String> {
    let n = elems.len();
    let rank = plan.domain.len();
    let l = ArgsLayout { operands: n, rank };
    let par = plan.parallel;
    let out = n - 1;
    let reduces = par < rank;
    let used = used_args(&plan.body, n);
    let mut gen = Gen::new(elems);
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
pub fn vec4_operands(plan: &GenericPlan, elems: &[Elem]) -> Option<Vec<bool>> {
    use xir_kernel_plan::{inner_kinds, Inner};
    let bit32 = |e: Elem| matches!(e, Elem::F32 | Elem::I32);
    if plan.parallel < plan.domain.len()
        || plan.parallel == 0
        || !elems.iter().all(|&e| bit32(e))
        || !plan
            .body
            .ops
            .iter()
            .all(|&(_, e)| bit32(e) || e == Elem::I1)
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
pub fn generic_vec4_shader(plan: &GenericPlan, elems: &[Elem]) -> Result<Vec<u32>, String> {
    let vec4 = vec4_operands(plan, elems).ok_or("no 4-lane form")?;
    let n = elems.len();
    let rank = plan.domain.len();
    let l = ArgsLayout { operands: n, rank };
    let used = used_args(&plan.body, n);
    let mut gen = Gen::with_vectors(elems, &vec4);
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
pub fn matmul_shader(elem: Elem) -> Result<Vec<u32>, String> {
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
                Elem::F32 => g.b.constant_bit32(t, 0),
                Elem::F64 | Elem::I64 => g.b.constant_bit64(t, 0),
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

/// Tile edge of [`matmul_tiled_shader`]: workgroups of `TILE × TILE`.
pub const TILE: u32 = 16;

/// A (batched) matmul tiled through workgroup memory: workgroup (x, y, z)
/// computes the `TILE × TILE` block of rows `y·TILE..`, columns `x·TILE..`
/// of batch `z`; each step stages a tile of lhs and of rhs in shared
/// memory (out-of-range elements as 0), so each element is read from the
/// buffers once per workgroup instead of once per invocation. Args:
/// `[batch·m·n, m, n, k]` as for [`matmul_shader`].
pub fn matmul_tiled_shader(elem: Elem) -> Result<Vec<u32>, String> {
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
        Elem::F64 | Elem::I64 => g.b.constant_bit64(t, 0),
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
    let comp = |g: &mut Gen, v: Word, i: u32| -> Result<Word, String> {
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
