//! Generic stages → Cranelift IR → native code.
//!
//! Each stage becomes `fn(args: *const i64, lo: i64, hi: i64)` that runs
//! the flattened parallel iterations `[lo, hi)` (so any split of them can go
//! to a thread). `args` holds, per operand (inputs, then the output), the
//! address of its element at iteration 0, then the domain sizes, then each
//! operand's element stride along each domain dim (see [`args_layout`]).
//! Rows of the innermost parallel dim run as f32x4/f64x2/i32x4 vectors,
//! unrolled four times, with a vector and a scalar tail, when every operand
//! reads that dim contiguously or not at all; reductions run their reduced
//! dims as scalar loops inside each parallel iteration, in order (the
//! reference's rounding).

use crate::plan::{inner_kinds, Bin, Body, BodyOp, Cmp, ElementType, GenericPlan, Inner};
use cranelift_codegen::entity::packed_option::ReservedValue;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    types, AbiParam, FuncRef, InstBuilder, MemFlagsData as MemFlags, StackSlotData, StackSlotKind,
    Type, Value,
};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, FuncId, Linkage, Module};
use xir_runtime_hal::{Error, FloatType, Result};

/// A stage function.
pub type StageFn = unsafe extern "C" fn(args: *const i64, lo: i64, hi: i64);

/// Where each part of a stage's argument block starts (in i64 slots).
pub fn args_layout(operands: usize, rank: usize) -> (usize, usize, usize) {
    (0, operands, operands + rank)
}

pub struct Jit {
    pub module: JITModule,
    fma: bool,
    /// f32 `exp` in vector loops goes through `xir_vexp_f32` on blocks.
    buffer_exp: bool,
    /// f32 `erf` in vector loops goes through `xir_verf_f32` on blocks.
    buffer_erf: bool,
    ctx: cranelift_codegen::Context,
    fctx: FunctionBuilderContext,
    helpers: Helpers,
    count: usize,
    /// Stages already compiled, by [`code_key`]: a model's layers repeat the
    /// same stage on other buffers and sizes, which is the same code.
    compiled: rustc_hash::FxHashMap<String, FuncId>,
}

/// What a stage's code depends on, all of it: how each operand reads the
/// innermost parallel dim (not its strides, sizes or buffer, which the
/// argument block holds per dispatch), the loop structure and the body
/// (float constants by their bits).
fn code_key(g: &GenericPlan) -> String {
    use std::fmt::Write;
    let mut k = format!(
        "{:?} {} {} {} {} {}|",
        inner_kinds(g),
        g.domain.len(),
        g.inputs.len(),
        g.parallel,
        g.lanes,
        g.body.result
    );
    for (op, e) in &g.body.ops {
        let _ = match op {
            BodyOp::ConstF(x) => write!(k, "F{:x}:{e:?};", x.to_bits()),
            _ => write!(k, "{op:?}:{e:?};"),
        };
    }
    k
}

#[derive(Clone, Copy)]
struct Helpers {
    f16_to_f32: FuncId,
    f32_to_f16: FuncId,
    bf16_to_f32: FuncId,
    f32_to_bf16: FuncId,
    round_f16: FuncId,
    round_bf16: FuncId,
    vexp_f32: FuncId,
    verf_f32: FuncId,
    /// f64 erf; pow `[f32, f64]`.
    erf: FuncId,
    pow: [FuncId; 2],
    /// f64 sin and cos: the lanes `math::sin`/`cos`'s fast path leaves.
    sin: FuncId,
    cos: FuncId,
}

extern "C" fn h_f16_to_f32(x: u16) -> f32 {
    half::f16::from_bits(x).to_f32()
}
extern "C" fn h_f32_to_f16(x: f32) -> u16 {
    half::f16::from_f32(x).to_bits()
}
extern "C" fn h_bf16_to_f32(x: u16) -> f32 {
    half::bf16::from_bits(x).to_f32()
}
extern "C" fn h_f32_to_bf16(x: f32) -> u16 {
    half::bf16::from_f32(x).to_bits()
}
extern "C" fn h_round_f16(x: f32) -> f32 {
    half::f16::from_f32(x).to_f32()
}
extern "C" fn h_round_bf16(x: f32) -> f32 {
    half::bf16::from_f32(x).to_f32()
}
// f64 erf and pow: libm's / the host's, as the reference computes them
// (bit-identical to it), called once per element (those loops stay scalar).
extern "C" fn h_erf_f64(x: f64) -> f64 {
    libm::erf(x)
}
// sin/cos of the arguments past `math::TRIG_FAST`, ±inf and NaN: the
// host's, as the reference computes them.
extern "C" fn h_sin_f64(x: f64) -> f64 {
    x.sin()
}
extern "C" fn h_cos_f64(x: f64) -> f64 {
    x.cos()
}
extern "C" fn h_pow_f32(x: f32, y: f32) -> f32 {
    (x as f64).powf(y as f64) as f32
}
extern "C" fn h_pow_f64(x: f64, y: f64) -> f64 {
    x.powf(y)
}

/// The compute type of an element: f16/bf16 compute in f32, i1 in i8.
/// A plan's element types are signless ([`Body::check_elems`] checked them),
/// so an integer is read by its width.
fn compute_type(e: ElementType) -> Type {
    match e {
        ElementType::Int { bits: 1 | 8, .. } => types::I8,
        ElementType::Int { bits: 16, .. } => types::I16,
        ElementType::Int { bits: 32, .. } => types::I32,
        ElementType::Int { .. } => types::I64,
        ElementType::Float(FloatType::F16 | FloatType::BF16 | FloatType::F32) => types::F32,
        ElementType::Float(FloatType::F64) => types::F64,
    }
}

fn vector_type(e: ElementType) -> Option<Type> {
    match e {
        ElementType::F32 => Some(types::F32X4),
        ElementType::F64 => Some(types::F64X2),
        ElementType::I32 => Some(types::I32X4),
        _ => None,
    }
}

/// Cranelift refused code this backend generated: a bug here.
fn internal(e: impl std::fmt::Display) -> Error {
    Error::internal(e.to_string())
}

fn flags() -> MemFlags {
    MemFlags::new().with_notrap()
}

impl Jit {
    pub fn new() -> Result<Jit> {
        let mut fb = settings::builder();
        fb.set("opt_level", "speed").map_err(internal)?;
        // No Cranelift back end for this CPU.
        let isa_builder = cranelift_native::builder().map_err(Error::unimplemented)?;
        let isa = isa_builder
            .finish(settings::Flags::new(fb))
            .map_err(internal)?;
        #[cfg(target_arch = "x86_64")]
        let fma = std::arch::is_x86_feature_detected!("fma")
            && std::arch::is_x86_feature_detected!("avx");
        #[cfg(not(target_arch = "x86_64"))]
        let fma = cfg!(target_arch = "aarch64");
        let mut jb = JITBuilder::with_isa(isa, default_libcall_names());
        let syms: [(&str, *const u8); 13] = [
            ("xir_erf_f64", h_erf_f64 as *const u8),
            ("xir_sin_f64", h_sin_f64 as *const u8),
            ("xir_cos_f64", h_cos_f64 as *const u8),
            ("xir_pow_f32", h_pow_f32 as *const u8),
            ("xir_pow_f64", h_pow_f64 as *const u8),
            ("xir_f16_to_f32", h_f16_to_f32 as *const u8),
            ("xir_f32_to_f16", h_f32_to_f16 as *const u8),
            ("xir_bf16_to_f32", h_bf16_to_f32 as *const u8),
            ("xir_f32_to_bf16", h_f32_to_bf16 as *const u8),
            ("xir_round_f16", h_round_f16 as *const u8),
            ("xir_round_bf16", h_round_bf16 as *const u8),
            (
                "xir_vexp_f32",
                xir_ukernel::vmath::xir_vexp_f32 as *const u8,
            ),
            (
                "xir_verf_f32",
                xir_ukernel::vmath::xir_verf_f32 as *const u8,
            ),
        ];
        for (n, p) in syms {
            jb.symbol(n, p);
        }
        let mut module = JITModule::new(jb);
        let mut decl_n = |name: &str, params: &[Type], ret: Type| -> Result<FuncId> {
            let mut sig = module.make_signature();
            for &p in params {
                sig.params.push(AbiParam::new(p));
            }
            sig.returns.push(AbiParam::new(ret));
            module
                .declare_function(name, Linkage::Import, &sig)
                .map_err(internal)
        };
        let (f32t, f64t) = (types::F32, types::F64);
        let erf = decl_n("xir_erf_f64", &[f64t], f64t)?;
        let sin = decl_n("xir_sin_f64", &[f64t], f64t)?;
        let cos = decl_n("xir_cos_f64", &[f64t], f64t)?;
        let pow = [
            decl_n("xir_pow_f32", &[f32t, f32t], f32t)?,
            decl_n("xir_pow_f64", &[f64t, f64t], f64t)?,
        ];
        let mut decl = |name: &str, param: Type, ret: Type| decl_n(name, &[param], ret);
        let helpers = Helpers {
            f16_to_f32: decl("xir_f16_to_f32", types::I16, types::F32)?,
            f32_to_f16: decl("xir_f32_to_f16", types::F32, types::I16)?,
            bf16_to_f32: decl("xir_bf16_to_f32", types::I16, types::F32)?,
            f32_to_bf16: decl("xir_f32_to_bf16", types::F32, types::I16)?,
            round_f16: decl("xir_round_f16", types::F32, types::F32)?,
            round_bf16: decl("xir_round_bf16", types::F32, types::F32)?,
            vexp_f32: {
                let mut sig = module.make_signature();
                sig.params = vec![AbiParam::new(types::I64), AbiParam::new(types::I64)];
                module
                    .declare_function("xir_vexp_f32", Linkage::Import, &sig)
                    .map_err(internal)?
            },
            verf_f32: {
                let mut sig = module.make_signature();
                sig.params = vec![AbiParam::new(types::I64), AbiParam::new(types::I64)];
                module
                    .declare_function("xir_verf_f32", Linkage::Import, &sig)
                    .map_err(internal)?
            },
            erf,
            pow,
            sin,
            cos,
        };
        let ctx = module.make_context();
        let buffer_exp = fma
            && xir_ukernel::vmath::vexp_f32_is_fast()
            && std::env::var_os("XIR_LOCAL_INLINE_EXP").is_none();
        let buffer_erf = fma
            && xir_ukernel::vmath::verf_f32_is_fast()
            && std::env::var_os("XIR_LOCAL_INLINE_EXP").is_none();
        Ok(Jit {
            module,
            fma,
            buffer_exp,
            buffer_erf,
            ctx,
            fctx: FunctionBuilderContext::new(),
            helpers,
            count: 0,
            compiled: Default::default(),
        })
    }

    /// Compiles one generic stage; its address is valid after [`Jit::finish`].
    pub fn generic(&mut self, g: &GenericPlan) -> Result<FuncId> {
        g.body.check_elems()?;
        g.check_index_dims()?;
        let key = code_key(g);
        if let Some(&id) = self.compiled.get(&key) {
            return Ok(id);
        }
        let id = self.compile(g)?;
        self.compiled.insert(key, id);
        Ok(id)
    }

    fn compile(&mut self, g: &GenericPlan) -> Result<FuncId> {
        let ptr = types::I64;
        self.module.clear_context(&mut self.ctx);
        let mut sig = self.module.make_signature();
        sig.params = vec![AbiParam::new(ptr), AbiParam::new(ptr), AbiParam::new(ptr)];
        self.ctx.func.signature = sig.clone();
        let name = format!("stage{}", self.count);
        self.count += 1;
        let id = self
            .module
            .declare_function(&name, Linkage::Local, &sig)
            .map_err(internal)?;
        let mut refs = Vec::new();
        for f in [
            self.helpers.f16_to_f32,
            self.helpers.f32_to_f16,
            self.helpers.bf16_to_f32,
            self.helpers.f32_to_bf16,
            self.helpers.round_f16,
            self.helpers.round_bf16,
            self.helpers.vexp_f32,
            self.helpers.erf,
            self.helpers.verf_f32,
            self.helpers.pow[0],
            self.helpers.pow[1],
            self.helpers.sin,
            self.helpers.cos,
        ] {
            refs.push(self.module.declare_func_in_func(f, &mut self.ctx.func));
        }
        let helpers = HelperRefs {
            f16_to_f32: refs[0],
            f32_to_f16: refs[1],
            bf16_to_f32: refs[2],
            f32_to_bf16: refs[3],
            round_f16: refs[4],
            round_bf16: refs[5],
            vexp_f32: refs[6],
            erf: refs[7],
            pow: [refs[9], refs[10]],
            sin: refs[11],
            cos: refs[12],
            verf_f32: refs[8],
        };
        let config = self.module.target_config();
        {
            let b = FunctionBuilder::new(&mut self.ctx.func, &mut self.fctx);
            let mut e = Emitter {
                b,
                g,
                fma: self.fma,
                buffer_exp: self.buffer_exp,
                buffer_erf: self.buffer_erf,
                h: helpers,
                idx: Vec::new(),
                inner: None,
                reduced: Vec::new(),
            };
            e.function();
            e.b.finalize(config);
        }
        let dump = std::env::var_os("XIR_LOCAL_DUMP").is_some();
        self.ctx.set_disasm(dump);
        self.module
            .define_function(id, &mut self.ctx)
            .map_err(|e| Error::internal(format!("cranelift: {e:?}")))?;
        if dump {
            // Debugging aid: the stage's machine code.
            if let Some(code) = self.ctx.compiled_code().and_then(|c| c.vcode.clone()) {
                eprintln!("xir-local: {name}:\n{code}");
            }
        }
        Ok(id)
    }

    /// Distinct stage functions compiled.
    pub fn compiled_stages(&self) -> usize {
        self.compiled.len()
    }

    pub fn finish(&mut self) -> Result<()> {
        self.module.finalize_definitions().map_err(internal)
    }

    pub fn address(&self, id: FuncId) -> StageFn {
        let p = self.module.get_finalized_function(id);
        // SAFETY: `id` was defined by `generic` with StageFn's signature.
        unsafe { std::mem::transmute::<*const u8, StageFn>(p) }
    }
}

#[derive(Clone, Copy)]
struct HelperRefs {
    f16_to_f32: FuncRef,
    f32_to_f16: FuncRef,
    bf16_to_f32: FuncRef,
    f32_to_bf16: FuncRef,
    round_f16: FuncRef,
    round_bf16: FuncRef,
    vexp_f32: FuncRef,
    verf_f32: FuncRef,
    erf: FuncRef,
    pow: [FuncRef; 2],
    sin: FuncRef,
    cos: FuncRef,
}

struct Emitter<'a, 'b> {
    b: FunctionBuilder<'b>,
    g: &'a GenericPlan,
    fma: bool,
    buffer_exp: bool,
    buffer_erf: bool,
    h: HelperRefs,
    /// The loop indices a `kernel.index` reads: each parallel dim's at the
    /// row's start, the count into the row, and each reduced dim's.
    idx: Vec<Variable>,
    inner: Option<Variable>,
    reduced: Vec<Variable>,
}

/// One walk over a row's iterations: computes body value `value` and
/// stores it to operand `dest` (the output, or a scratch buffer).
struct Phase {
    /// Body values to emit (what `value` depends on).
    needed: Vec<bool>,
    /// Body values loaded from a scratch operand instead of computed.
    scratch: Vec<(usize, usize)>,
    /// Which inputs to load (index `inputs.len()`: the output).
    loads: Vec<bool>,
    value: usize,
    dest: usize,
}

impl Phase {
    fn new(
        body: &Body,
        n_inputs: usize,
        value: usize,
        dest: usize,
        scratch: Vec<(usize, usize)>,
    ) -> Phase {
        let mut needed = vec![false; body.ops.len()];
        let mut stack = vec![value];
        while let Some(v) = stack.pop() {
            if std::mem::replace(&mut needed[v], true) || scratch.iter().any(|s| s.0 == v) {
                continue;
            }
            stack.extend(body.ops[v].0.operands());
        }
        let mut loads = vec![false; n_inputs + 1];
        for (v, (op, _)) in body.ops.iter().enumerate() {
            if let (true, BodyOp::Arg(i)) = (needed[v], op) {
                loads[*i] = true;
            }
        }
        Phase {
            needed,
            scratch,
            loads,
            value,
            dest,
        }
    }
}

/// Elements per block of a strip-mined loop: its scratch buffers (2 KiB
/// each) stay in L1 and the helper call is amortised.
const BLOCK: i64 = 512;

/// Per-operand state of a loop: its element and address variable.
struct Operand {
    elem: ElementType,
    inner: Inner,
    ptr: Variable,
    /// Byte step along the dim the current loop walks.
    step: Value,
}

impl Emitter<'_, '_> {
    fn call1(&mut self, f: FuncRef, x: Value) -> Value {
        let c = self.b.ins().call(f, &[x]);
        self.b.inst_results(c)[0]
    }

    /// The lanes to run the innermost dim with (1: scalar).
    fn lanes(&self, elems: &[ElementType]) -> u32 {
        let g = self.g;
        if g.lanes <= 1 || g.parallel < g.domain.len() || g.parallel == 0 {
            return 1;
        }
        let kinds = inner_kinds(g);
        if kinds.contains(&Inner::Strided) || *kinds.last().unwrap() != Inner::Contiguous {
            return 1;
        }
        let e = elems[0];
        if elems.iter().any(|&x| x != e) || g.body.ops.iter().any(|(_, t)| *t != e) {
            return 1;
        }
        let Some(v) = vector_type(e) else { return 1 };
        let vector_ok = g.body.ops.iter().all(|(op, _)| match op {
            BodyOp::Arg(_) | BodyOp::ConstF(_) | BodyOp::ConstI(_) | BodyOp::Neg(_) => true,
            BodyOp::Exp(_)
            | BodyOp::Tanh(_)
            | BodyOp::Abs(_)
            | BodyOp::Sqrt(_)
            | BodyOp::Log(_)
            | BodyOp::Sin(_)
            | BodyOp::Cos(_) => e.is_float(),
            BodyOp::Erf(_) => e == ElementType::F32,
            BodyOp::Bin(b, _, _) => match b {
                Bin::Add | Bin::Sub | Bin::Mul | Bin::Max | Bin::Min => true,
                Bin::Div => e.is_float(),
                Bin::Or | Bin::And | Bin::Xor => false,
            },
            // Helper calls per element, conversions, i1 values, and loop
            // indices (one per lane: the scalar loop gives each its own).
            BodyOp::Pow(..)
            | BodyOp::Cast(_)
            | BodyOp::Cmp(..)
            | BodyOp::Select(..)
            | BodyOp::Index(_) => false,
        });
        if !vector_ok {
            return 1;
        }
        v.lane_count().min(g.lanes)
    }

    fn function(&mut self) {
        let g = self.g;
        let entry = self.b.create_block();
        self.b.append_block_params_for_function_params(entry);
        self.b.switch_to_block(entry);
        self.b.seal_block(entry);
        let params = self.b.block_params(entry).to_vec();
        let (args, lo, hi) = (params[0], params[1], params[2]);
        let n_ops = g.inputs.len() + 1;
        let rank = g.domain.len();
        let (bases_at, sizes_at, coefs_at) = args_layout(n_ops, rank);
        let kinds = inner_kinds(g);
        let elems: Vec<ElementType> = self.elems();
        let load_arg = |b: &mut FunctionBuilder, i: usize| {
            b.ins()
                .load(types::I64, MemFlags::trusted(), args, (i * 8) as i32)
        };
        let bases: Vec<Value> = (0..n_ops)
            .map(|k| load_arg(&mut self.b, bases_at + k))
            .collect();
        let sizes: Vec<Value> = (0..rank)
            .map(|d| load_arg(&mut self.b, sizes_at + d))
            .collect();
        // Byte strides of each operand along each dim.
        let mut steps = vec![Vec::new(); n_ops];
        for (k, step) in steps.iter_mut().enumerate() {
            for d in 0..rank {
                let c = load_arg(&mut self.b, coefs_at + k * rank + d);
                step.push(self.b.ins().imul_imm_s(c, elems[k].byte_size() as i64));
            }
        }
        let exit = self.b.create_block();
        let nonempty = self.b.ins().icmp(IntCC::SignedLessThan, lo, hi);
        let start = self.b.create_block();
        self.b.ins().brif(nonempty, start, &[], exit, &[]);
        self.b.switch_to_block(start);
        self.b.seal_block(start);

        let p = g.parallel;
        // Parallel index variables, from lo.
        let idx: Vec<Variable> = (0..p).map(|_| self.b.declare_var(types::I64)).collect();
        let mut q = lo;
        for d in (0..p).rev() {
            let r = self.b.ins().urem(q, sizes[d]);
            self.b.def_var(idx[d], r);
            q = self.b.ins().udiv(q, sizes[d]);
        }
        self.idx = idx.clone();
        let remaining = self.b.declare_var(types::I64);
        let total = self.b.ins().isub(hi, lo);
        self.b.def_var(remaining, total);

        let row = self.b.create_block();
        self.b.ins().jump(row, &[]);
        self.b.switch_to_block(row);
        // Count of this row: min(inner - j0, remaining); a rank-0 parallel
        // space has one iteration.
        let rem = self.b.use_var(remaining);
        let cnt = if p == 0 {
            self.b.ins().iconst(types::I64, 1)
        } else {
            let j0 = self.b.use_var(idx[p - 1]);
            let left = self.b.ins().isub(sizes[p - 1], j0);
            self.b.ins().umin(left, rem)
        };
        // Row addresses.
        let mut ops = Vec::new();
        for k in 0..n_ops {
            let mut addr = bases[k];
            for (d, &v) in idx.iter().enumerate() {
                let i = self.b.use_var(v);
                let off = self.b.ins().imul(i, steps[k][d]);
                addr = self.b.ins().iadd(addr, off);
            }
            let var = self.b.declare_var(types::I64);
            self.b.def_var(var, addr);
            let step = if p == 0 {
                self.b.ins().iconst(types::I64, 0)
            } else {
                steps[k][p - 1]
            };
            ops.push(Operand {
                elem: elems[k],
                inner: kinds[k],
                ptr: var,
                step,
            });
        }
        if p == rank {
            let lanes = self.lanes(&elems);
            self.inner_parallel(ops, cnt, lanes);
        } else {
            self.inner_reduction(&ops, cnt, &sizes, &steps);
        }
        // Next row.
        let rem = self.b.use_var(remaining);
        let rem = self.b.ins().isub(rem, cnt);
        self.b.def_var(remaining, rem);
        let more = self.b.create_block();
        self.b.ins().brif(rem, more, &[], exit, &[]);
        self.b.switch_to_block(more);
        self.b.seal_block(more);
        if p > 0 {
            let zero = self.b.ins().iconst(types::I64, 0);
            self.b.def_var(idx[p - 1], zero);
            // Carry into the outer dims.
            for d in (0..p - 1).rev() {
                let v = self.b.use_var(idx[d]);
                let v1 = self.b.ins().iadd_imm_s(v, 1);
                let wraps = self.b.ins().icmp(IntCC::Equal, v1, sizes[d]);
                let z = self.b.ins().iconst(types::I64, 0);
                let nv = self.b.ins().select(wraps, z, v1);
                self.b.def_var(idx[d], nv);
                let next = self.b.create_block();
                self.b.ins().brif(wraps, next, &[], row, &[]);
                self.b.switch_to_block(next);
                self.b.seal_block(next);
            }
        }
        self.b.ins().jump(row, &[]);
        self.b.seal_block(row);
        self.b.switch_to_block(exit);
        self.b.seal_block(exit);
        self.b.ins().return_(&[]);
    }

    fn elems(&self) -> Vec<ElementType> {
        // Element types come from the body's arguments: inputs in order,
        // then the output (its own argument for reductions, else the
        // yielded value's type).
        let g = self.g;
        let mut out = Vec::new();
        for i in 0..g.inputs.len() {
            out.push(g.body.ops[i].1);
        }
        let last = g
            .body
            .ops
            .get(g.inputs.len())
            .filter(|(o, _)| matches!(o, BodyOp::Arg(_)));
        out.push(last.map_or(g.body.ops[g.body.result].1, |o| o.1));
        out
    }

    /// `cnt` iterations along the innermost parallel dim.
    fn inner_parallel(&mut self, ops: Vec<Operand>, cnt: Value, lanes: u32) {
        let i = self.b.declare_var(types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(i, zero);
        self.inner = Some(i);
        let body = &self.g.body;
        let splits: Vec<usize> = if lanes > 1 {
            (0..body.ops.len())
                .filter(|&v| match body.ops[v] {
                    (BodyOp::Exp(_), ElementType::F32) => self.buffer_exp,
                    (BodyOp::Erf(_), ElementType::F32) => self.buffer_erf,
                    _ => false,
                })
                .collect()
        } else {
            vec![]
        };
        if !splits.is_empty() {
            return self.blocked(ops, cnt, i, lanes, &splits);
        }
        let n = self.g.inputs.len();
        let phase = Phase::new(body, n, body.result, n, vec![]);
        self.walk(&ops, cnt, i, lanes, &phase);
    }

    /// One phase over `cnt` iterations: four vectors at a time, one, then
    /// scalars. Four vectors per iteration give independent chains and less
    /// loop overhead.
    fn walk(&mut self, ops: &[Operand], cnt: Value, i: Variable, lanes: u32, phase: &Phase) {
        if lanes > 1 {
            for unroll in [4, 1] {
                self.strip(ops, cnt, i, lanes, unroll, phase);
            }
        }
        self.strip(ops, cnt, i, 1, 1, phase);
    }

    /// Strip-mined form of a vector loop whose body has f32 `exp`s or
    /// `erf`s (the `splits`): per block of up to [`BLOCK`] iterations, one
    /// phase per split writes its argument to a scratch buffer on the stack
    /// and `xir_vexp_f32` (AVX-512 / AVX2) or `xir_verf_f32` (AVX-512), the
    /// same bits as the inline code, turns it into the result in place; the last phase computes the rest
    /// of the body, reading the `exp`s from their buffers. A phase computes
    /// only what its value depends on, so no intermediate is kept.
    fn blocked(
        &mut self,
        ops: Vec<Operand>,
        cnt: Value,
        i: Variable,
        lanes: u32,
        splits: &[usize],
    ) {
        let n = self.g.inputs.len();
        let body = &self.g.body;
        let bytes = BLOCK as u32 * 4;
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            bytes * splits.len() as u32,
            6,
        ));
        let four = self.b.ins().iconst(types::I64, 4);
        let mut all = ops;
        let mut phases = Vec::new();
        let mut pre = Vec::new();
        let mut calls = Vec::new();
        for &x in splits {
            let (arg, f) = match body.ops[x].0 {
                BodyOp::Exp(arg) => (arg, self.h.vexp_f32),
                BodyOp::Erf(arg) => (arg, self.h.verf_f32),
                _ => unreachable!("splits are exps and erfs"),
            };
            calls.push(f);
            let dest = all.len();
            all.push(Operand {
                elem: ElementType::F32,
                inner: Inner::Contiguous,
                ptr: self.b.declare_var(types::I64),
                step: four,
            });
            phases.push(Phase::new(body, n, arg, dest, pre.clone()));
            pre.push((x, dest));
        }
        phases.push(Phase::new(body, n, body.result, n, pre));

        let header = self.b.create_block();
        let block = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().jump(header, &[]);
        self.b.switch_to_block(header);
        let iv = self.b.use_var(i);
        let more = self.b.ins().icmp(IntCC::SignedLessThan, iv, cnt);
        self.b.ins().brif(more, block, &[], done, &[]);
        self.b.switch_to_block(block);
        self.b.seal_block(block);
        let left = self.b.ins().isub(cnt, iv);
        let cap = self.b.ins().iconst(types::I64, BLOCK);
        let nb = self.b.ins().umin(left, cap);
        let starts: Vec<Value> = all[..=n].iter().map(|op| self.b.use_var(op.ptr)).collect();
        for (k, phase) in phases.iter().enumerate() {
            for (op, &p) in all.iter().zip(&starts) {
                self.b.def_var(op.ptr, p);
            }
            for (s, op) in all[n + 1..].iter().enumerate() {
                let p = self
                    .b
                    .ins()
                    .stack_addr(types::I64, slot, (s as u32 * bytes) as i32);
                self.b.def_var(op.ptr, p);
            }
            let j = self.b.declare_var(types::I64);
            let zero = self.b.ins().iconst(types::I64, 0);
            self.b.def_var(j, zero);
            self.walk(&all, nb, j, lanes, phase);
            if k < splits.len() {
                let p = self
                    .b
                    .ins()
                    .stack_addr(types::I64, slot, (k as u32 * bytes) as i32);
                self.b.ins().call(calls[k], &[p, nb]);
            }
        }
        let iv = self.b.use_var(i);
        let iv = self.b.ins().iadd(iv, nb);
        self.b.def_var(i, iv);
        self.b.ins().jump(header, &[]);
        self.b.seal_block(header);
        self.b.switch_to_block(done);
        self.b.seal_block(done);
    }

    /// `while i + step <= bound { body; each pointer += its advance; i += step }`:
    /// the loop every walk of the iterations uses.
    fn counted_loop(
        &mut self,
        i: Variable,
        step: i64,
        bound: Value,
        ptrs: &[(Variable, Value)],
        body: impl FnOnce(&mut Self),
    ) {
        let header = self.b.create_block();
        let block = self.b.create_block();
        let done = self.b.create_block();
        self.b.ins().jump(header, &[]);
        self.b.switch_to_block(header);
        let iv = self.b.use_var(i);
        let next = self.b.ins().iadd_imm_s(iv, step);
        let fits = self.b.ins().icmp(IntCC::SignedLessThanOrEqual, next, bound);
        self.b.ins().brif(fits, block, &[], done, &[]);
        self.b.switch_to_block(block);
        self.b.seal_block(block);
        body(self);
        for &(v, adv) in ptrs {
            let p = self.b.use_var(v);
            let np = self.b.ins().iadd(p, adv);
            self.b.def_var(v, np);
        }
        let iv = self.b.use_var(i);
        let iv = self.b.ins().iadd_imm_s(iv, step);
        self.b.def_var(i, iv);
        self.b.ins().jump(header, &[]);
        self.b.seal_block(header);
        self.b.switch_to_block(done);
        self.b.seal_block(done);
    }

    /// A loop taking `lanes * unroll` iterations at a time while they fit.
    fn strip(
        &mut self,
        ops: &[Operand],
        cnt: Value,
        i: Variable,
        lanes: u32,
        unroll: u32,
        phase: &Phase,
    ) {
        let per = (lanes * unroll) as i64;
        let ptrs: Vec<(Variable, Value)> = ops
            .iter()
            .map(|op| (op.ptr, self.b.ins().imul_imm_s(op.step, per)))
            .collect();
        let n = self.g.inputs.len();
        self.counted_loop(i, per, cnt, &ptrs, |e| {
            for u in 0..unroll {
                let at = |e: &mut Self, op: &Operand| {
                    let p = e.b.use_var(op.ptr);
                    let off = e.b.ins().imul_imm_s(op.step, (u * lanes) as i64);
                    e.b.ins().iadd(p, off)
                };
                let mut args = Vec::new();
                for (k, op) in ops[..=n].iter().enumerate() {
                    args.push(if phase.loads[k] {
                        let a = at(e, op);
                        e.load(op.elem, a, lanes, op.inner)
                    } else {
                        Value::reserved_value()
                    });
                }
                let mut pre = Vec::new();
                for &(v, k) in &phase.scratch {
                    if phase.needed[v] {
                        let a = at(e, &ops[k]);
                        pre.push((v, e.load(ElementType::F32, a, lanes, Inner::Contiguous)));
                    }
                }
                let vals = e.body(&e.g.body.clone(), &args, lanes, &phase.needed, &pre);
                let dest = &ops[phase.dest];
                let a = at(e, dest);
                e.store(dest.elem, a, vals[phase.value], lanes);
            }
        });
    }

    /// Each of `cnt` parallel iterations: the accumulator from the output,
    /// the reduced dims in order, the result stored.
    fn inner_reduction(
        &mut self,
        ops: &[Operand],
        cnt: Value,
        sizes: &[Value],
        steps: &[Vec<Value>],
    ) {
        let g = self.g;
        let i = self.b.declare_var(types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(i, zero);
        self.inner = Some(i);
        let ptrs: Vec<(Variable, Value)> = ops.iter().map(|op| (op.ptr, op.step)).collect();
        self.counted_loop(i, 1, cnt, &ptrs, |e| {
            let out = ops.last().unwrap();
            let out_ptr = e.b.use_var(out.ptr);
            let acc0 = e.load(out.elem, out_ptr, 1, out.inner);
            let acc = e.b.declare_var(compute_type(out.elem));
            e.b.def_var(acc, acc0);
            let starts: Vec<Value> = ops[..ops.len() - 1]
                .iter()
                .map(|o| e.b.use_var(o.ptr))
                .collect();
            e.reduce_level(g.parallel, &starts, ops, sizes, steps, acc);
            let v = e.b.use_var(acc);
            e.store(out.elem, out_ptr, v, 1);
        });
    }

    fn reduce_level(
        &mut self,
        d: usize,
        starts: &[Value],
        ops: &[Operand],
        sizes: &[Value],
        steps: &[Vec<Value>],
        acc: Variable,
    ) {
        let rank = self.g.domain.len();
        if d == rank {
            let mut args = Vec::new();
            for (k, &p) in starts.iter().enumerate() {
                args.push(self.load(ops[k].elem, p, 1, ops[k].inner));
            }
            args.push(self.b.use_var(acc));
            let body = self.g.body.clone();
            let all = vec![true; body.ops.len()];
            let v = self.body(&body, &args, 1, &all, &[])[body.result];
            self.b.def_var(acc, v);
            return;
        }
        let j = self.b.declare_var(types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(j, zero);
        self.reduced.truncate(d - self.g.parallel);
        self.reduced.push(j);
        let ptrs: Vec<Variable> = starts
            .iter()
            .map(|&s| {
                let v = self.b.declare_var(types::I64);
                self.b.def_var(v, s);
                v
            })
            .collect();
        let advance: Vec<(Variable, Value)> = ptrs
            .iter()
            .enumerate()
            .map(|(k, &v)| (v, steps[k][d]))
            .collect();
        self.counted_loop(j, 1, sizes[d], &advance, |e| {
            let cur: Vec<Value> = ptrs.iter().map(|&v| e.b.use_var(v)).collect();
            e.reduce_level(d + 1, &cur, ops, sizes, steps, acc);
        });
    }

    fn renorm_i1(&mut self, v: Value) -> Value {
        let s = self.b.ins().ishl_imm_u(v, 7);
        self.b.ins().sshr_imm_u(s, 7)
    }

    /// Loads one element (or `lanes` of them; a zero step splats one).
    fn load(&mut self, e: ElementType, addr: Value, lanes: u32, inner: Inner) -> Value {
        if lanes > 1 {
            let vt = vector_type(e).expect("vectorisable");
            if inner == Inner::Broadcast {
                let s = self.b.ins().load(compute_type(e), flags(), addr, 0);
                return self.b.ins().splat(vt, s);
            }
            return self.b.ins().load(vt, flags(), addr, 0);
        }
        match e {
            ElementType::I1 => {
                let v = self.b.ins().load(types::I8, flags(), addr, 0);
                self.renorm_i1(v)
            }
            ElementType::F16 | ElementType::BF16 => {
                let v = self.b.ins().load(types::I16, flags(), addr, 0);
                let f = if e == ElementType::F16 {
                    self.h.f16_to_f32
                } else {
                    self.h.bf16_to_f32
                };
                self.call1(f, v)
            }
            _ => self.b.ins().load(compute_type(e), flags(), addr, 0),
        }
    }

    fn store(&mut self, e: ElementType, addr: Value, v: Value, lanes: u32) {
        if lanes > 1 {
            self.b.ins().store(flags(), v, addr, 0);
            return;
        }
        match e {
            ElementType::I1 => {
                let m = self.b.ins().band_imm_s(v, 1);
                self.b.ins().store(flags(), m, addr, 0);
            }
            ElementType::F16 | ElementType::BF16 => {
                let f = if e == ElementType::F16 {
                    self.h.f32_to_f16
                } else {
                    self.h.f32_to_bf16
                };
                let h = self.call1(f, v);
                self.b.ins().store(flags(), h, addr, 0);
            }
            _ => {
                self.b.ins().store(flags(), v, addr, 0);
            }
        }
    }

    /// Rounds an f32 result to the element's precision (f16, bf16).
    fn round(&mut self, e: ElementType, v: Value) -> Value {
        match e {
            ElementType::F16 => self.call1(self.h.round_f16, v),
            ElementType::BF16 => self.call1(self.h.round_bf16, v),
            _ => v,
        }
    }

    /// `maximumf(a, c)`: NaN if either is NaN, `-0 < +0`. Cranelift's
    /// `fmax` has exactly that meaning but costs eight x64 instructions;
    /// against a non-NaN constant (relu's 0) a compare and a select do:
    /// `x <= k ? k : x` keeps a NaN `x` (the compare is false) and turns
    /// `-0` into `+0`; for `k = -0`, `x < k` keeps `+0`.
    fn fmax(&mut self, a: Value, c: Value, ka: Option<f64>, kc: Option<f64>, lanes: u32) -> Value {
        let (x, k, kv) = match (ka, kc) {
            (_, Some(kv)) if lanes > 1 && !kv.is_nan() => (a, c, kv),
            (Some(kv), _) if lanes > 1 && !kv.is_nan() => (c, a, kv),
            _ => return self.b.ins().fmax(a, c),
        };
        let cc = if kv == 0.0 && kv.is_sign_negative() {
            FloatCC::LessThan
        } else {
            FloatCC::LessThanOrEqual
        };
        let ty = self.b.func.dfg.value_type(x);
        let m = self.b.ins().fcmp(cc, x, k);
        let m = self.b.ins().bitcast(ty, MemFlags::new(), m);
        if kv == 0.0 && kv.is_sign_positive() {
            // Selecting +0 is clearing the lanes.
            self.b.ins().band_not(x, m)
        } else {
            self.b.ins().bitselect(m, k, x)
        }
    }

    /// `graph.cast`'s conversion of scalar `v` (compute type of `from`) to
    /// `to` (ONNX `Cast`): float → int truncates toward zero and saturates,
    /// NaN → 0 (`fcvt_to_sint_sat`, clamped for i8/i16); int → float rounds
    /// to nearest; int → int wraps or sign-extends; x → i1 is `x != 0` (NaN:
    /// true); an i1 source is 0 or 1; f16/bf16 results are rounded from f32.
    fn cast(&mut self, from: ElementType, to: ElementType, v: Value) -> Value {
        let (ft, tt) = (compute_type(from), compute_type(to));
        if from == to {
            return v;
        }
        if to == ElementType::I1 {
            let r = if from.is_float() {
                let zero = if ft == types::F64 {
                    self.b.ins().f64const(0.0)
                } else {
                    self.b.ins().f32const(0.0)
                };
                self.b.ins().fcmp(FloatCC::NotEqual, v, zero)
            } else {
                self.b.ins().icmp_imm_s(IntCC::NotEqual, v, 0)
            };
            return self.b.ins().ineg(r);
        }
        // An i1 is held as 0 / -1: as a number it is 0 / 1.
        let v = if from == ElementType::I1 {
            self.b.ins().band_imm_s(v, 1)
        } else {
            v
        };
        match (from.is_float(), to.is_float()) {
            (true, true) => {
                let r = if ft == tt {
                    v
                } else if tt == types::F64 {
                    self.b.ins().fpromote(types::F64, v)
                } else {
                    self.b.ins().fdemote(types::F32, v)
                };
                self.round(to, r)
            }
            (false, true) => {
                let wide = if ft.bits() < 32 {
                    self.b.ins().sextend(types::I32, v)
                } else {
                    v
                };
                let r = self.b.ins().fcvt_from_sint(tt, wide);
                self.round(to, r)
            }
            (true, false) => {
                let wide = if tt == types::I64 {
                    types::I64
                } else {
                    types::I32
                };
                let r = self.b.ins().fcvt_to_sint_sat(wide, v);
                if tt.bits() >= 32 {
                    return r;
                }
                let (lo, hi) = if tt == types::I8 {
                    (i8::MIN as i64, i8::MAX as i64)
                } else {
                    (i16::MIN as i64, i16::MAX as i64)
                };
                let lo = self.b.ins().iconst(types::I32, lo);
                let hi = self.b.ins().iconst(types::I32, hi);
                let r = self.b.ins().smax(r, lo);
                let r = self.b.ins().smin(r, hi);
                self.b.ins().ireduce(tt, r)
            }
            (false, false) => {
                if ft.bits() < tt.bits() {
                    self.b.ins().sextend(tt, v)
                } else if ft.bits() > tt.bits() {
                    self.b.ins().ireduce(tt, v)
                } else {
                    v
                }
            }
        }
    }

    /// Emits a body on scalars or vectors of `lanes`: the `needed` values,
    /// with those in `pre` given. Returns every value (others reserved).
    fn body(
        &mut self,
        body: &Body,
        args: &[Value],
        lanes: u32,
        needed: &[bool],
        pre: &[(usize, Value)],
    ) -> Vec<Value> {
        let mut vals: Vec<Value> = Vec::with_capacity(body.ops.len());
        // Float constants of the body, by value index.
        let consts: Vec<Option<f64>> = body
            .ops
            .iter()
            .map(|(op, _)| match *op {
                BodyOp::ConstF(x) => Some(x),
                _ => None,
            })
            .collect();
        for (idx, (op, e)) in body.ops.iter().enumerate() {
            if let Some(&(_, v)) = pre.iter().find(|p| p.0 == idx) {
                vals.push(v);
                continue;
            }
            if !needed[idx] {
                vals.push(Value::reserved_value());
                continue;
            }
            let e = *e;
            let ct = compute_type(e);
            let vt = if lanes > 1 {
                vector_type(e).expect("vectorisable")
            } else {
                ct
            };
            let v = match *op {
                // An argument the stage does not load (a parallel body's
                // output) is never read: `uses_output` loads it when it is.
                BodyOp::Arg(i) => match args.get(i) {
                    Some(&a) => a,
                    None => {
                        let z = if e.is_float() {
                            if ct == types::F64 {
                                self.b.ins().f64const(0.0)
                            } else {
                                self.b.ins().f32const(0.0)
                            }
                        } else {
                            self.b.ins().iconst(ct, 0)
                        };
                        if lanes > 1 {
                            self.b.ins().splat(vt, z)
                        } else {
                            z
                        }
                    }
                },
                BodyOp::ConstF(x) => {
                    let s = if ct == types::F64 {
                        self.b.ins().f64const(x)
                    } else {
                        self.b.ins().f32const(x as f32)
                    };
                    if lanes > 1 {
                        self.b.ins().splat(vt, s)
                    } else {
                        s
                    }
                }
                BodyOp::ConstI(x) => {
                    let bits = ct.bits();
                    let x = if bits >= 64 {
                        x
                    } else {
                        x & ((1i64 << bits) - 1)
                    };
                    let s = self.b.ins().iconst(ct, x);
                    if lanes > 1 {
                        self.b.ins().splat(vt, s)
                    } else {
                        s
                    }
                }
                BodyOp::Bin(bin, a, c) => {
                    let (ai, ci) = (a, c);
                    let (a, c) = (vals[a], vals[c]);
                    if e.is_float() {
                        let r = match bin {
                            Bin::Add => self.b.ins().fadd(a, c),
                            Bin::Sub => self.b.ins().fsub(a, c),
                            Bin::Mul => self.b.ins().fmul(a, c),
                            Bin::Div => self.b.ins().fdiv(a, c),
                            Bin::Max => self.fmax(a, c, consts[ai], consts[ci], lanes),
                            // IEEE minimum: NaN wins, -0 < +0.
                            Bin::Min => self.b.ins().fmin(a, c),
                            Bin::Or | Bin::And | Bin::Xor => a,
                        };
                        self.round(e, r)
                    } else {
                        let r = match bin {
                            Bin::Add => self.b.ins().iadd(a, c),
                            Bin::Sub => self.b.ins().isub(a, c),
                            Bin::Mul => self.b.ins().imul(a, c),
                            Bin::Div => self.b.ins().sdiv(a, c),
                            Bin::Max => self.b.ins().smax(a, c),
                            Bin::Min => self.b.ins().smin(a, c),
                            Bin::Or => self.b.ins().bor(a, c),
                            Bin::And => self.b.ins().band(a, c),
                            Bin::Xor => self.b.ins().bxor(a, c),
                        };
                        if e == ElementType::I1 {
                            self.renorm_i1(r)
                        } else {
                            r
                        }
                    }
                }
                BodyOp::Neg(a) => self.b.ins().fneg(vals[a]),
                BodyOp::Exp(a) => {
                    let r = crate::math::exp(&mut self.b, vals[a], self.fma);
                    self.round(e, r)
                }
                BodyOp::Tanh(a) => {
                    let r = crate::math::tanh(&mut self.b, vals[a], self.fma);
                    self.round(e, r)
                }
                BodyOp::Abs(a) => self.b.ins().fabs(vals[a]),
                BodyOp::Sqrt(a) => {
                    let r = self.b.ins().sqrt(vals[a]);
                    self.round(e, r)
                }
                BodyOp::Log(a) => {
                    let r = crate::math::log(&mut self.b, vals[a], self.fma);
                    self.round(e, r)
                }
                BodyOp::Erf(a) if ct == types::F32 => {
                    let r = crate::math::erf(&mut self.b, vals[a], self.fma);
                    self.round(e, r)
                }
                BodyOp::Erf(a) => self.call1(self.h.erf, vals[a]),
                BodyOp::Sin(a) => {
                    let r = crate::math::sin(&mut self.b, vals[a], self.fma, self.h.sin);
                    self.round(e, r)
                }
                BodyOp::Cos(a) => {
                    let r = crate::math::cos(&mut self.b, vals[a], self.fma, self.h.cos);
                    self.round(e, r)
                }
                BodyOp::Pow(a, c) => {
                    let f = self.h.pow[(ct == types::F64) as usize];
                    let call = self.b.ins().call(f, &[vals[a], vals[c]]);
                    let r = self.b.inst_results(call)[0];
                    self.round(e, r)
                }
                BodyOp::Cast(a) => self.cast(body.ops[a].1, e, vals[a]),
                BodyOp::Index(d) => {
                    let p = self.g.parallel;
                    let v = if d >= p {
                        self.b.use_var(self.reduced[d - p])
                    } else {
                        let v = self.b.use_var(self.idx[d]);
                        match self.inner {
                            Some(i) if d + 1 == p => {
                                let i = self.b.use_var(i);
                                self.b.ins().iadd(v, i)
                            }
                            _ => v,
                        }
                    };
                    if ct == types::I64 {
                        v
                    } else {
                        self.b.ins().ireduce(ct, v)
                    }
                }
                BodyOp::Cmp(p, a, c) => {
                    let r = if body.ops[a].1.is_float() {
                        // Ordered, but `!=` (Cranelift's NotEqual is unordered).
                        let cc = match p {
                            Cmp::Eq => FloatCC::Equal,
                            Cmp::Ne => FloatCC::NotEqual,
                            Cmp::Lt => FloatCC::LessThan,
                            Cmp::Le => FloatCC::LessThanOrEqual,
                            Cmp::Gt => FloatCC::GreaterThan,
                            Cmp::Ge => FloatCC::GreaterThanOrEqual,
                        };
                        self.b.ins().fcmp(cc, vals[a], vals[c])
                    } else {
                        let cc = match p {
                            Cmp::Eq => IntCC::Equal,
                            Cmp::Ne => IntCC::NotEqual,
                            Cmp::Lt => IntCC::SignedLessThan,
                            Cmp::Le => IntCC::SignedLessThanOrEqual,
                            Cmp::Gt => IntCC::SignedGreaterThan,
                            Cmp::Ge => IntCC::SignedGreaterThanOrEqual,
                        };
                        self.b.ins().icmp(cc, vals[a], vals[c])
                    };
                    // i1 computes sign-extended: true is -1.
                    self.b.ins().ineg(r)
                }
                BodyOp::Select(c, a, f) => self.b.ins().select(vals[c], vals[a], vals[f]),
            };
            vals.push(v);
        }
        vals
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Access, Body};
    use xir_runtime_hal::ErrorKind;

    #[test]
    fn a_stage_of_an_unsupported_element_type_is_unimplemented() {
        let si16 = ElementType::parse("si16").unwrap();
        let g = GenericPlan {
            inputs: vec![],
            output: Access {
                buffer: 0,
                terms: vec![],
            },
            domain: vec![],
            symbols: vec![],
            parallel: 0,
            lanes: 1,
            body: Body {
                ops: vec![(BodyOp::ConstI(1), si16)],
                result: 0,
            },
        };
        let e = Jit::new().unwrap().generic(&g).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Unimplemented);
        assert_eq!(e.to_string(), "unsupported element type si16");
    }
}
