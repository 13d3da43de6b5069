//! Expected texts are what mlir-opt 22 prints for the same annotations.

use super::verify_diagnostics;
use crate::attributes::{AttrKind, Location};
use crate::context::Context;
use crate::diag::{render, Diagnostic, Severity, SourceBuffer, SourceMgr};
use crate::entity::Attr;

/// Runs verification of `produced(ctx)` against `text` and renders the failures.
fn run(text: &str, produced: impl FnOnce(&mut Context) -> Vec<Diagnostic>) -> String {
    let mut ctx = Context::new();
    let buf = SourceBuffer::new("v.mlir", text);
    let produced = produced(&mut ctx);
    let failures = verify_diagnostics(&mut ctx, &buf, &produced);
    let mut sm = SourceMgr::default();
    sm.add(buf);
    failures.iter().map(|d| render(d, &ctx, &sm)).collect()
}

fn at(ctx: &mut Context, line: u32, col: u32, sev: Severity, msg: &str) -> Diagnostic {
    let loc = ctx.file_loc("v.mlir", line, col);
    Diagnostic {
        severity: sev,
        ..Diagnostic::error(loc, msg)
    }
}

fn err(ctx: &mut Context, line: u32, msg: &str) -> Diagnostic {
    at(ctx, line, 1, Severity::Error, msg)
}

#[test]
fn all_expected_is_success() {
    let text = "// expected-error@+1 {{parent op}}\nop\nop // expected-warning {{w}}\n";
    let out = run(text, |c| {
        vec![
            err(c, 2, "expects parent op 'func.func'"),
            at(c, 3, 1, Severity::Warning, "a w b"),
        ]
    });
    assert_eq!(out, "");
}

#[test]
fn offsets_above_below() {
    let text = "\
// expected-error@below {{b}}
// expected-note@below {{n}}
op
op
// expected-error@above {{a}}
// expected-remark@-3 {{r}}
// expected-error@+2 {{p}}

op
";
    let out = run(text, |c| {
        vec![
            err(c, 3, "b"),
            at(c, 3, 1, Severity::Note, "n"),
            err(c, 4, "a"),
            at(c, 3, 1, Severity::Remark, "r"),
            err(c, 9, "p"),
        ]
    });
    assert_eq!(out, "");
}

#[test]
fn notes_are_matched_on_their_own_line() {
    let text = "op // expected-error {{e}}\nop // expected-note {{n}}\n";
    let out = run(text, |c| {
        let note = c.file_loc("v.mlir", 2, 1);
        vec![err(c, 1, "e").with_note(note, "n")]
    });
    assert_eq!(out, "");
}

#[test]
fn missing_expectations() {
    let text = "\
// expected-error@below {{dangling}}
op
// expected-warning @+1{{expects parent}}   \n\
op
";
    let out = run(text, |_| vec![]);
    assert_eq!(
        out,
        "\
v.mlir:1:4: error: expected error \"dangling\" was not produced
// expected-error@below {{dangling}}
   ^~~~~~~~
v.mlir:3:4: error: expected warning \"expects parent\" was not produced
// expected-warning @+1{{expects parent}}   \n   ^~~~~~~~~~~~~~
"
    );
}

#[test]
fn unexpected_diagnostics() {
    let text = "op\nop\n";
    let out = run(text, |c| {
        let foo = c.ident("foo");
        let name = c.intern_attr(AttrKind::Location(Location::Name {
            name: foo,
            child: None,
        }));
        let unknown = c.unknown_loc();
        vec![
            at(c, 1, 1, Severity::Error, "e"),
            at(c, 2, 2, Severity::Warning, "w"),
            Diagnostic::remark(name, "r"),
            Diagnostic::error(unknown, "u").with_note(unknown, "n"),
        ]
    });
    assert_eq!(
        out,
        "\
v.mlir:1:1: error: unexpected error: e
op
^
v.mlir:2:2: error: unexpected warning: w
op
 ^
<unknown>:0: error: loc(\"foo\"): unexpected remark: r
<unknown>:0: error: unexpected error: u
<unknown>:0: error: unexpected note: n
"
    );
}

#[test]
fn unexpected_call_site_shows_only_its_position() {
    let text = "op\n";
    let out = run(text, |c| {
        let callee = c.file_loc("v.mlir", 1, 2);
        let caller = c.file_loc("v.mlir", 1, 1);
        let l: Attr = c.intern_attr(AttrKind::Location(Location::CallSite { callee, caller }));
        vec![Diagnostic::error(l, "e")]
    });
    assert_eq!(out, "v.mlir:1:2: error: unexpected error: e\nop\n ^\n");
}

#[test]
fn kind_mismatch_is_a_near_miss() {
    let text = "// expected-warning@+1 {{expects parent}}\nop\n";
    let out = run(text, |c| vec![err(c, 2, "op expects parent op")]);
    assert_eq!(
        out,
        "\
v.mlir:1:4: error: 'error' diagnostic emitted when expecting a 'warning'
// expected-warning@+1 {{expects parent}}
   ^
v.mlir:1:4: error: expected warning \"expects parent\" was not produced
// expected-warning@+1 {{expects parent}}
   ^~~~~~~~~~~~~~
"
    );
}

#[test]
fn unknown_location_expectations_are_reported_twice() {
    let text = "// expected-error@unknown {{u}}\n// expected-note@unknown {{n}}\n";
    let out = run(text, |c| {
        let u = c.unknown_loc();
        vec![Diagnostic::error(u, "a u b")]
    });
    assert_eq!(
        out,
        "<unknown>:0: error: expected note \"n\" was not produced\n\
         <unknown>:0: error: expected note \"n\" was not produced\n"
    );
}

#[test]
fn plain_text_is_a_substring_even_with_braces() {
    let text = "// expected-error@+1 {{x {{y}} z}}\nop\n";
    assert_eq!(run(text, |c| vec![err(c, 2, "a x {{y}} z b")]), "");
    let out = run(text, |c| vec![err(c, 2, "x y z")]);
    assert!(out.contains("v.mlir:1:4: error: expected error \"x {{y}} z\" was not produced"));
}

#[test]
fn regex_expectations() {
    let text = "\
// expected-error-re@+2 {{{{.*}}parent op 'func.{{(func|foo)}}'}}
// expected-error-re@+1 {{a{{[0-9]+}}b{{[[:alpha:]]}}.}}
op
";
    let out = run(text, |c| {
        vec![
            err(c, 3, "expects parent op 'func.foo'"),
            err(c, 3, "xa12bq."),
        ]
    });
    assert_eq!(out, "");
    let out = run(text, |c| {
        vec![err(c, 3, "xa12bq!"), err(c, 3, "parent op 'func.foo'")]
    });
    assert!(out.starts_with("v.mlir:3:1: error: unexpected error: xa12bq!\n"));
}

#[test]
fn invalid_regexes() {
    let text = "\
// expected-error-re@+1 {{a{{[0-9}}b}}
// expected-error-re@+1 {{a{{[0-9]+}}b{{(}}}}
// expected-error-re@+1 {{a{{b}}
// expected-error-re {{{{*}}}}
// expected-error-re {{{{}}}}
// expected-error-re {{{{a{2,1}}}}}
// expected-error-re {{{{a|}}}}
// expected-error-re {{{{[[:foo:]]}}}}
// expected-error-re {{{{a{1}}}}}
// expected-error-re {{{{()}}}}
op
";
    let out = run(text, |_| vec![]);
    assert_eq!(
        out,
        "\
v.mlir:1:4: error: invalid regex: brackets ([ ]) not balanced
// expected-error-re@+1 {{a{{[0-9}}b}}
   ^~~~~~~~~~
v.mlir:2:4: error: invalid regex: parentheses not balanced
// expected-error-re@+1 {{a{{[0-9]+}}b{{(}}}}
   ^~~~~~~~~~~~~~~~~
v.mlir:3:4: error: found start of regex with no end '}}'
// expected-error-re@+1 {{a{{b}}
   ^~~~
v.mlir:4:4: error: invalid regex: repetition-operator operand invalid
// expected-error-re {{{{*}}}}
   ^~~~~
v.mlir:5:4: error: invalid regex: empty (sub)expression
// expected-error-re {{{{}}}}
   ^~~~
v.mlir:6:4: error: invalid regex: invalid repetition count(s)
// expected-error-re {{{{a{2,1}}}}}
   ^~~~~~~~~~
v.mlir:7:4: error: invalid regex: empty (sub)expression
// expected-error-re {{{{a|}}}}
   ^~~~~~
v.mlir:8:4: error: invalid regex: invalid character class
// expected-error-re {{{{[[:foo:]]}}}}
   ^~~~~~~~~~~~~
v.mlir:9:4: error: invalid regex: braces not balanced
// expected-error-re {{{{a{1}}}}}
   ^~~~~~~~
v.mlir:10:4: error: expected error \"{{()}}\" was not produced
// expected-error-re {{{{()}}}}
   ^~~~~~
"
    );
}

#[test]
fn malformed_annotations_are_plain_lines() {
    // No `}}` at the end, an absolute line, a label: none is an annotation.
    let text = "\
op // expected-error {{expects parent}} trailing
// expected-error@7 {{abs}}
// expected-error@#lbl {{label}}
// expected-errors {{x}}
";
    let out = run(text, |c| vec![err(c, 1, "expects parent")]);
    assert_eq!(
        out,
        "v.mlir:1:1: error: unexpected error: expects parent\n\
         op // expected-error {{expects parent}} trailing\n^\n"
    );
}

#[test]
fn octal_offsets_and_any_comment_style() {
    let text = "# expected-error@+010 {{octal}}\n1\n2\n3\n4\n5\n6\n7\n8\n";
    assert_eq!(run(text, |c| vec![err(c, 9, "octal")]), "");
}

#[test]
fn leftmost_annotation_wins_and_later_ones_are_tried() {
    let text = "op // expected-bogus expected-error {{e}}\n";
    assert_eq!(run(text, |c| vec![err(c, 1, "e")]), "");
}

#[test]
fn one_expectation_absorbs_repeats() {
    let text = "op // expected-error {{e}}\n";
    assert_eq!(run(text, |c| vec![err(c, 1, "e"), err(c, 1, "e")]), "");
}

#[test]
fn other_files_are_unexpected() {
    let text = "op // expected-error {{e}}\n";
    let out = run(text, |c| {
        let l = c.file_loc("other.mlir", 1, 1);
        vec![Diagnostic::error(l, "e")]
    });
    assert!(out.starts_with("other.mlir:1:1: error: unexpected error: e\n"));
}

#[test]
fn chunk_buffers_use_whole_file_lines() {
    let mut ctx = Context::new();
    let mut buf = SourceBuffer::new("v.mlir", "        \n// expected-error@+1 {{e}}\nop\n");
    buf.line_offset = 4;
    let d = ctx.file_loc("v.mlir", 7, 1);
    assert!(verify_diagnostics(&mut ctx, &buf, &[Diagnostic::error(d, "e")]).is_empty());
}
