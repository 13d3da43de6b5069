//! Pattern rewriting: rewrite patterns with benefits, a rewriter that reports every
//! change to a listener, op folding with constant materialisation by dialect, and
//! the greedy worklist driver that applies them to a fixpoint.

pub mod block_merge;
pub mod cfg;
pub mod dead;
pub mod fold;
pub mod greedy;
pub mod pattern;
pub mod region_dce;
pub mod rewriter;

pub use fold::OperationFolder;
pub use greedy::{apply_patterns_greedily, GreedyConfig, RegionSimplify};
pub use pattern::{CanonicalizationPatterns, PatternSet, RewritePattern};
pub use rewriter::{Listener, PatternRewriter};
