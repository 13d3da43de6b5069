//! Expected texts are mlir-opt 22's stderr for the same locations.

use super::render;
use crate::attributes::{AttrKind, Location};
use crate::context::Context;
use crate::diag::{Diagnostic, SourceBuffer, SourceMgr};
use crate::entity::Attr;

const LINE: &str = "\"func.return\"() : () -> ()";

fn setup(name: &str, text: &str) -> (Context, SourceMgr) {
    let mut sm = SourceMgr::default();
    sm.add(SourceBuffer::new(name, text));
    (Context::new(), sm)
}

fn loc(ctx: &mut Context, l: Location) -> Attr {
    ctx.intern_attr(AttrKind::Location(l))
}

fn name(ctx: &mut Context, n: &str, child: Option<Attr>) -> Attr {
    let name = ctx.ident(n);
    loc(ctx, Location::Name { name, child })
}

fn callsite(ctx: &mut Context, callee: Attr, caller: Attr) -> Attr {
    loc(ctx, Location::CallSite { callee, caller })
}

#[test]
fn file_line_col_with_snippet_and_note_at_same_place() {
    let (mut ctx, sm) = setup("t.mlir", &format!("{LINE}\n"));
    let l = ctx.file_loc("t.mlir", 1, 1);
    let d = Diagnostic::error(l, "'func.return' op expects parent op 'func.func'")
        .with_note(l, "see current operation: x");
    assert_eq!(
        render(&d, &ctx, &sm),
        "t.mlir:1:1: error: 'func.return' op expects parent op 'func.func'\n\
         \"func.return\"() : () -> ()\n\
         ^\n\
         t.mlir:1:1: note: see current operation: x\n"
    );
}

#[test]
fn severities() {
    let (mut ctx, sm) = setup("t.mlir", "ab\n");
    let l = ctx.file_loc("t.mlir", 1, 2);
    let w = render(&Diagnostic::warning(l, "w"), &ctx, &sm);
    assert_eq!(w, "t.mlir:1:2: warning: w\nab\n ^\n");
    let r = render(&Diagnostic::remark(l, "r {x}"), &ctx, &sm);
    assert_eq!(r, "t.mlir:1:2: remark: r {x}\nab\n ^\n");
}

#[test]
fn columns_up_to_one_past_the_line_have_a_snippet() {
    let (mut ctx, sm) = setup("t.mlir", "abc\r\ndef");
    let at = |ctx: &mut Context, l, c| {
        let loc = ctx.file_loc("t.mlir", l, c);
        render(&Diagnostic::error(loc, "m"), ctx, &sm)
    };
    assert_eq!(at(&mut ctx, 1, 4), "t.mlir:1:4: error: m\nabc\n   ^\n");
    assert_eq!(at(&mut ctx, 1, 5), "t.mlir:1:5: error: m\n");
    assert_eq!(at(&mut ctx, 2, 4), "t.mlir:2:4: error: m\ndef\n   ^\n");
    assert_eq!(at(&mut ctx, 3, 1), "t.mlir:3:1: error: m\n");
    assert_eq!(at(&mut ctx, 0, 0), "t.mlir:0:0: error: m\n");
    assert_eq!(at(&mut ctx, 1, 0), "t.mlir:1:0: error: m\n");
}

#[test]
fn unknown_buffer_has_no_snippet() {
    let (mut ctx, sm) = setup("t.mlir", "abc\n");
    let l = ctx.file_loc("other.mlir", 1, 1);
    assert_eq!(
        render(&Diagnostic::error(l, "m"), &ctx, &sm),
        "other.mlir:1:1: error: m\n"
    );
}

#[test]
fn tabs_expand_to_eight_columns() {
    let (mut ctx, sm) = setup("t.mlir", "\t\t\tx\n");
    let l = ctx.file_loc("t.mlir", 1, 4);
    assert_eq!(
        render(&Diagnostic::error(l, "m"), &ctx, &sm),
        format!("t.mlir:1:4: error: m\n{0}x\n{0}^\n", " ".repeat(24))
    );
}

#[test]
fn non_ascii_line_has_no_caret() {
    let (mut ctx, sm) = setup("t.mlir", "a = \"\u{e9}\"\n");
    let l = ctx.file_loc("t.mlir", 1, 2);
    assert_eq!(
        render(&Diagnostic::error(l, "m"), &ctx, &sm),
        "t.mlir:1:2: error: m\na = \"\u{e9}\"\n"
    );
}

#[test]
fn ranges_are_underlined() {
    let (mut ctx, sm) = setup("t.mlir", "// expected-error {{abc}}\n");
    let file = ctx.ident("t.mlir");
    let l = loc(
        &mut ctx,
        Location::FileLineCol {
            file,
            line: 1,
            col: 4,
            end_line: None,
            end_col: Some(7),
            line_only: false,
        },
    );
    assert_eq!(
        render(&Diagnostic::error(l, "m"), &ctx, &sm),
        "t.mlir:1:4: error: m\n// expected-error {{abc}}\n   ^~~\n"
    );
}

#[test]
fn unknown_location() {
    let (ctx, sm) = setup("t.mlir", "");
    let d = Diagnostic::error(ctx.unknown_loc(), "m").with_note(ctx.unknown_loc(), "n");
    assert_eq!(
        render(&d, &ctx, &sm),
        "<unknown>:0: error: m\n<unknown>:0: note: n\n"
    );
}

#[test]
fn name_location_without_position_is_printed() {
    let (mut ctx, sm) = setup("t.mlir", "");
    let l = name(&mut ctx, "we\"ird", None);
    assert_eq!(
        render(&Diagnostic::error(l, "m"), &ctx, &sm),
        "<unknown>:0: error: loc(\"we\\22ird\"): m\n"
    );
}

#[test]
fn name_location_shows_its_child_position() {
    let (mut ctx, sm) = setup("e.mlir", &format!("{LINE}\n"));
    let child = ctx.file_loc("e.mlir", 1, 3);
    let l = name(&mut ctx, "foo", Some(child));
    assert_eq!(
        render(&Diagnostic::error(l, "m").with_note(l, "n"), &ctx, &sm),
        format!("e.mlir:1:3: error: m\n{LINE}\n  ^\ne.mlir:1:3: note: n\n")
    );
}

#[test]
fn fused_location_shows_first_position() {
    let (mut ctx, sm) = setup("g.mlir", &format!("{LINE}\n"));
    let a = ctx.file_loc("g.mlir", 1, 5);
    let b = name(&mut ctx, "foo", None);
    let l = loc(
        &mut ctx,
        Location::Fused {
            locs: vec![b, a],
            metadata: None,
        },
    );
    assert_eq!(
        render(&Diagnostic::error(l, "m"), &ctx, &sm),
        format!("g.mlir:1:5: error: m\n{LINE}\n    ^\n")
    );
    let empty = loc(
        &mut ctx,
        Location::Fused {
            locs: vec![b, b],
            metadata: None,
        },
    );
    assert_eq!(
        render(&Diagnostic::error(empty, "m"), &ctx, &sm),
        "<unknown>:0: error: loc(fused[\"foo\", \"foo\"]): m\n"
    );
}

#[test]
fn call_sites_list_their_callers() {
    let (mut ctx, sm) = setup("t8.mlir", &format!("{LINE}\n"));
    let callee_pos = ctx.file_loc("t8.mlir", 1, 2);
    let callee = name(&mut ctx, "n", Some(callee_pos));
    let mid = ctx.file_loc("t8.mlir", 1, 3);
    let far = ctx.file_loc("zz", 1, 1);
    let inner = callsite(&mut ctx, mid, far);
    let l = callsite(&mut ctx, callee, inner);
    let d = Diagnostic::error(l, "m").with_note(l, "n");
    assert_eq!(
        render(&d, &ctx, &sm),
        format!(
            "t8.mlir:1:2: error: m\n{LINE}\n ^\n\
             t8.mlir:1:3: note: called from\n{LINE}\n  ^\n\
             zz:1:1: note: called from\n\
             t8.mlir:1:2: note: n\n{LINE}\n ^\n"
        )
    );
}

#[test]
fn call_site_without_positions() {
    let (mut ctx, sm) = setup("t.mlir", "");
    let a = name(&mut ctx, "a", None);
    let b = name(&mut ctx, "b", None);
    let l = callsite(&mut ctx, a, b);
    assert_eq!(
        render(&Diagnostic::error(l, "m"), &ctx, &sm),
        "<unknown>:0: error: loc(callsite(\"a\" at \"b\")): m\n\
         <unknown>:0: note: loc(\"b\"): called from\n"
    );
}

#[test]
fn call_stack_is_limited_to_ten_callers() {
    let (mut ctx, sm) = setup("t.mlir", "");
    let mut l = ctx.file_loc("t.mlir", 20, 1);
    for i in (1..20).rev() {
        let callee = ctx.file_loc("t.mlir", i, 1);
        l = callsite(&mut ctx, callee, l);
    }
    let out = render(&Diagnostic::error(l, "m"), &ctx, &sm);
    assert_eq!(out.matches("called from").count(), 10);
    assert!(out.ends_with("t.mlir:11:1: note: called from\n"));
}

#[test]
fn split_chunk_positions_are_whole_file_positions() {
    let mut sm = SourceMgr::default();
    let mut buf = SourceBuffer::new("s.mlir", "        x\ny\n");
    buf.line_offset = 10;
    sm.add(buf);
    let mut ctx = Context::new();
    let l = ctx.file_loc("s.mlir", 12, 1);
    assert_eq!(
        render(&Diagnostic::error(l, "m"), &ctx, &sm),
        "s.mlir:12:1: error: m\ny\n^\n"
    );
}
