//! Command-line parsing in the style of LLVM's `cl`: `-opt` and `--opt`,
//! `--opt=v` and `--opt v`, `-DVAR=v`, and options from `FILECHECK_OPTS`.

use crate::dump::Filter;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum DumpInput {
    Never,
    Fail,
    Always,
    Help,
}

#[derive(Debug, Default)]
pub struct Args {
    pub check_file: Option<String>,
    pub input_file: Option<String>,
    pub check_prefixes: Vec<String>,
    pub comment_prefixes: Vec<String>,
    pub implicit_check_not: Vec<String>,
    pub defines: Vec<String>,
    pub strict_whitespace: bool,
    pub ignore_case: bool,
    pub allow_empty: bool,
    pub allow_unused_prefixes: bool,
    pub match_full_lines: bool,
    pub enable_var_scope: bool,
    pub allow_deprecated_dag_overlap: bool,
    pub verbose: bool,
    pub vv: bool,
    pub dump_input: Vec<DumpInput>,
    pub dump_filter: Vec<Filter>,
    pub dump_context: Vec<usize>,
    pub help: bool,
    pub version: bool,
}

const TOOL: &str = "xcheck";

/// Parses `argv` (without the program name). Errors are the message to
/// print; `cl` exits with status 1 for them.
pub fn parse(argv: &[String]) -> Result<Args, String> {
    let mut a = Args::default();
    let mut positional = Vec::new();
    let mut i = 0;
    let mut only_positional = false;
    while i < argv.len() {
        let arg = &argv[i];
        i += 1;
        if only_positional || !arg.starts_with('-') || arg == "-" {
            positional.push(arg.clone());
            continue;
        }
        if arg == "--" {
            only_positional = true;
            continue;
        }
        let body = arg.strip_prefix("--").unwrap_or(&arg[1..]);
        // -D always takes its value in the same argument.
        if let Some(v) = body.strip_prefix('D') {
            if v.is_empty() {
                return Err(format!("{TOOL}: for the -D option: requires a value!"));
            }
            a.defines.push(v.to_string());
            continue;
        }
        let (name, inline) = match body.find('=') {
            Some(p) => (&body[..p], Some(body[p + 1..].to_string())),
            None => (body, None),
        };
        let flag = |v: &Option<String>| -> Result<bool, String> {
            match v.as_deref() {
                None | Some("true") | Some("TRUE") | Some("True") | Some("1") => Ok(true),
                Some("false") | Some("FALSE") | Some("False") | Some("0") => Ok(false),
                Some(x) => Err(format!(
                    "{TOOL}: for the --{name} option: '{x}' is invalid value for boolean argument! Try 0 or 1"
                )),
            }
        };
        let value = |i: &mut usize| -> Result<String, String> {
            if let Some(v) = &inline {
                return Ok(v.clone());
            }
            if *i < argv.len() {
                *i += 1;
                return Ok(argv[*i - 1].clone());
            }
            Err(format!(
                "{TOOL}: for the --{name} option: requires a value!"
            ))
        };
        match name {
            "check-prefix" | "check-prefixes" => {
                let v = value(&mut i)?;
                a.check_prefixes.extend(v.split(',').map(String::from));
            }
            "comment-prefixes" => {
                let v = value(&mut i)?;
                a.comment_prefixes.extend(v.split(',').map(String::from));
            }
            "input-file" => a.input_file = Some(value(&mut i)?),
            "implicit-check-not" => a.implicit_check_not.push(value(&mut i)?),
            "dump-input" => {
                let v = value(&mut i)?;
                a.dump_input.push(match v.as_str() {
                    "help" => DumpInput::Help,
                    "always" => DumpInput::Always,
                    "fail" => DumpInput::Fail,
                    "never" => DumpInput::Never,
                    _ => {
                        return Err(format!(
                            "{TOOL}: for the --dump-input option: Cannot find option named '{v}'!"
                        ))
                    }
                });
            }
            "dump-input-filter" => {
                let v = value(&mut i)?;
                a.dump_filter.push(match v.as_str() {
                    "all" => Filter::All,
                    "annotation-full" => Filter::AnnotationFull,
                    "annotation" => Filter::Annotation,
                    "error" => Filter::Error,
                    _ => {
                        return Err(format!(
                            "{TOOL}: for the --dump-input-filter option: Cannot find option named '{v}'!"
                        ))
                    }
                });
            }
            "dump-input-context" | "dump-input-label-width" => {
                let v = value(&mut i)?;
                let n: usize = v.parse().map_err(|_| {
                    format!(
                        "{TOOL}: for the --{name} option: '{v}' value invalid for uint argument!"
                    )
                })?;
                if name == "dump-input-context" {
                    a.dump_context.push(n);
                }
            }
            "strict-whitespace" => a.strict_whitespace = flag(&inline)?,
            "ignore-case" => a.ignore_case = flag(&inline)?,
            "allow-empty" => a.allow_empty = flag(&inline)?,
            "allow-unused-prefixes" => a.allow_unused_prefixes = flag(&inline)?,
            "match-full-lines" => a.match_full_lines = flag(&inline)?,
            "enable-var-scope" => a.enable_var_scope = flag(&inline)?,
            "allow-deprecated-dag-overlap" => a.allow_deprecated_dag_overlap = flag(&inline)?,
            "v" => a.verbose = flag(&inline)?,
            "vv" => a.vv = flag(&inline)?,
            "color" | "color=false" | "no-color" => {}
            "help" | "h" => a.help = true,
            "version" => a.version = true,
            _ => {
                return Err(format!(
                    "{TOOL}: Unknown command line argument '{arg}'.  Try: 'xcheck --help'"
                ))
            }
        }
    }
    if positional.len() > 1 {
        return Err(format!(
            "{TOOL}: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: xcheck --help"
        ));
    }
    a.check_file = positional.pop();
    Ok(a)
}

pub const HELP: &str = "USAGE: xcheck [options] <check-file>

A FileCheck-compatible checker: verifies that the input (stdin or
--input-file) matches the CHECK directives of <check-file>.

OPTIONS:
  --allow-empty                 Allow the input file to be empty
  --allow-unused-prefixes       Allow prefixes that do not appear in the check file
  --check-prefix=<prefix>       Prefix to use from the check file (repeatable)
  --check-prefixes=<a,b,...>    Comma separated list of prefixes (default CHECK)
  --comment-prefixes=<a,b,...>  Comment prefixes (default COM,RUN)
  -D<VAR=VALUE>                 Define a string variable; -D#<VAR=expr> for numeric
  --dump-input=<mode>           help, always, fail (default) or never
  --dump-input-context=<N>      Context lines around filtered dump lines (default 5)
  --dump-input-filter=<value>   all, annotation-full, annotation or error
  --enable-var-scope            Reset non-$ variables at each CHECK-LABEL block
  --ignore-case                 Case-insensitive matching
  --implicit-check-not=<pat>    Add an implicit CHECK-NOT (repeatable)
  --input-file=<file>           File to check (default stdin)
  --match-full-lines            Positive matches must cover whole lines
  --strict-whitespace           Do not canonicalise horizontal whitespace
  -v, --vv                      Verbose diagnostics
";

pub const DUMP_HELP: &str = "The following description was requested by -dump-input=help to
explain the input dump printed by FileCheck.

Related command-line options:

  - -dump-input=<value> enables or disables the input dump
  - -dump-input-filter=<value> filters the input lines
  - -dump-input-context=<N> adjusts the context of filtered lines
  - -v and -vv add more annotations
  - -color forces colors to be enabled both in the dump and below
  - -help documents the above options in more detail

These options can also be set via FILECHECK_OPTS.  For example, for
maximum debugging output on failures:

  $ FILECHECK_OPTS='-dump-input-filter=all -vv -color' ninja check

Input dump annotation format:

  - L:     labels line number L of the input file
           An extra space is added after each input line to represent the
           newline character
  - T:L    labels the only match result for either (1) a pattern of type T from
           line L of the check file if L is an integer or (2) the I-th implicit
           pattern if L is \"imp\" followed by an integer I (index origin one)
  - T:L'N  labels the Nth match result for such a pattern
  - ^~~    marks good match (reported if -v)
  - !~~    marks bad match, such as:
           - CHECK-NEXT on same line as previous match (error)
           - CHECK-NOT found (error)
           - CHECK-DAG overlapping match (discarded, reported if -vv)
  - X~~    marks search range when no match is found, such as:
           - CHECK-NEXT not found (error)
           - CHECK-NOT not found (success, reported if -vv)
           - CHECK-DAG not found after discarded matches (error)
  - ?      marks fuzzy match when no match is found
  - ...    indicates elided input lines and annotations, as specified by
           -dump-input-filter and -dump-input-context
  - colors success, error, fuzzy match, discarded match, unmatched input
";

#[cfg(test)]
mod tests {
    use super::*;

    fn p(v: &[&str]) -> Result<Args, String> {
        parse(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn spellings() {
        let a = p(&[
            "c.txt",
            "-check-prefix",
            "A",
            "--check-prefixes=B,C",
            "-DX=1",
            "-D#N=2",
            "--v",
        ])
        .unwrap();
        assert_eq!(a.check_file.as_deref(), Some("c.txt"));
        assert_eq!(a.check_prefixes, ["A", "B", "C"]);
        assert_eq!(a.defines, ["X=1", "#N=2"]);
        assert!(a.verbose);
        assert!(p(&["--foo"]).is_err());
        assert!(p(&["a", "b"]).is_err());
        assert!(p(&["a", "-D"]).is_err());
        assert_eq!(
            p(&["a", "--dump-input", "always"]).unwrap().dump_input,
            [DumpInput::Always]
        );
    }
}
