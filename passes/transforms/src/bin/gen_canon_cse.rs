//! Prints a func + arith module of about N ops (default 1 000 000) for the
//! canonicalize+cse benchmark: functions of 1000 ops mixing arguments, constants,
//! foldable constant expressions, duplicated sub-expressions and identity ops.

use std::io::{BufWriter, Write};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

const OPS: &[&str] = &[
    "addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minui", "divui", "shli",
];

fn main() -> std::io::Result<()> {
    let total: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let per_func = 1000;
    let mut r = Rng(0x2545_F491_4F6C_DD1D);
    let out = std::io::stdout();
    let mut w = BufWriter::with_capacity(1 << 20, out.lock());
    let mut emitted = 0;
    let mut f = 0;
    while emitted < total {
        writeln!(w, "func.func @f{f}(%a: i64, %b: i64) -> (i64, i64) {{")?;
        let mut vals = vec!["%a".to_string(), "%b".to_string()];
        let mut lines: Vec<String> = Vec::new();
        // per_func - 1 body ops plus the return.
        for n in 0..per_func - 1 {
            let line = match r.below(10) {
                0 | 1 => format!("arith.constant {} : i64", r.below(16)),
                2 if !lines.is_empty() => lines[r.below(lines.len() as u64) as usize].clone(),
                _ => {
                    let x = &vals[r.below(vals.len() as u64) as usize];
                    let y = &vals[r.below(vals.len() as u64) as usize];
                    format!(
                        "arith.{} {x}, {y} : i64",
                        OPS[r.below(OPS.len() as u64) as usize]
                    )
                }
            };
            writeln!(w, "  %v{n} = {line}")?;
            lines.push(line);
            vals.push(format!("%v{n}"));
        }
        let k = vals.len();
        writeln!(
            w,
            "  return {}, {} : i64, i64\n}}",
            vals[k - 1],
            vals[k - 2]
        )?;
        emitted += per_func + 1;
        f += 1;
    }
    w.flush()
}
