//! Temporary: exp/tanh through libm calls until math.rs lands.
use cranelift_codegen::ir::{types, AbiParam, ExternalName, InstBuilder, Signature, UserExternalNameRef, Value};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::FunctionBuilder;

extern "C" fn expf(x: f32) -> f32 { x.exp() }
extern "C" fn exp64(x: f64) -> f64 { x.exp() }
extern "C" fn tanhf(x: f32) -> f32 { x.tanh() }
extern "C" fn tanh64(x: f64) -> f64 { x.tanh() }

fn call(b: &mut FunctionBuilder, f: usize, x: Value) -> Value {
    let ty = b.func.dfg.value_type(x);
    let mut sig = Signature::new(CallConv::SystemV);
    sig.params.push(AbiParam::new(ty));
    sig.returns.push(AbiParam::new(ty));
    let sr = b.import_signature(sig);
    let p = b.ins().iconst(types::I64, f as i64);
    let c = b.ins().call_indirect(sr, p, &[x]);
    let _ = (ExternalName::user(UserExternalNameRef::from_u32(0)),);
    b.inst_results(c)[0]
}

fn map(b: &mut FunctionBuilder, x: Value, f32f: usize, f64f: usize) -> Value {
    let ty = b.func.dfg.value_type(x);
    if ty.is_vector() {
        let mut v = x;
        for i in 0..ty.lane_count() {
            let l = b.ins().extractlane(x, i as u8);
            let r = map(b, l, f32f, f64f);
            v = b.ins().insertlane(v, r, i as u8);
        }
        return v;
    }
    call(b, if ty == types::F64 { f64f } else { f32f }, x)
}

pub fn exp(b: &mut FunctionBuilder, x: Value, _fma: bool) -> Value {
    map(b, x, expf as usize, exp64 as usize)
}
pub fn tanh(b: &mut FunctionBuilder, x: Value, _fma: bool) -> Value {
    map(b, x, tanhf as usize, tanh64 as usize)
}
