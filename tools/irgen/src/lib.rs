//! Deterministic generator of random, valid generic-form MLIR modules (accepted by
//! `mlir-opt --allow-unregistered-dialect`), for differential tests and benchmarks.

mod affine;
pub mod arith;
mod attrs;
pub mod cfg;
mod dense;
pub mod graph;
mod locs;
pub mod mlir_opt;
mod module;
mod rng;
mod types;

pub use rng::{Rng, XorShift};

/// What to generate.
#[derive(Clone, Debug)]
pub struct Config {
    pub seed: u64,
    /// Stop adding top-level ops once the text is at least this long.
    pub size: Option<usize>,
    /// Approximate number of ops (all levels) when `size` is not given.
    pub ops: usize,
    /// Deepest region nesting.
    pub max_depth: u32,
    /// Emit explicit `loc(...)` and location aliases.
    pub locs: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            seed: 0,
            size: None,
            ops: 30,
            max_depth: 4,
            locs: true,
        }
    }
}

/// A value in scope: how to spell a use, its type, and which op defined it.
#[derive(Clone)]
struct Val {
    text: String,
    ty: String,
    owner: u64,
}

pub struct Gen {
    rng: Rng,
    cfg_locs: bool,
    type_aliases: Vec<String>,
    attr_aliases: Vec<String>,
    loc_aliases: Vec<String>,
    late_loc_aliases: Vec<String>,
    next_id: u64,
    out: String,
}

impl Gen {
    fn dialect_name(&mut self) -> &'static str {
        self.rng.pick(&["xa", "xb", "foo", "zz", "my_dialect"])
    }

    fn fresh(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }
}

/// Generates one module as text.
pub fn generate(cfg: &Config) -> String {
    let mut g = Gen {
        rng: Rng::new(cfg.seed),
        cfg_locs: cfg.locs,
        type_aliases: Vec::new(),
        attr_aliases: Vec::new(),
        loc_aliases: Vec::new(),
        late_loc_aliases: Vec::new(),
        next_id: 0,
        out: String::new(),
    };
    g.module(cfg);
    g.out
}

/// The number in environment variable `name` (a seed count or a first seed), or
/// `default` when it is unset or not a number.
pub fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}
