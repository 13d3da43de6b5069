//! The command line: exit status 0 with the module on stdout or in `-o`,
//! exit status 1 with one `xir-import-onnx: error:` line otherwise. (This
//! test also makes `cargo test` build the binary the lit tests run.)

use std::process::Command;

fn example(f: &str) -> String {
    format!("{}/../../examples/onnx/{f}", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xir-import-onnx"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn imports_to_stdout_and_file() {
    let (code, stdout, stderr) = run(&[&example("block.onnx")]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("func.func @main(%arg0: tensor<8x16xf32> loc(\"x\"))"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("block.mlir");
    let (code, stdout, _) = run(&[&example("block.onnx"), "-o", path.to_str().unwrap()]);
    assert_eq!((code, stdout.as_str()), (0, ""));
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains("graph.softmax"));
}

#[test]
fn errors_exit_with_status_1() {
    for (args, want) in [
        (
            vec!["/nonexistent.onnx"],
            "xir-import-onnx: error: cannot open input file '/nonexistent.onnx'",
        ),
        (vec![&*example("block_input.npy")], "not an ONNX model"),
        (
            vec![&*example("block.onnx"), "--place=x"],
            "--place 'x' is not PATTERN=@DEVICE",
        ),
        (
            vec![&*example("block.onnx"), "--bind=x"],
            "--bind 'x' is not NAME=NUMBER[,NUMBER...]",
        ),
        (
            vec![&*example("block.onnx"), "--bind=x=1"],
            "it binds integer and float scalars and vectors",
        ),
    ] {
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 1, "{args:?}: {stderr}");
        assert!(stdout.is_empty());
        assert!(
            stderr.starts_with("xir-import-onnx: error: ") && stderr.contains(want),
            "{args:?}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

/// A model whose nodes use several ops xir lacks: one error line listing
/// them all (each op, its node count, its first node and index), status 1.
#[test]
fn unsupported_ops_are_listed_in_one_error() {
    // block.onnx with its MatMul (8 nodes) and Gelu (1) renamed.
    let mut bytes = std::fs::read(example("block.onnx")).unwrap();
    for (from, to) in [(&b"MatMul"[..], &b"MatMux"[..]), (b"Gelu", b"Gelx")] {
        let mut i = 0;
        while i + from.len() <= bytes.len() {
            if &bytes[i..i + from.len()] == from {
                bytes[i..i + from.len()].copy_from_slice(to);
            }
            i += 1;
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("renamed.onnx");
    std::fs::write(&path, bytes).unwrap();
    let path = path.to_str().unwrap();
    let (code, stdout, stderr) = run(&[path]);
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "xir-import-onnx: error: {path}: 2 unsupported ops (9 nodes, opset 20): MatMux (8 nodes, first 'attn/q' #1), Gelx (1 node, 'mlp/gelu' #14)\n"
        )
    );
}
