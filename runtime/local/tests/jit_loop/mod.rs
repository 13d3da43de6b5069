//! Shared by the accuracy tests of `xir_runtime_local::math` (`math_range.rs`,
//! `math_trig.rs`): a JIT-compiled `fn(src, dst, n)` applying one of its
//! functions elementwise, on the host's ISA.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{AbiParam, BlockArg, Function, InstBuilder, MemFlagsData, Type, Value};
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::JITModule;
use cranelift_module::{Linkage, Module};

pub fn isa() -> OwnedTargetIsa {
    let mut flags = settings::builder();
    flags.set("opt_level", "speed").unwrap();
    cranelift_native::builder()
        .unwrap()
        .finish(settings::Flags::new(flags))
        .unwrap()
}

/// Whether `fma` lowers to an instruction (x64: FMA3 needs the VEX encoding).
pub fn host_fma(isa: &OwnedTargetIsa) -> bool {
    let on = |name: &str| {
        isa.isa_flags()
            .iter()
            .any(|v| v.name == name && v.as_bool() == Some(true))
    };
    if cfg!(target_arch = "x86_64") {
        on("has_fma") && on("has_avx")
    } else {
        cfg!(target_arch = "aarch64")
    }
}

/// The `fma` settings worth testing on this host.
pub fn fma_modes() -> Vec<bool> {
    if host_fma(&isa()) {
        vec![false, true]
    } else {
        vec![false]
    }
}

/// `fn(src, dst, n)` applying `emit` elementwise; `vector`: a 128-bit loop
/// followed by a scalar tail, else scalar only.
pub struct Kernel {
    _module: JITModule,
    ptr: *const u8,
}

impl Kernel {
    /// Builds the kernel in `module` (which may have declared imports):
    /// `refs` makes what `emit` needs inside the function (e.g. a `FuncRef`
    /// of an import), `emit` computes one lane type's value.
    pub fn build<R: Copy>(
        mut module: JITModule,
        lane: Type,
        vector: bool,
        refs: impl FnOnce(&mut JITModule, &mut Function) -> R,
        emit: impl Fn(&mut FunctionBuilder, Value, R) -> Value,
    ) -> Kernel {
        let ptr_ty = module.target_config().pointer_type();
        let mut ctx = module.make_context();
        for _ in 0..3 {
            ctx.func.signature.params.push(AbiParam::new(ptr_ty));
        }
        let id = module
            .declare_function("k", Linkage::Export, &ctx.func.signature)
            .unwrap();
        let r = refs(&mut module, &mut ctx.func);
        let mut fbc = FunctionBuilderContext::new();
        let mut b = FunctionBuilder::new(&mut ctx.func, &mut fbc);
        let size = i64::from(lane.bytes());
        let width = 16 / size;
        let vty = lane.by(width as u32).unwrap();
        let flags = MemFlagsData::trusted();

        let entry = b.create_block();
        let vhead = b.create_block();
        let vbody = b.create_block();
        let thead = b.create_block();
        let tbody = b.create_block();
        let exit = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.append_block_param(vhead, ptr_ty);
        b.append_block_param(thead, ptr_ty);

        b.switch_to_block(entry);
        let [src, dst, n] = b.block_params(entry).try_into().unwrap();
        let zero = b.ins().iconst(ptr_ty, 0);
        b.ins()
            .jump(if vector { vhead } else { thead }, &[zero.into()]);

        // Vector loop: while i + width <= n.
        b.switch_to_block(vhead);
        let i = b.block_params(vhead)[0];
        let next = b.ins().iadd_imm_s(i, width);
        let more = b.ins().icmp(IntCC::UnsignedLessThanOrEqual, next, n);
        b.ins().brif(more, vbody, &[], thead, &[BlockArg::Value(i)]);
        b.switch_to_block(vbody);
        let off = b.ins().imul_imm_s(i, size);
        let s = b.ins().iadd(src, off);
        let v = b.ins().load(vty, flags, s, 0);
        let out = emit(&mut b, v, r);
        let d = b.ins().iadd(dst, off);
        b.ins().store(flags, out, d, 0);
        b.ins().jump(vhead, &[next.into()]);

        // Scalar tail.
        b.switch_to_block(thead);
        let i = b.block_params(thead)[0];
        let more = b.ins().icmp(IntCC::UnsignedLessThan, i, n);
        b.ins().brif(more, tbody, &[], exit, &[]);
        b.switch_to_block(tbody);
        let off = b.ins().imul_imm_s(i, size);
        let s = b.ins().iadd(src, off);
        let v = b.ins().load(lane, flags, s, 0);
        let out = emit(&mut b, v, r);
        let d = b.ins().iadd(dst, off);
        b.ins().store(flags, out, d, 0);
        let next = b.ins().iadd_imm_s(i, 1);
        b.ins().jump(thead, &[next.into()]);

        b.switch_to_block(exit);
        b.ins().return_(&[]);
        b.seal_all_blocks();
        b.finalize(module.target_config());

        module.define_function(id, &mut ctx).unwrap();
        module.clear_context(&mut ctx);
        module.finalize_definitions().unwrap();
        let ptr = module.get_finalized_function(id);
        Kernel {
            _module: module,
            ptr,
        }
    }

    pub fn run<T: Copy + Default>(&self, src: &[T]) -> Vec<T> {
        let mut dst = vec![T::default(); src.len()];
        // SAFETY: `ptr` is the finalized `fn(src, dst, n)` of `T` lanes.
        let f: unsafe extern "C" fn(*const T, *mut T, usize) =
            unsafe { std::mem::transmute(self.ptr) };
        unsafe { f(src.as_ptr(), dst.as_mut_ptr(), src.len()) };
        dst
    }
}
