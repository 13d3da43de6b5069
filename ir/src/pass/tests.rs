//! Pipeline parsing, nesting, options, analyses and instrumentation with small passes.

use super::*;
use crate::diag::Diagnostic;
use crate::dominance::DominanceInfo;
use crate::parser::{parse_buffer, ParseOptions};
use crate::SourceBuffer;

/// Adds `tag = <n>` to the op it runs on; `fail=true` makes it fail.
#[derive(Default)]
struct Tag {
    n: i64,
    fail: bool,
}

impl Pass for Tag {
    fn argument(&self) -> &'static str {
        "tag"
    }
    fn name(&self) -> &'static str {
        "Tag"
    }
    fn summary(&self) -> &'static str {
        "Tags ops"
    }
    fn options(&self) -> Vec<PassOption> {
        vec![
            PassOption {
                name: "n",
                help: "the tag",
                default: self.n.to_string(),
            },
            PassOption {
                name: "fail",
                help: "fail",
                default: self.fail.to_string(),
            },
        ]
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "n" => self.n = options::parse_i64(value)?,
            "fail" => self.fail = options::parse_bool(value)?,
            _ => return Err(format!("no such option '{name}'")),
        }
        Ok(())
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        if self.fail {
            let loc = pc.ir.op(op).loc;
            pc.diags.emit(Diagnostic::error(loc, "tag failed"));
            return Err(());
        }
        let v = pc.ctx.i64_attr(self.n);
        let key = pc.ctx.ident("tag");
        let mut entries = pc.ctx.dict_entries(pc.ir.op(op).attrs).to_vec();
        entries.retain(|e| e.0 != key);
        entries.push((key, v));
        let d = pc.ctx.dictionary(entries);
        pc.ir.op_mut(op).attrs = d;
        pc.add_statistic("num-tagged", "Number of ops tagged", 1);
        Ok(())
    }
}

/// Anchored on func.func; asks for dominance and preserves everything.
struct Dom;

impl Pass for Dom {
    fn argument(&self) -> &'static str {
        "dom"
    }
    fn summary(&self) -> &'static str {
        "Computes dominance"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let first = !pc.analyses.is_cached::<DominanceInfo>(op);
        let _d = pc.analysis::<DominanceInfo>(op);
        pc.add_statistic("computed", "Dominance computed", first as u64);
        pc.preserve_all();
        Ok(())
    }
}

fn registry() -> PassRegistry {
    let mut r = PassRegistry::default();
    r.register(PassInfo {
        argument: "tag",
        summary: "Tags ops",
        create: || Box::new(Tag::default()),
    });
    r.register(PassInfo {
        argument: "dom",
        summary: "Computes dominance",
        create: || Box::new(Dom),
    });
    r.register_pipeline(PipelineInfo {
        argument: "tag-twice",
        summary: "Tags twice",
        build: || {
            let tag = |n| Box::new(Tag { n, fail: false }) as Box<dyn Pass>;
            vec![tag(1), tag(2)]
        },
    });
    r
}

fn err(text: &str) -> String {
    match parse_pipeline(text, &registry()) {
        Ok(_) => panic!("{text} parsed"),
        Err(e) => e.message,
    }
}

#[test]
fn parse_errors_match_mlir_opt() {
    let wrapped = "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'\n";
    for t in [
        "builtin.module(tag",
        ",",
        "",
        "builtin.module()(",
        "builtin.module(tag)x",
    ] {
        assert_eq!(err(t), wrapped, "{t}");
    }
    assert_eq!(
        err("builtin.module(func.func(tag),foo)"),
        "MLIR Textual PassPipeline Parser:1:16: error: 'foo' does not refer to a registered pass or pass pipeline\nfunc.func(tag),foo\n               ^\n"
    );
    let at = |t: &str| {
        let m = err(t);
        let first = m.lines().next().unwrap().to_string();
        first
            .trim_start_matches("MLIR Textual PassPipeline Parser:1:")
            .to_string()
    };
    assert_eq!(at("builtin.module(tag))"), "4: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline");
    assert_eq!(
        at("builtin.module(func.func(func.func(tag)"),
        "21: error: encountered unbalanced parentheses while parsing pipeline"
    );
    assert_eq!(
        at("builtin.module(tag{)"),
        "4: error: missing closing '}' while processing pass options"
    );
    assert_eq!(
        at("builtin.module(tag{n=1}x)"),
        "9: error: expected ',' after parsing pipeline"
    );
    assert_eq!(
        at("builtin.module(tag{n=1}(tag))"),
        "9: error: expected ',' after parsing pipeline"
    );
    assert_eq!(
        at("builtin.module(func.func(tag)x)"),
        "15: error: expected ',' after parsing pipeline"
    );
    assert_eq!(
        at("builtin.module(,)"),
        "1: error: '' does not refer to a registered pass or pass pipeline"
    );
    assert_eq!(
        at("builtin.module(tag,,tag)"),
        "5: error: '' does not refer to a registered pass or pass pipeline"
    );
    assert_eq!(
        at("builtin.module( )"),
        "2: error: '' does not refer to a registered pass or pass pipeline"
    );
    assert_eq!(
        at("builtin.module(func.func())"),
        "11: error: '' does not refer to a registered pass or pass pipeline"
    );
    assert_eq!(
        at("builtin.module(tag})"),
        "1: error: 'tag}' does not refer to a registered pass or pass pipeline"
    );
    assert_eq!(at("builtin.module(dom)"), "1: error: Can't add pass 'dom' restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?");
    assert_eq!(
        err("builtin.module(tag{foo=1})"),
        "<Pass-Options-Parser>: no such option foo\n\nfailed to add `tag` with options `foo=1`\n"
    );
    let Err(e) = parse_pipeline("builtin.module(tag{n=x})", &registry()) else {
        panic!()
    };
    assert_eq!(
        e.prelude.as_deref(),
        Some("for the --n option: 'x' value invalid for long argument!")
    );
    assert_eq!(e.message, "\nfailed to add `tag` with options `n=x`\n");
    let deep = format!("builtin.module({}tag{})", "a(".repeat(100), ")".repeat(100));
    assert!(err(&deep).contains("nested too deeply"));
}

#[test]
fn pipelines_nest_and_expand() {
    let r = registry();
    let pm = parse_pipeline(
        "builtin.module( func.func (tag{n=1 fail=false}) , tag-twice, any(tag), func.func(dom))",
        &r,
    )
    .unwrap();
    assert_eq!(
        pm.dump(),
        "Pass Manager with 5 passes:\nbuiltin.module(\n  func.func(\n    tag{n=1 fail=false}\n  ),\n  tag{n=1},\n  tag{n=2},\n  any(\n    tag\n  ),\n  func.func(\n    dom\n  )\n)\n\n"
    );
    assert!(parse_pipeline("builtin.module()", &r).unwrap().is_empty());
}

fn parse(ctx: &mut Context, ir: &mut Ir, text: &str) -> Op {
    let buf = SourceBuffer::new("t.mlir", text);
    let mut diags = DiagEngine::default();
    let op = parse_buffer(
        ctx,
        ir,
        &buf,
        &ParseOptions {
            implicit_module: true,
            module_line_col: (0, 0),
        },
        &mut diags,
    );
    assert!(!diags.has_errors());
    op.unwrap()
}

fn run(
    text: &str,
    pipeline: &str,
    config: &RunConfig,
) -> (Result<(), ()>, String, Vec<String>, String) {
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let mut ir = Ir::new();
    let top = parse(&mut ctx, &mut ir, text);
    let mut pm = PassManager::new(parse_pipeline(pipeline, &registry()).unwrap());
    let mut diags = DiagEngine::default();
    let mut dumps = String::new();
    let mut sink = |_: &Context, _: &mut DiagEngine, s: &str| dumps.push_str(s);
    let mut st = RunState {
        ctx: &mut ctx,
        ir: &mut ir,
        diags: &mut diags,
        config,
        timing: None,
        analyses: AnalysisManager::default(),
        dump: &mut sink,
    };
    let res = pm.run(&mut st, top);
    drop(st);
    let out = crate::printer::print_top_level(&ctx, &ir, top, &Default::default());
    let msgs = diags.take().into_iter().map(|d| d.message).collect();
    let stats = pm
        .pm
        .statistics_report(instrument::StatisticsDisplay::Pipeline);
    (res, out, msgs, stats)
}

const TWO_FUNCS: &str = "\"func.func\"() ({}) {sym_name = \"a\"} : () -> ()\n\"func.func\"() ({}) {sym_name = \"b\"} : () -> ()\n\"other.op\"() : () -> ()\n";

#[test]
fn nested_managers_run_on_directly_nested_ops() {
    let cfg = RunConfig {
        verify_each: true,
        ..Default::default()
    };
    let (res, out, _, stats) = run(
        TWO_FUNCS,
        "builtin.module(func.func(tag{n=1}),any(tag{n=2}))",
        &cfg,
    );
    assert!(res.is_ok());
    // `any` ran on every op, after the func.func manager (same adaptor, first match).
    assert_eq!(out.matches("tag = 1").count(), 2, "{out}");
    assert_eq!(out.matches("tag = 2").count(), 1, "{out}");
    assert!(stats.contains("Pipeline Collection : ['any', 'func.func']\n  'func.func' Pipeline\n    Tag\n      (S) 2 num-tagged - Number of ops tagged\n"), "{stats}");
}

#[test]
fn a_failing_pass_stops_the_pipeline() {
    let cfg = RunConfig::default();
    let (res, out, msgs, _) = run(TWO_FUNCS, "builtin.module(tag{fail=1},tag{n=5})", &cfg);
    assert!(res.is_err());
    assert_eq!(msgs, ["tag failed"]);
    assert!(!out.contains("tag = 5"));
}

#[test]
fn print_ir_after_change_and_failure() {
    let mut cfg = RunConfig::default();
    cfg.printing.after_all = true;
    cfg.printing.after_change = true;
    let (_, _, _, _) = run(TWO_FUNCS, "builtin.module(func.func(dom,tag))", &cfg);
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    // Checked through the dump sink in the xopt lit tests; here: headers.
    let p = instrument::IrPrinting {
        module_scope: true,
        ..Default::default()
    };
    let mut ir = Ir::new();
    let top = parse(&mut ctx, &mut ir, TWO_FUNCS);
    let f = ir
        .first_op(ir.entry_block(ir.regions(top)[0]).unwrap())
        .unwrap();
    let d = p.dump(&ctx, &ir, f, "After", "Tag Failed", "tag");
    assert!(d.starts_with("// -----// IR Dump After Tag Failed (tag) ('func.func' operation: @a) //----- //\nmodule {\n"), "{d}");
    let p = instrument::IrPrinting::default();
    let d = p.dump(&ctx, &ir, f, "Before", "Tag", "tag");
    assert!(
        d.starts_with("// -----// IR Dump Before Tag (tag) //----- //\n\"func.func\"()"),
        "{d}"
    );
    assert!(d.ends_with("\n\n") && !d.ends_with("\n\n\n"));
}

#[test]
fn analyses_are_cached_until_invalidated() {
    let cfg = RunConfig::default();
    // dom preserves all: the second run finds the analysis cached; tag invalidates it.
    let (_, _, _, stats) = run(
        TWO_FUNCS,
        "builtin.module(func.func(dom,dom,tag,dom))",
        &cfg,
    );
    let computed: Vec<&str> = stats.lines().filter(|l| l.contains("computed")).collect();
    assert_eq!(computed.len(), 3, "{stats}");
    assert!(computed[0].contains("(S) 2 computed"));
    assert!(computed[1].contains("(S) 0 computed"));
    assert!(computed[2].contains("(S) 2 computed"));
}
