//! lit's `not`: runs a command and inverts its result.
//!
//! `not CMD...` succeeds iff CMD exits with a non-zero status (a crash still
//! counts as failure of `not`); `not --crash CMD...` succeeds iff CMD is
//! killed by a signal. A Rust panic exits with 101, which is not a crash.

use std::process::{exit, Command};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let expect_crash = args.first().is_some_and(|a| a == "--crash");
    if expect_crash {
        args.remove(0);
    }
    if args.is_empty() {
        eprintln!("usage: not [--crash] command [args...]");
        exit(1);
    }
    let status = match Command::new(&args[0]).args(&args[1..]).status() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("not: cannot run '{}': {e}", args[0]);
            exit(1);
        }
    };
    #[cfg(unix)]
    let crashed = std::os::unix::process::ExitStatusExt::signal(&status).is_some();
    #[cfg(not(unix))]
    let crashed = false;
    let ok = if expect_crash {
        crashed
    } else {
        !crashed && !status.success()
    };
    exit(if ok { 0 } else { 1 });
}
