//! The pretty rendering, as insta snapshots (review changes with `cargo insta review`).

use super::{render_pretty, token_end, Style};
use crate::context::Context;
use crate::diag::{Diagnostic, SourceBuffer, SourceMgr};

const PROGRAM: &str = r#"func.func @main(%a: tensor<4xf32> {device.promise = #device.affinity<@cpu>}) -> tensor<4xf32> {
  %0 = "graph.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.neg"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "graph.on_device"(%1) <{affinity = #device.affinity<@gpu>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
"#;

fn setup() -> (Context, SourceMgr) {
    let mut sm = SourceMgr::default();
    sm.add(SourceBuffer::new("p.mlir", PROGRAM));
    (Context::new(), sm)
}

#[test]
fn error_with_notes_and_a_chain_of_labels() {
    let (mut ctx, sm) = setup();
    let at = ctx.file_loc("p.mlir", 3, 8);
    let pin1 = ctx.file_loc("p.mlir", 1, 17);
    let step = ctx.file_loc("p.mlir", 2, 8);
    let pin2 = ctx.file_loc("p.mlir", 4, 8);
    let d = Diagnostic::error(at, "conflicting placements meet at this 'graph.neg'")
        .with_note(pin1, "pinned to @cpu by argument #0 of @main")
        .with_note(pin2, "pinned to @gpu by 'graph.on_device'")
        .with_label(step, "1. 'graph.relu' uses it");
    insta::assert_snapshot!(render_pretty(&d, &ctx, &sm, false));
}

#[test]
fn a_range_is_underlined_whole() {
    let (mut ctx, sm) = setup();
    let file = ctx.ident("p.mlir");
    let l = ctx.intern_attr(crate::AttrKind::Location(crate::Location::FileLineCol {
        file,
        line: 5,
        col: 3,
        end_line: None,
        end_col: Some(27),
        line_only: false,
    }));
    let d = Diagnostic::warning(l, "result is never used");
    insta::assert_snapshot!(render_pretty(&d, &ctx, &sm, false));
}

#[test]
fn a_note_in_another_file_gets_its_own_snippet() {
    let (mut ctx, mut sm) = setup();
    sm.add(SourceBuffer::new(
        "targets.txt",
        "#device.target<\"npu\", {ops = [\"graph.add\"]}, [\"npu-bin\"]>\n",
    ));
    let at = ctx.file_loc("p.mlir", 2, 8);
    let target = ctx.file_loc("targets.txt", 1, 1);
    let d = Diagnostic::error(at, "no device can run 'graph.relu'")
        .with_note(target, "@npu runs only 'graph.add'");
    insta::assert_snapshot!(render_pretty(&d, &ctx, &sm, false));
}

#[test]
fn without_a_source_position_plain_lines() {
    let (mut ctx, sm) = setup();
    let unknown = ctx.unknown_loc();
    let name = ctx.ident("attn/q");
    let named = ctx.intern_attr(crate::AttrKind::Location(crate::Location::Name {
        name,
        child: None,
    }));
    let d = Diagnostic::error(unknown, "no device can run 'graph.matmul'")
        .with_note(named, "here")
        .with_label(unknown, "a label");
    assert_eq!(
        render_pretty(&d, &ctx, &sm, false),
        "error: no device can run 'graph.matmul'\n  = a label\n  = note: loc(\"attn/q\"): here\n"
    );
}

#[test]
fn colour_only_when_asked() {
    let (mut ctx, sm) = setup();
    let d = Diagnostic::error(ctx.file_loc("p.mlir", 2, 8), "x");
    assert!(render_pretty(&d, &ctx, &sm, true).contains('\u{1b}'));
    assert!(!render_pretty(&d, &ctx, &sm, false).contains('\u{1b}'));
}

#[test]
fn token_ends() {
    let t = r#"%0 = "graph.relu"(%a) : f32 loc("a\"b")"#;
    assert_eq!(&t[0..token_end(t, 0)], "%0");
    assert_eq!(&t[5..token_end(t, 5)], "\"graph.relu\"");
    assert_eq!(&t[18..token_end(t, 18)], "%a");
    assert_eq!(&t[20..token_end(t, 20)], ")");
    assert_eq!(&t[32..token_end(t, 32)], r#""a\"b""#);
    assert_eq!(token_end(t, t.len()), t.len());
    let c = "%x#1:2 = @f::@g";
    assert_eq!(&c[..token_end(c, 0)], "%x#1");
    assert_eq!(&c[9..token_end(c, 9)], "@f::@g");
}

#[test]
fn flag_values() {
    assert_eq!(Style::from_flag("mlir"), Some(Style::Mlir));
    assert!(matches!(
        Style::from_flag("pretty"),
        Some(Style::Pretty { .. })
    ));
    assert_eq!(Style::from_flag("fancy"), None);
}
