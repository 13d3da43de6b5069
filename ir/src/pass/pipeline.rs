//! Textual pass pipelines, parsed with pest: `builtin.module(func.func(cse),symbol-dce)`.
//! Errors read as mlir-opt's: the parser's name, a column in the text inside the outer
//! anchor, the text and a caret.

use pest::Parser as _;
use pest_derive::Parser;

use super::manager::OpPassManager;
use super::options::split_options;
use super::PassRegistry;

#[derive(Parser)]
#[grammar = "pass/pipeline.pest"]
struct PipelineGrammar;

/// Deeper nesting of `(` and `{` is refused before parsing (the grammar recurses).
const MAX_DEPTH: usize = 64;

/// A pipeline that cannot be built. xopt writes `prelude` (if any) as `xopt: {prelude}`
/// and `message` as an error at an unknown location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    pub prelude: Option<String>,
    pub message: String,
}

impl PipelineError {
    fn plain(message: impl Into<String>) -> Self {
        PipelineError {
            prelude: None,
            message: message.into(),
        }
    }

    /// An error at byte `offset` of `text`.
    fn at(text: &str, offset: usize, msg: &str) -> Self {
        let col = text[..offset.min(text.len())].chars().count() + 1;
        Self::plain(format!(
            "MLIR Textual PassPipeline Parser:1:{col}: error: {msg}\n{text}\n{}^\n",
            " ".repeat(col - 1)
        ))
    }
}

/// One element of a pipeline: a pass or named pipeline with its options, or an anchor
/// with a nested pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    pub name: String,
    /// Byte offset of the name in the text.
    pub offset: usize,
    pub options: Option<String>,
    pub nested: Option<Vec<Element>>,
}

/// Parses `anchor(elements)` (the form of `--pass-pipeline`) into a pass manager.
pub fn parse_pipeline(text: &str, registry: &PassRegistry) -> Result<OpPassManager, PipelineError> {
    let text = text.trim();
    let open = text.find('(');
    let (anchor, inner) = match open {
        Some(i) if text.ends_with(')') && i > 0 => (text[..i].trim(), &text[i + 1..text.len() - 1]),
        _ => {
            return Err(PipelineError::plain(
                "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'\n",
            ))
        }
    };
    let mut pm = OpPassManager::new(anchor);
    let elements = parse_elements(inner)?;
    add_elements(&mut pm, &elements, inner, registry)?;
    Ok(pm)
}

/// The elements of a pipeline text; an empty text is an empty pipeline.
pub fn parse_elements(text: &str) -> Result<Vec<Element>, PipelineError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    check_depth(text)?;
    let mut pairs = match PipelineGrammar::parse(Rule::pipeline, text) {
        Ok(p) => p,
        Err(e) => return Err(explain_syntax_error(text, &e)),
    };
    let list = pairs
        .next()
        .and_then(|p| p.into_inner().next())
        .ok_or_else(|| PipelineError::at(text, 0, "expected a pass pipeline"))?;
    Ok(list_elements(list))
}

fn check_depth(text: &str) -> Result<(), PipelineError> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(PipelineError::at(
                        text,
                        i,
                        "pass pipeline nested too deeply",
                    ));
                }
            }
            ')' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

fn list_elements(list: pest::iterators::Pair<'_, Rule>) -> Vec<Element> {
    list.into_inner().map(element).collect()
}

fn element(p: pest::iterators::Pair<'_, Rule>) -> Element {
    let mut el = Element {
        name: String::new(),
        offset: p.as_span().start(),
        options: None,
        nested: None,
    };
    for part in p.into_inner() {
        match part.as_rule() {
            Rule::name => {
                let raw = part.as_str();
                let lead = raw.len() - raw.trim_start().len();
                el.name = raw.trim().to_string();
                el.offset = part.as_span().start() + lead;
            }
            Rule::options => {
                let s = part.as_str();
                el.options = Some(s[1..s.len() - 1].to_string());
            }
            Rule::nested => {
                el.nested = Some(
                    part.into_inner()
                        .next()
                        .map(list_elements)
                        .unwrap_or_default(),
                );
            }
            _ => {}
        }
    }
    el
}

/// Turns a grammar failure into mlir-opt's message for the same text.
fn explain_syntax_error(text: &str, e: &pest::error::Error<Rule>) -> PipelineError {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((p, _)) => p,
    };
    // An unclosed `{` anywhere; then the token at the failure; at the end, the innermost
    // unclosed `(`.
    let b = text.as_bytes();
    let mut parens = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' => {
                let mut depth = 0usize;
                let mut j = i;
                let mut closed = false;
                while j < b.len() {
                    match b[j] {
                        b'{' => depth += 1,
                        b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                closed = true;
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                if !closed {
                    return PipelineError::at(
                        text,
                        i,
                        "missing closing '}' while processing pass options",
                    );
                }
                i = j;
            }
            b'(' if i < pos => parens.push(i),
            b')' => {
                parens.pop();
            }
            _ => {}
        }
        i += 1;
    }
    if pos < text.len() {
        if text[pos..].starts_with(')') {
            return PipelineError::at(
                text,
                pos,
                "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline",
            );
        }
        return PipelineError::at(text, pos, "expected ',' after parsing pipeline");
    }
    match parens.last() {
        // mlir-opt points just after the `(`.
        Some(&p) => PipelineError::at(
            text,
            p + 1,
            "encountered unbalanced parentheses while parsing pipeline",
        ),
        None => PipelineError::at(
            text,
            pos.min(text.len()),
            "expected ',' after parsing pipeline",
        ),
    }
}

fn add_elements(
    pm: &mut OpPassManager,
    elements: &[Element],
    text: &str,
    registry: &PassRegistry,
) -> Result<(), PipelineError> {
    for el in elements {
        if let Some(nested) = &el.nested {
            if el.name.is_empty() {
                return Err(not_registered(text, el));
            }
            let sub = pm.nest(&el.name);
            add_elements(sub, nested, text, registry)?;
            continue;
        }
        if let Some(info) = registry.pass(&el.name) {
            let options = el.options.as_deref().unwrap_or("");
            let pass = create_pass(info, options)?;
            check_anchor(pm, pass.as_ref(), text, el.offset)?;
            pm.add_pass_with_options(pass, options);
            continue;
        }
        if let Some(info) = registry.pipeline(&el.name) {
            for pass in (info.build)() {
                check_anchor(pm, pass.as_ref(), text, el.offset)?;
                let options = options_text(registry, pass.as_ref());
                pm.add_pass_with_options(pass, &options);
            }
            continue;
        }
        return Err(not_registered(text, el));
    }
    Ok(())
}

/// The options of a built pass that differ from a default one, as pipeline
/// text (`n=1 fail=true`), for dumps: a built pipeline prints as the text
/// that would build it. It reads [`super::Pass::options`], so it sees the
/// options of passes that report their current values there.
pub fn options_text(registry: &PassRegistry, pass: &dyn super::Pass) -> String {
    let fresh = registry
        .pass(pass.argument())
        .map(|i| (i.create)().options())
        .unwrap_or_default();
    let mut out = Vec::new();
    for o in pass.options() {
        let default = fresh
            .iter()
            .find(|f| f.name == o.name)
            .map(|f| f.default.as_str());
        if default != Some(o.default.as_str()) {
            out.push(format!("{}={}", o.name, o.default));
        }
    }
    out.join(" ")
}

/// A pass anchored on another op than `pm`'s is an error (MLIR's wording).
fn check_anchor(
    pm: &OpPassManager,
    pass: &dyn super::Pass,
    text: &str,
    offset: usize,
) -> Result<(), PipelineError> {
    match pass.anchor() {
        Some(a) if pm.anchor() != "any" && pm.anchor() != a => Err(PipelineError::at(
            text,
            offset,
            &format!(
                "Can't add pass '{}' restricted to '{a}' on a PassManager intended to run on '{}', did you intend to nest?",
                pass.name(),
                pm.anchor()
            ),
        )),
        _ => Ok(()),
    }
}

/// A pass with its options set from an options string (`max-iterations=3 top-down`).
pub fn create_pass(
    info: &super::PassInfo,
    options: &str,
) -> Result<Box<dyn super::Pass>, PipelineError> {
    let mut pass = (info.create)();
    let failed = |prelude: Option<String>, why: &str| PipelineError {
        prelude,
        message: format!(
            "{why}\nfailed to add `{}` with options `{options}`\n",
            info.argument
        ),
    };
    let known = pass.options();
    for (key, value) in split_options(options) {
        if !known.iter().any(|o| o.name == key) {
            return Err(failed(
                None,
                &format!("<Pass-Options-Parser>: no such option {key}\n"),
            ));
        }
        if let Err(why) = pass.set_option(&key, &value) {
            return Err(failed(Some(format!("for the --{key} option: {why}")), ""));
        }
    }
    Ok(pass)
}

fn not_registered(text: &str, el: &Element) -> PipelineError {
    PipelineError::at(
        text,
        el.offset,
        &format!(
            "'{}' does not refer to a registered pass or pass pipeline",
            el.name
        ),
    )
}
