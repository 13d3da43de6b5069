//! lit's console output: the header, one line per finished test (failure
//! details between rows of stars), the failed-test lists and the summary.

use crate::exec::TestResult;
use crate::ResultCode;
use std::fmt::Write as _;
use std::time::Duration;

/// How much to print, from lit's -q/-s/-v/-a.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verbosity {
    /// -q: result lines of failures (no details), failure counts only.
    Quiet,
    /// -s: result lines (with details) only for failures.
    Succinct,
    /// Default: every result line, details for failures.
    Normal,
    /// -a: every result line with its details.
    All,
}

/// lit's header, e.g. `-- Testing: 3 of 40 tests, 2 workers --`.
pub fn header(num_run: usize, total: usize, workers: usize) -> String {
    let of_total = if num_run != total {
        format!(" of {total}")
    } else {
        String::new()
    };
    format!("-- Testing: {num_run}{of_total} tests, {workers} workers --")
}

/// The lines printed when a test finishes; empty if nothing is shown.
pub fn result_text(
    name: &str,
    r: &TestResult,
    completed: usize,
    total: usize,
    v: Verbosity,
) -> String {
    let failed = r.code.is_failure();
    let show_line = match v {
        Verbosity::Quiet | Verbosity::Succinct => failed,
        Verbosity::Normal | Verbosity::All => true,
    };
    if !show_line {
        return String::new();
    }
    let mut s = String::new();
    let attempts = if r.attempts > 1 {
        format!(", {} of {} attempts", r.attempts, r.max_attempts)
    } else {
        String::new()
    };
    let _ = writeln!(
        s,
        "{}: {name} ({completed} of {total}{attempts})",
        r.code.name()
    );
    if (failed && v != Verbosity::Quiet) || v == Verbosity::All {
        if failed {
            let _ = writeln!(
                s,
                "{stars} TEST '{name}' FAILED {stars}",
                stars = "*".repeat(20)
            );
        }
        let _ = writeln!(s, "{}", r.output);
        let _ = writeln!(s, "{}", "*".repeat(20));
    }
    s
}

/// Failed-test lists and the summary, after all tests ran.
///
/// `results` holds every discovered test (name, code), excluded ones included;
/// `shown` lists non-failure codes whose tests are listed too.
pub fn summary(
    results: &[(String, ResultCode)],
    shown: &[ResultCode],
    quiet: bool,
    elapsed: Duration,
) -> String {
    let mut s = String::new();
    for code in ResultCode::ALL {
        if !code.is_failure() && !shown.contains(&code) {
            continue;
        }
        let mut names: Vec<&str> = results
            .iter()
            .filter(|(_, c)| *c == code)
            .map(|(n, _)| n.as_str())
            .collect();
        if names.is_empty() {
            continue;
        }
        names.sort();
        let _ = writeln!(s, "{}", "*".repeat(20));
        let _ = writeln!(s, "{} Tests ({}):", code.label(), names.len());
        for n in names {
            let _ = writeln!(s, "  {n}");
        }
        s.push('\n');
    }
    if !quiet {
        let _ = writeln!(s, "\nTesting Time: {:.2}s", elapsed.as_secs_f64());
    }
    let total = results.len();
    let _ = writeln!(s, "\nTotal Discovered Tests: {total}");
    let groups: Vec<(&str, usize)> = ResultCode::ALL
        .iter()
        .filter(|c| !quiet || c.is_failure())
        .map(|c| (c.label(), results.iter().filter(|(_, r)| r == c).count()))
        .filter(|(_, n)| *n > 0)
        .collect();
    let label_w = groups.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    let count_w = groups
        .iter()
        .map(|(_, n)| n.to_string().len())
        .max()
        .unwrap_or(0);
    for (label, n) in groups {
        let pct = n as f64 / total as f64 * 100.0;
        let _ = writeln!(s, "  {label:<label_w$}: {n:>count_w$} ({pct:.2}%)");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(code: ResultCode, output: &str) -> TestResult {
        TestResult {
            code,
            output: output.into(),
            elapsed: Duration::ZERO,
            attempts: 1,
            max_attempts: 1,
        }
    }

    #[test]
    fn result_lines() {
        let pass = result(ResultCode::Pass, "Exit Code: 0\n");
        assert_eq!(
            result_text("s :: a.mlir", &pass, 1, 2, Verbosity::Normal),
            "PASS: s :: a.mlir (1 of 2)\n"
        );
        assert_eq!(
            result_text("s :: a.mlir", &pass, 1, 2, Verbosity::Succinct),
            ""
        );
        let fail = result(ResultCode::Fail, "Exit Code: 1\n");
        let stars = "*".repeat(20);
        assert_eq!(
            result_text("s :: b.mlir", &fail, 2, 2, Verbosity::Normal),
            format!("FAIL: s :: b.mlir (2 of 2)\n{stars} TEST 's :: b.mlir' FAILED {stars}\nExit Code: 1\n\n{stars}\n")
        );
        assert_eq!(header(3, 40, 2), "-- Testing: 3 of 40 tests, 2 workers --");
        assert_eq!(header(3, 3, 1), "-- Testing: 3 tests, 1 workers --");
    }

    #[test]
    fn summary_format() {
        let results = vec![
            ("s :: a".to_string(), ResultCode::Pass),
            ("s :: c".to_string(), ResultCode::Fail),
            ("s :: b".to_string(), ResultCode::Fail),
            ("s :: d".to_string(), ResultCode::Unsupported),
        ];
        let s = summary(&results, &[], false, Duration::from_millis(1234));
        let stars = "*".repeat(20);
        assert_eq!(
            s,
            format!(
                "{stars}\nFailed Tests (2):\n  s :: b\n  s :: c\n\n\nTesting Time: 1.23s\n\n\
                 Total Discovered Tests: 4\n  Unsupported: 1 (25.00%)\n  Passed     : 1 (25.00%)\n  Failed     : 2 (50.00%)\n"
            )
        );
        let q = summary(&results, &[], true, Duration::ZERO);
        assert!(
            q.ends_with("Total Discovered Tests: 4\n  Failed: 2 (50.00%)\n"),
            "{q}"
        );
    }
}
