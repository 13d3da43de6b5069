//! Two programs on one device: their executables share symbol names
//! (`@main_dispatch_0::@...`), so whatever keeps prepared executables must
//! not mix them up by name (each executor keeps its own, per variant op).

mod common;

use xir_runtime_hal::{ElementType, HostTensor};

fn program(op: &str) -> String {
    format!(
        "func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {{\n  %0 = graph.{op} %a, %b : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}}\n"
    )
}

fn f32s(v: &[f32]) -> HostTensor {
    let data = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    HostTensor::new(ElementType::F32, vec![v.len()], data).unwrap()
}

#[test]
fn same_symbols_different_programs() {
    for backend in ["local", "reference"] {
        let devices = common::open(&[backend.to_string()]).unwrap();
        let (a, b) = (f32s(&[1.0, 2.0, 3.0, 4.0]), f32s(&[10.0, 20.0, 30.0, 40.0]));
        for (op, want) in [
            ("add", [11.0f32, 22.0, 33.0, 44.0]),
            ("mul", [10.0, 40.0, 90.0, 160.0]),
            ("sub", [-9.0, -18.0, -27.0, -36.0]),
        ] {
            let hal = common::compile_text(&program(op), &["local".to_string()], "").unwrap();
            let out =
                common::run_text(&hal, "main", &[a.clone(), b.clone()], devices.clone()).unwrap();
            assert_eq!(out[0], f32s(&want), "{op} on {backend}");
        }
    }
}
