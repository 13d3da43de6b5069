//! `xir-irgen`: print a random generic-form module.

use std::io::Write;

fn main() {
    let mut cfg = irgen::Config::default();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        let (key, inline) = match a.split_once('=') {
            Some((k, v)) => (k.to_string(), Some(v.to_string())),
            None => (a.clone(), None),
        };
        let mut val = || -> u64 {
            let v = inline.clone().or_else(|| {
                i += 1;
                args.get(i).cloned()
            });
            match v.as_deref().map(parse_size) {
                Some(Some(n)) => n,
                _ => {
                    eprintln!("xir-irgen: {key} needs a number");
                    std::process::exit(2)
                }
            }
        };
        match key.as_str() {
            "--seed" => cfg.seed = val(),
            "--size" => cfg.size = Some(val() as usize),
            "--ops" => cfg.ops = val() as usize,
            "--max-depth" => cfg.max_depth = val() as u32,
            "--no-locs" => cfg.locs = false,
            "-h" | "--help" => {
                println!("usage: xir-irgen [--seed N] [--size BYTES[K|M]] [--ops N] [--max-depth N] [--no-locs]");
                return;
            }
            _ => {
                eprintln!("xir-irgen: unknown argument '{a}'");
                std::process::exit(2)
            }
        }
        i += 1;
    }
    let text = irgen::generate(&cfg);
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

fn parse_size(s: &str) -> Option<u64> {
    let (num, mul) = match s.chars().last()? {
        'K' | 'k' => (&s[..s.len() - 1], 1 << 10),
        'M' | 'm' => (&s[..s.len() - 1], 1 << 20),
        'G' | 'g' => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    num.parse::<u64>().ok().map(|n| n * mul)
}
