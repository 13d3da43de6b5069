//! `--diagnostics=pretty` colours only for a terminal, and never under NO_COLOR.
//! A terminal comes from util-linux's `script`, which runs xopt on a pty.

use std::process::Command;

const CONFLICT: &str = r#"module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @f(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> tensor<4xf32> {
    %0 = graph.add %a, %b : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"#;

/// xopt's stderr (on the pty, merged with stdout) with `flags` and `no_color`.
fn on_terminal(flags: &str, no_color: Option<&str>) -> Option<String> {
    let dir = tempfile::tempdir().expect("temp dir");
    let input = dir.path().join("c.mlir");
    std::fs::write(&input, CONFLICT).expect("write input");
    let cmd = format!(
        "{} {} --device-plan {flags}",
        env!("CARGO_BIN_EXE_xopt"),
        input.display()
    );
    let mut c = Command::new("script");
    c.args(["-qec", &cmd, "/dev/null"]).env_remove("NO_COLOR");
    if let Some(v) = no_color {
        c.env("NO_COLOR", v);
    }
    match c.output() {
        Ok(o) => Some(String::from_utf8_lossy(&o.stdout).into_owned()),
        Err(e) if std::env::var_os("CI").is_some() => {
            panic!("`script` (util-linux) is needed: {e}")
        }
        Err(e) => {
            eprintln!("pretty_colour: not run: `script` (util-linux) is missing: {e}");
            None
        }
    }
}

#[test]
fn colour_on_a_terminal_unless_no_color() {
    let Some(coloured) = on_terminal("--diagnostics=pretty", None) else {
        return;
    };
    assert!(coloured.contains("\u{1b}["), "{coloured}");
    assert!(coloured.contains("conflicting placements"), "{coloured}");
    // NO_COLOR set to anything but the empty string turns colour off.
    let plain = on_terminal("--diagnostics=pretty", Some("1")).expect("script ran before");
    assert!(!plain.contains('\u{1b}'), "{plain}");
    assert!(plain.contains("conflicting placements"), "{plain}");
    let empty = on_terminal("--diagnostics=pretty", Some("")).expect("script ran before");
    assert!(empty.contains("\u{1b}["), "{empty}");
    // mlir-opt's format is never coloured.
    let mlir = on_terminal("", None).expect("script ran before");
    assert!(!mlir.contains('\u{1b}'), "{mlir}");
    assert!(mlir.contains("error: conflicting placements"), "{mlir}");
}
