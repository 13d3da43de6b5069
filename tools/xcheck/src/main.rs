//! xcheck: a FileCheck-compatible checker (see docs/architecture.md §6).

mod checkfile;
mod cli;
mod dump;
mod expr;
mod matcher;
mod pattern;
mod posix;
mod source;

use std::io::{Read, Write};

use checkfile::{ReadErr, Request};
use cli::DumpInput;
use dump::Filter;
use pattern::{Ctx, NumParser, PErr, ParseOpts};
use source::{Buffer, Kind, Loc, SourceMgr, Sref};

fn main() {
    let code = run();
    std::process::exit(code);
}

/// FileCheck's `CanonicalizeFile`: drop the `\r` of `\r\n` and, unless
/// whitespace is strict, collapse runs of spaces and tabs into one space.
fn canonicalize(mut b: Vec<u8>, strict: bool) -> Vec<u8> {
    let dbl = memchr::memmem::Finder::new(b"  ");
    let next_special = |b: &[u8], from: usize| -> usize {
        let hit = if strict {
            memchr::memchr(b'\r', &b[from..])
        } else {
            memchr::memchr2(b'\t', b'\r', &b[from..])
        };
        hit.map_or(b.len(), |p| p + from)
    };
    let next_double = |b: &[u8], from: usize| -> usize {
        if strict {
            return b.len();
        }
        dbl.find(&b[from..]).map_or(b.len(), |p| p + from)
    };
    let n = b.len();
    let (mut special, mut double) = (next_special(&b, 0), next_double(&b, 0));
    if special == n && double == n {
        return b;
    }
    // Compact in place (the output never outgrows the input), moving runs
    // of ordinary bytes in bulk. The next special byte and next double
    // space are cached so each is searched for once.
    let mut w = 0;
    let mut i = 0;
    while i < n {
        if special < i {
            special = next_special(&b, i);
        }
        if double < i {
            double = next_double(&b, i);
        }
        let j = special.min(double);
        b.copy_within(i..j, w);
        w += j - i;
        i = j;
        if i == n {
            break;
        }
        let c = b[i];
        if c == b'\r' {
            if !(i + 1 < n && b[i + 1] == b'\n') {
                b[w] = c;
                w += 1;
            }
            i += 1;
            continue;
        }
        // A space or tab starting (or continuing) a run of blanks.
        let continues =
            i > 0 && w > 0 && b[w - 1] == b' ' && (b[i - 1] == b' ' || b[i - 1] == b'\t');
        if !continues {
            b[w] = b' ';
            w += 1;
        }
        while i < n && (b[i] == b' ' || b[i] == b'\t') {
            i += 1;
        }
    }
    b.truncate(w);
    b
}

fn io_msg(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(p) => s[..p].to_string(),
        None => s,
    }
}

fn read_source(name: &str) -> std::io::Result<Vec<u8>> {
    if name == "-" {
        let mut v = Vec::new();
        std::io::stdin().lock().read_to_end(&mut v)?;
        Ok(v)
    } else {
        std::fs::read(name)
    }
}

fn print_perr(sm: &SourceMgr, e: &PErr, out: &mut String) {
    out.push_str(&sm.format(e.loc, Kind::Error, &e.msg, None));
    if e.blank {
        out.push('\n');
    }
}

fn validate_prefixes(a: &cli::Args) -> Result<(), String> {
    let mut unique = std::collections::HashSet::new();
    if a.check_prefixes.is_empty() {
        unique.insert("CHECK".to_string());
    }
    if a.comment_prefixes.is_empty() {
        unique.insert("COM".to_string());
        unique.insert("RUN".to_string());
    }
    for (kind, list) in [
        ("check", &a.check_prefixes),
        ("comment", &a.comment_prefixes),
    ] {
        for p in list {
            if p.is_empty() {
                return Err(format!(
                    "error: supplied {kind} prefix must not be the empty string"
                ));
            }
            if !p
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
            {
                return Err(format!(
                    "error: supplied {kind} prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '{p}'"
                ));
            }
            if !unique.insert(p.clone()) {
                return Err(format!(
                    "error: supplied {kind} prefix must be unique among check and comment prefixes: '{p}'"
                ));
            }
        }
    }
    Ok(())
}

/// `defineCmdlineVariables`: errors are located in a synthetic
/// "Global defines" buffer, as in FileCheck.
fn define_vars(defs: &[String], sm: &mut SourceMgr, ctx: &mut Ctx) -> Vec<PErr> {
    if defs.is_empty() {
        return Vec::new();
    }
    let mut text = String::new();
    let mut spans = Vec::new();
    for (i, d) in defs.iter().enumerate() {
        let pre = format!("Global define #{}: ", i + 1);
        let eq = d.find('=').unwrap_or(0);
        if let Some(rest) = d.strip_prefix('#') {
            let _ = rest;
            text += &format!("{pre}{d} (parsed as: [[");
            let mut subst = d.clone().into_bytes();
            subst[eq] = b':';
            spans.push((text.len(), subst.len()));
            text += &String::from_utf8_lossy(&subst);
            text += "]])\n";
        } else {
            text += &pre;
            spans.push((text.len(), d.len()));
            text += d;
            text += "\n";
        }
    }
    let buf = sm.add(Buffer::new("Global defines", text.clone().into_bytes()));
    let bytes = text.into_bytes();
    let mut errs = Vec::new();
    for (off, len) in spans {
        let def = Sref::new(&bytes[off..off + len], off);
        if def.s[0] == b'#' {
            let expr = def.drop_front(1);
            let mut np = NumParser {
                ctx,
                buf,
                line: None,
            };
            match np.block(expr, false) {
                Err(e) => errs.push(e),
                Ok((ast, _, var)) => {
                    let v = match ast.map(|a| a.eval(&ctx.num_vars)) {
                        Some(Ok(v)) => v,
                        Some(Err(expr::EvalError::Undef(u))) => {
                            for (n, l) in u {
                                errs.push(PErr {
                                    loc: l,
                                    msg: format!("undefined variable: {n}"),
                                    blank: true,
                                    exit1: false,
                                });
                            }
                            continue;
                        }
                        _ => continue,
                    };
                    if let Some(id) = var {
                        ctx.num_vars[id].value = Some(v);
                        let name = ctx.num_vars[id].name.clone();
                        ctx.num_table.insert(name, id);
                    }
                }
            }
        } else {
            let eq = def.find_byte(b'=').unwrap_or(def.len());
            let mut name = def.take_front(eq);
            let orig = name;
            let value = def.drop_front(eq + 1).s.to_vec();
            match pattern::parse_variable(&mut name, buf) {
                Err(e) => errs.push(e),
                Ok((n, pseudo)) => {
                    let l = Loc { buf, off: orig.off };
                    if pseudo || !name.is_empty() {
                        errs.push(PErr {
                            loc: l,
                            msg: format!(
                                "invalid name in string variable definition '{}'",
                                orig.text()
                            ),
                            blank: true,
                            exit1: false,
                        });
                        continue;
                    }
                    if ctx.num_table.contains_key(&n.text()) {
                        errs.push(PErr {
                            loc: Loc { buf, off: n.off },
                            msg: format!(
                                "numeric variable with name '{}' already exists",
                                n.text()
                            ),
                            blank: true,
                            exit1: false,
                        });
                        continue;
                    }
                    ctx.str_vars
                        .insert(n.s.to_vec(), pattern::StrVal { value, range: None });
                    ctx.defined_str.insert(n.s.to_vec());
                }
            }
        }
    }
    errs
}

fn run() -> i32 {
    let mut argv: Vec<String> = std::env::args().skip(1).collect();
    if let Ok(env) = std::env::var("FILECHECK_OPTS") {
        let mut v: Vec<String> = env.split_whitespace().map(String::from).collect();
        v.append(&mut argv);
        argv = v;
    }
    let mut err = String::new();
    let code = run_with(&argv, &mut err);
    let _ = std::io::stderr().write_all(err.as_bytes());
    code
}

fn run_with(argv: &[String], err: &mut String) -> i32 {
    let a = match cli::parse(argv) {
        Ok(a) => a,
        Err(m) => {
            err.push_str(&m);
            err.push('\n');
            return 1;
        }
    };
    if a.help {
        print!("{}", cli::HELP);
        return 0;
    }
    if a.version {
        println!(
            "xcheck {} (FileCheck 22 compatible)",
            env!("CARGO_PKG_VERSION")
        );
        return 0;
    }
    let dump_mode = a
        .dump_input
        .iter()
        .max()
        .copied()
        .unwrap_or(DumpInput::Fail);
    let filter = a
        .dump_filter
        .iter()
        .max()
        .copied()
        .unwrap_or(if dump_mode == DumpInput::Always {
            Filter::All
        } else {
            Filter::Error
        });
    let context = a.dump_context.iter().max().copied().unwrap_or(5);
    if dump_mode == DumpInput::Help {
        print!("{}", cli::DUMP_HELP);
        return 0;
    }
    let Some(check_name) = a.check_file.clone() else {
        err.push_str("<check-file> not specified\n");
        return 2;
    };
    if !check_defines(&a.defines, err) {
        return 2;
    }
    if let Err(m) = validate_prefixes(&a) {
        err.push_str(&m);
        err.push('\n');
        return 2;
    }
    let mut sm = SourceMgr::default();
    let mut ctx = Ctx::new(a.ignore_case);
    let checks = match read_checks(&a, &check_name, &mut sm, &mut ctx, err) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let (input_name, input) = match read_input(&a, argv, &mut sm, err) {
        Ok(i) => i,
        Err(code) => return code,
    };
    let dump_enabled = dump_mode != DumpInput::Never;
    let mut m = matcher::Matcher {
        sm: &sm,
        ctx: &mut ctx,
        input,
        opts: matcher::Options {
            verbose: a.verbose || a.vv,
            vv: a.vv,
            enable_var_scope: a.enable_var_scope,
            allow_dag_overlap: a.allow_deprecated_dag_overlap,
            dump: dump_enabled,
        },
        out: String::new(),
        diags: Vec::new(),
    };
    let ok = m.check_input(&checks.checks);
    let code = if ok { 0 } else { 1 };
    err.push_str(&m.out);
    if dump_mode == DumpInput::Always || (code == 1 && dump_mode == DumpInput::Fail) {
        err.push_str(&format!(
            "\nInput file: {input_name}\nCheck file: {check_name}\n\n-dump-input=help explains the following input dump.\n\n"
        ));
        let args = dump::DumpArgs {
            sm: &sm,
            input,
            check_buf: checks.buf,
            implicit_bufs: &checks.implicit_bufs,
            filter,
            context,
        };
        let diags = std::mem::take(&mut m.diags);
        dump::dump(&args, &diags, err);
    }
    code
}

/// Reports each `-D` definition without `=` or without a name; false if any.
fn check_defines(defines: &[String], err: &mut String) -> bool {
    let mut ok = true;
    for g in defines {
        match g.find('=') {
            None => {
                err.push_str(&format!(
                    "Missing equal sign in command-line definition '-D{g}'\n"
                ));
                ok = false;
            }
            Some(0) => {
                err.push_str(&format!(
                    "Missing variable name in command-line definition '-D{g}'\n"
                ));
                ok = false;
            }
            _ => {}
        }
    }
    ok
}

/// The check file, read and parsed.
struct Checks {
    buf: usize,
    /// The buffers of the `-implicit-check-not` patterns.
    implicit_bufs: Vec<usize>,
    checks: Vec<checkfile::CheckString>,
}

/// Reads the check file (after the `-D` variables); on failure, the
/// diagnostics are in `err` and the exit code is returned.
fn read_checks(
    a: &cli::Args,
    check_name: &str,
    sm: &mut SourceMgr,
    ctx: &mut Ctx,
    err: &mut String,
) -> Result<Checks, i32> {
    let check_raw = match read_source(check_name) {
        Ok(v) => v,
        Err(e) => {
            err.push_str(&format!(
                "Could not open check file '{check_name}': {}\n",
                io_msg(&e)
            ));
            return Err(2);
        }
    };
    let check_buf = sm.add(Buffer::new(
        if check_name == "-" {
            "<stdin>"
        } else {
            check_name
        },
        canonicalize(check_raw, a.strict_whitespace),
    ));
    let errs = define_vars(&a.defines, sm, ctx);
    if !errs.is_empty() {
        for e in &errs {
            print_perr(sm, e, err);
        }
        return Err(2);
    }
    ctx.create_line_var();
    let mut implicit = Vec::new();
    let mut implicit_texts = Vec::new();
    let mut implicit_bufs = Vec::new();
    for p in &a.implicit_check_not {
        let pre = "-implicit-check-not='";
        let t = format!("{pre}{p}'").into_bytes();
        let b = sm.add(Buffer::new("command line", t.clone()));
        implicit.push((b, pre.len(), p.len()));
        implicit_texts.push(t);
        implicit_bufs.push(b);
    }
    let mut sink = Vec::new();
    let check_text = std::mem::take(&mut sm.bufs[check_buf].text);
    let res = checkfile::read_check_file(
        &request(a),
        &check_text,
        check_buf,
        &implicit,
        &implicit_texts,
        ctx,
        &mut sink,
    );
    sm.bufs[check_buf].text = check_text;
    for e in &sink {
        print_perr(sm, e, err);
    }
    match res {
        Ok(r) => Ok(Checks {
            buf: check_buf,
            implicit_bufs,
            checks: r.checks,
        }),
        Err(ReadErr::Diag(e)) => {
            print_perr(sm, &e, err);
            Err(if e.exit1 { 1 } else { 2 })
        }
        Err(ReadErr::Plain(m)) => {
            err.push_str(&m);
            err.push('\n');
            Err(2)
        }
    }
}

/// What reading the check file needs from the command line.
fn request(a: &cli::Args) -> Request {
    Request {
        is_default_prefix: a.check_prefixes.is_empty(),
        check_prefixes: if a.check_prefixes.is_empty() {
            vec!["CHECK".into()]
        } else {
            a.check_prefixes.clone()
        },
        comment_prefixes: if a.comment_prefixes.is_empty() {
            vec!["COM".into(), "RUN".into()]
        } else {
            a.comment_prefixes.clone()
        },
        allow_unused_prefixes: a.allow_unused_prefixes,
        opts: ParseOpts {
            match_full_lines: a.match_full_lines,
            strict_whitespace: a.strict_whitespace,
            ignore_case: a.ignore_case,
        },
    }
}

/// Reads the input (`-` or no name: stdin); returns its display name and
/// buffer, or the exit code with the diagnostics in `err`.
fn read_input(
    a: &cli::Args,
    argv: &[String],
    sm: &mut SourceMgr,
    err: &mut String,
) -> Result<(String, usize), i32> {
    let input_name = a.input_file.clone().unwrap_or_else(|| "-".into());
    let input_raw = read_source(&input_name);
    let input_name = if input_name == "-" {
        "<stdin>".to_string()
    } else {
        input_name
    };
    let input_raw = match input_raw {
        Ok(v) => v,
        Err(e) => {
            err.push_str(&format!(
                "Could not open input file '{input_name}': {}\n",
                io_msg(&e)
            ));
            return Err(2);
        }
    };
    if input_raw.is_empty() && !a.allow_empty {
        err.push_str(&format!("xcheck error: '{input_name}' is empty.\n"));
        err.push_str(&format!(
            "xcheck command line:  xcheck {}\n",
            argv.join(" ")
        ));
        return Err(2);
    }
    let input = sm.add(Buffer::new(
        input_name.clone(),
        canonicalize(input_raw, a.strict_whitespace),
    ));
    Ok((input_name, input))
}

#[cfg(test)]
mod tests {
    use super::canonicalize;

    #[test]
    fn canonicalize_whitespace() {
        let c = |s: &str, strict| {
            String::from_utf8(canonicalize(s.as_bytes().to_vec(), strict)).unwrap()
        };
        assert_eq!(c("a \t b\r\nc\t\td  e", false), "a b\nc d e");
        assert_eq!(c("x\ty", false), "x y");
        assert_eq!(c("a\rb  ", false), "a\rb ");
        assert_eq!(c("a \t b\r\n", true), "a \t b\n");
        assert_eq!(c("plain", false), "plain");
    }
}
