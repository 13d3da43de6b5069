//! Hostile sizes: a function of 100,000 chained elementwise ops compiles and
//! runs on every backend. The graph → kernel lowering walks a fused body
//! without recursion, and a region holds at most `MAX_REGION_OPS` ops, so no
//! backend's compiler (Cranelift, the Vulkan driver's) sees a kernel deep
//! enough to overflow its stack.

use std::process::Command;

const XRUN: &str = env!("CARGO_BIN_EXE_xrun");
const N: usize = 100_000;

/// `abs(neg(abs(neg(...(x)))))`: `|x|` after any even number of ops.
fn chain(n: usize) -> String {
    let mut s = String::from("func.func @main(%x0: tensor<8xf32>) -> tensor<8xf32> {\n");
    for i in 1..=n {
        let op = if i % 2 == 1 { "neg" } else { "abs" };
        s.push_str(&format!(
            "  %x{i} = graph.{op} %x{} : tensor<8xf32>\n",
            i - 1
        ));
    }
    s.push_str(&format!("  return %x{n} : tensor<8xf32>\n}}\n"));
    s
}

fn run(path: &std::path::Path, flags: &[&str]) -> String {
    let out = Command::new(XRUN)
        .arg(path)
        .args(flags)
        .arg("--input=8xf32=-1,2,-3,4,-5,6,-7,8")
        .output()
        .expect("xrun starts");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "xrun {flags:?} failed: {stderr}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_chain_of_100k_ops_runs_on_every_backend() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chain.mlir");
    std::fs::write(&path, chain(N)).unwrap();
    let want = "8xf32=1 2 3 4 5 6 7 8";
    for flags in [
        &["--device=local"][..],
        &["--device=reference"][..],
        &["--target-device=cpu=vulkan"][..],
    ] {
        let out = run(&path, flags);
        assert!(out.contains(want), "{flags:?}: {out}");
    }
}

#[test]
fn a_long_chain_is_split_into_regions_of_bounded_size() {
    let text = chain(5000);
    let hal = xrun::compile_text(&text, &["cpu=local".into()], "").unwrap();
    let dispatches = hal.matches("hal.command_buffer.dispatch").count();
    let max = xir_flow::conversion::from_graph::form_regions::MAX_REGION_OPS;
    assert_eq!(
        dispatches,
        5000usize.div_ceil(max),
        "{dispatches} dispatches"
    );
}
