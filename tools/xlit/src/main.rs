//! `xlit [options] PATHS...`: runs lit tests like LLVM's `lit`.

use clap::Parser;
use rayon::prelude::*;
use regex::Regex;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use xlit::discovery::Discovery;
use xlit::exec::run_test;
use xlit::report::{header, result_text, summary, Verbosity};
use xlit::{build_dir_of, Context, ResultCode};

#[derive(Parser, Debug)]
#[command(name = "xlit", about = "LLVM-lit-compatible test runner for xir")]
struct Args {
    /// Test files or directories to search for tests.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Number of tests to run in parallel.
    #[arg(short = 'j', long = "workers")]
    workers: Option<usize>,
    /// Show test output for failures (the default; kept for lit compatibility).
    #[arg(short, long, alias = "echo-all-commands")]
    verbose: bool,
    /// Show every test's output.
    #[arg(short = 'a', long = "show-all")]
    show_all: bool,
    /// Only print failing tests' result lines and the failure counts.
    #[arg(short, long)]
    quiet: bool,
    /// Only print failing tests.
    #[arg(short, long)]
    succinct: bool,
    /// Only run tests whose full name matches this regex (or $LIT_FILTER).
    #[arg(long)]
    filter: Option<String>,
    /// Skip tests whose full name matches this regex (or $LIT_FILTER_OUT).
    #[arg(long)]
    filter_out: Option<String>,
    /// Per-test time limit in seconds (0: none).
    #[arg(long, default_value_t = 0)]
    timeout: u64,
    /// Test file suffix (repeatable); replaces `.mlir` and the config's list.
    #[arg(long = "suffix")]
    suffixes: Vec<String>,
    /// Add an available feature (repeatable).
    #[arg(long = "feature")]
    features: Vec<String>,
    /// lit parameter NAME[=VALUE]; accepted for compatibility, not used.
    #[arg(short = 'D', long = "param")]
    params: Vec<String>,
    /// Directory holding xopt, xcheck, not... (default: this binary's).
    #[arg(long)]
    build_dir: Option<PathBuf>,
    /// Print the available features and exit.
    #[arg(long)]
    show_features: bool,
    /// List unsupported tests in the summary.
    #[arg(long)]
    show_unsupported: bool,
    /// List expectedly failed tests in the summary.
    #[arg(long)]
    show_xfail: bool,
    /// Do not fail when no test is selected.
    #[arg(long)]
    allow_empty_runs: bool,
}

fn main() {
    // Like lit, options in $LIT_OPTS come before the command line's.
    let mut argv: Vec<String> = std::env::args().collect();
    if let Ok(opts) = std::env::var("LIT_OPTS") {
        let extra: Vec<String> = opts.split_whitespace().map(String::from).collect();
        argv.splice(1..1, extra);
    }
    let args = Args::parse_from(argv);
    std::process::exit(match run(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("xlit: error: {e}");
            2
        }
    });
}

fn run(args: Args) -> Result<i32, String> {
    let build_dir = match args.build_dir {
        Some(d) => d,
        None => build_dir_of(&std::env::current_exe().map_err(|e| e.to_string())?),
    };
    let mut ctx = Context::new(build_dir);
    ctx.features.extend(args.features.iter().cloned());
    if args.timeout > 0 {
        ctx.timeout = Some(Duration::from_secs(args.timeout));
    }

    let mut discovery = Discovery::new(args.suffixes.clone());
    let tests = discovery.discover(&args.paths)?;
    for t in &tests {
        ctx.features.extend(t.suite.config.features.iter().cloned());
    }
    if args.show_features {
        for f in &ctx.features {
            println!("{f}");
        }
        return Ok(0);
    }
    if tests.is_empty() {
        eprintln!("xlit: error: did not discover any tests for provided path(s)");
        return Ok(1);
    }

    let compile = |re: &Option<String>| {
        re.as_deref()
            .map(|r| Regex::new(r).map_err(|e| format!("invalid regex '{r}': {e}")))
            .transpose()
    };
    // As in lit, LIT_FILTER / LIT_FILTER_OUT stand in for the options.
    let filter = args.filter.or_else(|| std::env::var("LIT_FILTER").ok());
    let filter_out = args
        .filter_out
        .or_else(|| std::env::var("LIT_FILTER_OUT").ok());
    let (keep, drop) = (compile(&filter)?, compile(&filter_out)?);
    let selected: Vec<_> = tests
        .iter()
        .filter(|t| {
            let name = t.full_name();
            keep.as_ref().is_none_or(|r| r.is_match(&name))
                && !drop.as_ref().is_some_and(|r| r.is_match(&name))
        })
        .collect();
    if selected.is_empty() && !args.allow_empty_runs {
        eprintln!(
            "xlit: error: filter did not match any tests (of {} discovered).  \
             Use '--allow-empty-runs' to suppress this error.",
            tests.len()
        );
        return Ok(1);
    }

    let verbosity = if args.show_all {
        Verbosity::All
    } else if args.quiet {
        Verbosity::Quiet
    } else if args.succinct {
        Verbosity::Succinct
    } else {
        Verbosity::Normal
    };
    let workers = args
        .workers
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, selected.len().max(1));
    println!("{}", header(selected.len(), tests.len(), workers));

    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .map_err(|e| e.to_string())?;
    // Results print in completion order, numbered like lit's "(3 of 40)".
    let completed = Mutex::new(0usize);
    let results: Vec<(String, ResultCode)> = pool.install(|| {
        selected
            .par_iter()
            .map(|t| {
                let r = run_test(t, &ctx);
                let name = t.full_name();
                let mut n = completed.lock().unwrap();
                *n += 1;
                let text = result_text(&name, &r, *n, selected.len(), verbosity);
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(text.as_bytes());
                let _ = out.flush();
                (name, r.code)
            })
            .collect()
    });

    // Tests the filters dropped count as Excluded, as in lit.
    let mut all = results;
    let ran: std::collections::HashSet<_> = all.iter().map(|(n, _)| n.clone()).collect();
    all.extend(
        tests
            .iter()
            .map(|t| t.full_name())
            .filter(|n| !ran.contains(n))
            .map(|n| (n, ResultCode::Excluded)),
    );
    let mut shown = Vec::new();
    if args.show_unsupported {
        shown.push(ResultCode::Unsupported);
    }
    if args.show_xfail {
        shown.push(ResultCode::Xfail);
    }
    print!(
        "{}",
        summary(&all, &shown, verbosity == Verbosity::Quiet, start.elapsed())
    );
    Ok(if all.iter().any(|(_, c)| c.is_failure()) {
        1
    } else {
        0
    })
}
