//! Rewrite patterns and the frozen set a driver matches against.

use super::rewriter::PatternRewriter;
use crate::context::Context;
use crate::entity::{Ident, Op};
use rustc_hash::FxHashMap;

/// A local rewrite rooted at one op.
pub trait RewritePattern {
    /// A short name for debugging and statistics.
    fn name(&self) -> &'static str;
    /// The op name the pattern matches (`arith.addi`); `None`: any op.
    fn root(&self) -> Option<&'static str>;
    /// Patterns with a higher benefit are tried first.
    fn benefit(&self) -> u16 {
        1
    }
    /// Rewrites `op` through `rw` and says whether it did; a pattern that fails
    /// must leave the IR unchanged.
    fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool;
}

/// An op's canonicalization patterns (MLIR's `getCanonicalizationPatterns`),
/// an interface its dialect attaches to the op record: adds the patterns
/// rooted at that op. `canonicalize` collects them from the registered ops.
#[derive(Copy, Clone)]
pub struct CanonicalizationPatterns(pub fn(&mut Context, &mut PatternSet));

/// Patterns by root op name, in the order they are tried.
#[derive(Default)]
pub struct PatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
    by_op: FxHashMap<Ident, Vec<usize>>,
    any: Vec<usize>,
}

impl PatternSet {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, ctx: &mut Context, p: Box<dyn RewritePattern>) {
        let i = self.patterns.len();
        match p.root() {
            Some(name) => {
                let id = ctx.ident(name);
                let list = self.by_op.entry(id).or_default();
                list.push(i);
            }
            None => self.any.push(i),
        }
        self.patterns.push(p);
        // Highest benefit first; ties keep insertion order (stable sort).
        let pats = &self.patterns;
        for list in self
            .by_op
            .values_mut()
            .chain(std::iter::once(&mut self.any))
        {
            list.sort_by_key(|&j| std::cmp::Reverse(pats[j].benefit()));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// The patterns to try on an op named `name`, best first.
    pub fn for_op(&self, name: Ident) -> Vec<&dyn RewritePattern> {
        let specific = self.by_op.get(&name).map(|v| v.as_slice()).unwrap_or(&[]);
        if self.any.is_empty() {
            return specific.iter().map(|&i| &*self.patterns[i]).collect();
        }
        let mut all: Vec<usize> = specific.iter().chain(&self.any).copied().collect();
        all.sort_by_key(|&j| std::cmp::Reverse(self.patterns[j].benefit()));
        all.into_iter().map(|i| &*self.patterns[i]).collect()
    }

    /// Whether any pattern could match an op named `name`.
    pub fn has_patterns_for(&self, name: Ident) -> bool {
        !self.any.is_empty() || self.by_op.contains_key(&name)
    }

    /// All patterns, in insertion order.
    pub fn patterns(&self) -> impl Iterator<Item = &dyn RewritePattern> {
        self.patterns.iter().map(|p| &**p)
    }
}
