//! Shared by the tests that compare an op's decomposition with the reference
//! backend's direct semantics (`composites.rs`, `windows.rs`): running both,
//! the element types they draw from, and comparing results.
#![allow(dead_code)]

use std::sync::Arc;
use xir::Ir;
use xir_runtime_hal::{Device, ElementType, HostTensor};
use xir_runtime_reference::program::Program;

/// The direct semantics: the graph-level program on the reference's
/// interpreter, composite and window ops not decomposed.
pub fn direct(text: &str, inputs: &[HostTensor]) -> Result<Vec<HostTensor>, String> {
    let mut ctx = xir_compiler::context();
    let mut ir = Ir::new();
    let top = xrun::parse(&mut ctx, &mut ir, "input", text).map_err(|e| e.to_string())?;
    xir_runtime_reference::program::register(&mut ctx);
    let p = Program::from_module(&ctx, &ir, top).map_err(|e| e.to_string())?;
    let f = p.function("main").ok_or("no function")?;
    let out = p
        .call(f, inputs.iter().cloned().map(Arc::new).collect())
        .map_err(|e| e.to_string())?;
    Ok(out.into_iter().map(|t| (*t).clone()).collect())
}

/// A local target without the `kernel.conv` and `kernel.pool` stages: convs
/// and pools kept whole by graph → flow are decomposed by the kernel
/// lowering (what vulkan gets).
const NO_CONV_STAGE: &str =
    r#"cpu=#device.target<"local", {cpu = "host", window_stages = false}, ["cranelift"]>"#;

/// One case both ways: its direct semantics against its compiled form run
/// on `local` and on `reference` (a conv or pool left whole for its kernel
/// stage, and again compiled for a target without the stages, decomposed);
/// what went wrong, if anything (`terms` as [`agree`] takes it).
pub fn check(label: &str, text: &str, inputs: &[HostTensor], terms: usize) -> Vec<String> {
    let want = match direct(text, inputs) {
        Ok(w) => w,
        Err(e) => return vec![format!("{label}: direct: {e}\n{text}")],
    };
    let mut failures = Vec::new();
    let mut targets = vec![("", vec![])];
    let window_stage = ["graph.conv ", "graph.max_pool ", "graph.avg_pool "];
    if window_stage.iter().any(|w| text.contains(w)) {
        targets.push((" (no conv stage)", vec![NO_CONV_STAGE.to_string()]));
    }
    for (how, target) in targets {
        let hal = match xrun::compile_text(text, &target, "") {
            Ok(h) => h,
            Err(e) => {
                failures.push(format!("{label}{how}: compile: {e}\n{text}"));
                continue;
            }
        };
        if !how.is_empty() && (hal.contains("kernel.conv ") || hal.contains("kernel.pool ")) {
            failures.push(format!(
                "{label}{how}: a kernel.conv or kernel.pool stage\n{text}"
            ));
        }
        for device in ["local", "reference"] {
            match xrun::run_text(&hal, "main", inputs, open(device)) {
                Ok(got) => {
                    for (k, (w, g)) in want.iter().zip(&got).enumerate() {
                        if let Err(e) = agree(w, g, terms) {
                            failures
                                .push(format!("{label}{how} on {device}, result {k}: {e}\n{text}"));
                        }
                    }
                }
                Err(e) => failures.push(format!("{label}{how} on {device}: {e}\n{text}")),
            }
        }
    }
    failures
}

/// The devices of one kind (`local`, `reference`).
pub fn open(name: &str) -> Vec<Arc<Device>> {
    xrun::devices::open(&[name.to_string()]).unwrap()
}

/// The element types the comparisons draw from.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Ty {
    BF16,
    F16,
    F32,
    F64,
    I8,
    I32,
}

impl Ty {
    pub fn element(self) -> ElementType {
        match self {
            Ty::BF16 => ElementType::BF16,
            Ty::F16 => ElementType::F16,
            Ty::F32 => ElementType::F32,
            Ty::F64 => ElementType::F64,
            Ty::I8 => ElementType::I8,
            Ty::I32 => ElementType::I32,
        }
    }

    /// (absolute, relative) tolerance of one result element.
    pub fn tol(self) -> (f64, f64) {
        match self {
            Ty::BF16 => (1.6e-2, 1.6e-2),
            Ty::F16 => (2e-3, 2e-3),
            Ty::F32 => (2e-5, 1e-4),
            Ty::F64 => (1e-11, 1e-10),
            Ty::I8 | Ty::I32 => (0.0, 0.0),
        }
    }

    pub fn of(e: ElementType) -> Ty {
        match e {
            ElementType::BF16 => Ty::BF16,
            ElementType::F16 => Ty::F16,
            ElementType::F32 => Ty::F32,
            ElementType::I8 => Ty::I8,
            ElementType::I32 => Ty::I32,
            _ => Ty::F64,
        }
    }

    /// Appends `v` (a float type) or `i` (an integer type) in this type.
    pub fn push(self, data: &mut Vec<u8>, v: f64, i: i64) {
        match self {
            Ty::BF16 => data.extend_from_slice(&half::bf16::from_f64(v).to_le_bytes()),
            Ty::F16 => data.extend_from_slice(&half::f16::from_f64(v).to_le_bytes()),
            Ty::F32 => data.extend_from_slice(&(v as f32).to_le_bytes()),
            Ty::F64 => data.extend_from_slice(&v.to_le_bytes()),
            Ty::I8 => data.push(i as i8 as u8),
            Ty::I32 => data.extend_from_slice(&(i as i32).to_le_bytes()),
        }
    }
}

/// `tensor<2x3xf32>`.
pub fn ttype(shape: &[usize], ty: Ty) -> String {
    let mut s = String::from("tensor<");
    for d in shape {
        s.push_str(&format!("{d}x"));
    }
    format!("{s}{}>", ty.element())
}

pub fn values(t: &HostTensor) -> Vec<f64> {
    let n = t.element.byte_size();
    t.data
        .chunks_exact(n)
        .map(|c| match t.element {
            ElementType::F16 => half::f16::from_le_bytes([c[0], c[1]]).to_f64(),
            ElementType::BF16 => half::bf16::from_le_bytes([c[0], c[1]]).to_f64(),
            ElementType::F32 => f32::from_le_bytes(c.try_into().unwrap()) as f64,
            ElementType::F64 => f64::from_le_bytes(c.try_into().unwrap()),
            ElementType::I8 => c[0] as i8 as f64,
            _ => i32::from_le_bytes(c.try_into().unwrap()) as f64,
        })
        .collect()
}

/// Whether `got` matches `want` within the element type's tolerance, scaled
/// by the square root of `terms` (how many products a result sums: the
/// decomposition rounds after each). An infinity must match exactly.
pub fn agree(want: &HostTensor, got: &HostTensor, terms: usize) -> Result<(), String> {
    if want.shape != got.shape || want.element != got.element {
        return Err(format!(
            "type {} vs {}",
            want.type_string(),
            got.type_string()
        ));
    }
    let (abs, rel) = Ty::of(want.element).tol();
    let scale = (terms as f64).sqrt().max(1.0);
    for (i, (w, g)) in values(want).iter().zip(values(got)).enumerate() {
        let ok = (w.is_nan() && g.is_nan())
            || w == &g
            || (w.is_finite() && (w - g).abs() <= (abs + rel * w.abs()) * scale);
        if !ok {
            return Err(format!("element {i}: want {w}, got {g}"));
        }
    }
    Ok(())
}
