//! Epilogues on wide vectors. A matmul's or conv's epilogue whose body is f32 `+ - * /`,
//! `maximumf` and `minimumf` of its inputs and constants (bias, residual add, relu,
//! clip, hardswish) runs as an [`xir_ukernel::ewise`] program over runs of the output:
//! the innermost dims every operand reads contiguously or not at all are merged into
//! one run (a conv's whole channel plane, a matmul's row), which AVX-512 or AVX2 then
//! covers in full vectors. The stage's JIT code, which walks one innermost row at a time
//! on 128-bit vectors, stays the path for every other body and layout, and for plain
//! generic stages: on long contiguous rows it is as fast (an add of 1M elements is
//! memory-bound either way), and where `erf` dominates (GELU) its fused loop beat the
//! op-at-a-time chunks (0.23-0.25 against 0.26-0.30 ms for 512K elements).

use crate::codegen::args_layout;
use crate::plan::{Bin, BodyOp, ElementType, GenericPlan};
use xir_ukernel::ewise::{self, BinOp, Input, Program, Src};

/// `g`'s body as an elementwise program (its inputs are `g`'s), or `None` when it
/// reduces or holds an op or type the programs do not have.
pub fn program(g: &GenericPlan) -> Option<Program> {
    if g.parallel != g.domain.len() {
        return None;
    }
    // An input that is the output read elsewhere than where it is written would
    // see the chunks' order; the JIT code's element order is the contract.
    if g.inputs
        .iter()
        .any(|a| a.buffer == g.output.buffer && a.terms != g.output.terms)
    {
        return None;
    }
    let body = &g.body;
    // `None` for a value the programs cannot read: the output's current value
    // (a block argument of every generic, which an elementwise body ignores).
    let mut srcs: Vec<Option<Src>> = Vec::with_capacity(body.ops.len());
    let mut ops = Vec::new();
    for &(op, elem) in &body.ops {
        if elem != ElementType::F32 {
            return None;
        }
        let s = match op {
            BodyOp::Arg(k) if k < g.inputs.len() => Some(Src::Input(k)),
            BodyOp::Arg(_) => None,
            BodyOp::ConstF(c) => Some(Src::Const(c as f32)),
            BodyOp::Bin(b, x, y) => {
                let b = match b {
                    Bin::Add => BinOp::Add,
                    Bin::Sub => BinOp::Sub,
                    Bin::Mul => BinOp::Mul,
                    Bin::Div => BinOp::Div,
                    Bin::Max => BinOp::Maximum,
                    Bin::Min => BinOp::Minimum,
                    _ => return None,
                };
                ops.push((b, (*srcs.get(x)?)?, (*srcs.get(y)?)?));
                Some(Src::Op(ops.len() - 1))
            }
            _ => return None,
        };
        srcs.push(s);
    }
    match (*srcs.get(body.result)?)? {
        Src::Op(j) if j + 1 == ops.len() => {}
        // The result must be the last op's: `x + -0` is `x`, bit for bit.
        s => ops.push((BinOp::Add, s, Src::Const(-0.0))),
    }
    Program::new(ops, g.inputs.len()).ok()
}

/// The most operands (inputs and the output) [`Runs`] takes.
const MAX_OPERANDS: usize = 17;

/// How a dispatch's epilogue operands lie along the output, from the stage's filled
/// argument block: runs of `inner` elements (the merged innermost dims), and per operand
/// its address, its element strides along the outer dims and whether it is broadcast
/// along the run (stride 0) or read in order (stride 1).
pub struct Runs {
    inner: i64,
    outer: Vec<i64>,
    /// Inputs, then the output: (byte address at iteration 0, outer strides, broadcast).
    operands: Vec<(i64, Vec<i64>, bool)>,
}

impl Runs {
    /// The runs of a filled argument block of `operands` operands (inputs, then the
    /// output) over a domain of rank `rank`; `None` when an operand reads the innermost
    /// dim other than contiguously or not at all (or the output not contiguously).
    pub fn new(block: &[i64], operands: usize, rank: usize) -> Option<Runs> {
        if operands == 0 || operands > MAX_OPERANDS {
            return None;
        }
        let (bases_at, sizes_at, coefs_at) = args_layout(operands, rank);
        let size = |d: usize| block[sizes_at + d];
        let coef = |k: usize, d: usize| block[coefs_at + k * rank + d];
        if rank == 0 {
            return Some(Runs {
                inner: 1,
                outer: Vec::new(),
                operands: (0..operands)
                    .map(|k| (block[bases_at + k], Vec::new(), false))
                    .collect(),
            });
        }
        let last = rank - 1;
        let stride: Vec<i64> = (0..operands).map(|k| coef(k, last)).collect();
        let out = operands - 1;
        if stride[out] != 1 || stride.iter().any(|&s| s != 0 && s != 1) {
            return None;
        }
        // Merge outward while every operand's stride continues its run.
        let (mut d, mut inner) = (last, size(last));
        while d > 0 && (0..operands).all(|k| coef(k, d - 1) == stride[k] * inner) {
            d -= 1;
            inner *= size(d);
        }
        if inner <= 0 {
            return None;
        }
        Some(Runs {
            inner,
            outer: (0..d).map(size).collect(),
            operands: (0..operands)
                .map(|k| {
                    (
                        block[bases_at + k],
                        (0..d).map(|e| coef(k, e)).collect(),
                        stride[k] == 0,
                    )
                })
                .collect(),
        })
    }

    /// Runs `prog` on the flattened iterations `lo..hi`.
    ///
    /// # Safety
    /// The block was checked against its buffers (every iteration's elements lie within
    /// them) and `lo..hi` is within the domain; the output's elements `lo..hi` are
    /// final and no one else accesses them.
    pub unsafe fn apply(&self, isa: xir_ukernel::Isa, prog: &Program, lo: i64, hi: i64) {
        let n = self.operands.len();
        let mut inputs = [Input {
            ptr: std::ptr::null(),
            broadcast: false,
        }; MAX_OPERANDS - 1];
        let mut i = lo;
        while i < hi {
            let (mut q, r) = (i / self.inner, i % self.inner);
            let len = (self.inner - r).min(hi - i);
            // The outer index, innermost first, as each operand's element offset.
            let mut offs = [0i64; MAX_OPERANDS];
            for d in (0..self.outer.len()).rev() {
                let x = q % self.outer[d];
                q /= self.outer[d];
                for (o, op) in offs.iter_mut().zip(&self.operands) {
                    *o += x * op.1[d];
                }
            }
            let addr = |k: usize| {
                let (base, _, bcast) = &self.operands[k];
                let along = if *bcast { 0 } else { r };
                (base + (offs[k] + along) * 4) as *mut f32
            };
            for (k, x) in inputs[..n - 1].iter_mut().enumerate() {
                *x = Input {
                    ptr: addr(k),
                    broadcast: self.operands[k].2,
                };
            }
            // SAFETY: the iterations `i..i + len` lie within the checked block, so each
            // operand's elements there are in bounds; the output's are final and ours.
            unsafe { ewise::run(isa, prog, &inputs[..n - 1], addr(n - 1), len as usize) };
            i += len;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Access, Body};

    fn access(buffer: usize) -> Access {
        Access {
            buffer,
            terms: Vec::new(),
        }
    }

    /// An epilogue over a rank-`rank` domain with `inputs` inputs and `ops`.
    fn plan(rank: usize, parallel: usize, inputs: usize, ops: Vec<BodyOp>) -> GenericPlan {
        let result = ops.len() - 1;
        GenericPlan {
            inputs: (0..inputs).map(access).collect(),
            output: access(inputs),
            domain: vec![0; rank],
            symbols: Vec::new(),
            parallel,
            lanes: 4,
            body: Body {
                ops: ops.into_iter().map(|o| (o, ElementType::F32)).collect(),
                result,
            },
        }
    }

    #[test]
    fn bias_and_clip_become_a_program() {
        let g = plan(
            4,
            4,
            2,
            vec![
                BodyOp::Arg(0),
                BodyOp::Arg(1),
                BodyOp::Bin(Bin::Add, 0, 1),
                BodyOp::ConstF(0.0),
                BodyOp::Bin(Bin::Max, 2, 3),
                BodyOp::ConstF(6.0),
                BodyOp::Bin(Bin::Min, 4, 5),
            ],
        );
        let p = program(&g).expect("a program");
        assert_eq!(p.inputs(), 2);
        assert_eq!(p.eval(&[7.5, -0.5]), 6.0);
        assert_eq!(p.eval(&[-3.0, 1.0]), 0.0);
        assert!(p.eval(&[f32::NAN, 1.0]).is_nan());
    }

    #[test]
    fn an_unread_output_argument_is_allowed() {
        // A generic's block also carries the output's current value (Arg(1) here).
        let g = plan(
            2,
            2,
            1,
            vec![
                BodyOp::Arg(0),
                BodyOp::Arg(1),
                BodyOp::ConstF(0.0),
                BodyOp::Bin(Bin::Max, 0, 2),
            ],
        );
        let p = program(&g).expect("a program");
        assert_eq!(p.eval(&[-2.0]), 0.0);
    }

    #[test]
    fn an_argument_result_is_copied_bit_for_bit() {
        let g = plan(1, 1, 1, vec![BodyOp::Arg(0)]);
        let p = program(&g).expect("a program");
        assert_eq!(p.eval(&[-0.0]).to_bits(), (-0.0f32).to_bits());
        assert_eq!(p.eval(&[3.25]), 3.25);
    }

    #[test]
    fn other_bodies_keep_their_jit_code() {
        // the output's current value read, erf (the JIT's fused loop is as fast), a
        // reduction, another element type, a bitwise op
        let acc = vec![BodyOp::Arg(0), BodyOp::Arg(1), BodyOp::Bin(Bin::Add, 0, 1)];
        assert!(program(&plan(1, 1, 1, acc)).is_none());
        assert!(program(&plan(1, 1, 1, vec![BodyOp::Arg(0), BodyOp::Erf(0)])).is_none());
        let add = vec![BodyOp::Arg(0), BodyOp::Arg(1), BodyOp::Bin(Bin::Add, 0, 1)];
        assert!(program(&plan(2, 1, 2, add.clone())).is_none());
        let mut g = plan(1, 1, 2, add);
        g.body.ops[2].1 = ElementType::F64;
        assert!(program(&g).is_none());
        let and = vec![BodyOp::Arg(0), BodyOp::Arg(1), BodyOp::Bin(Bin::And, 0, 1)];
        assert!(program(&plan(1, 1, 2, and)).is_none());
    }

    /// A block of `bases`, `sizes` and per-operand `coefs` (args_layout's order).
    fn block(bases: &[i64], sizes: &[i64], coefs: &[&[i64]]) -> Vec<i64> {
        let mut b = bases.to_vec();
        b.extend(sizes);
        for c in coefs {
            b.extend(*c);
        }
        b
    }

    #[test]
    fn a_conv_epilogue_runs_over_whole_planes() {
        // [n=2, m=3, oh=4, ow=5]: acc and residual contiguous, bias per channel.
        let contiguous: &[i64] = &[60, 20, 5, 1];
        let b = block(
            &[0, 1000, 2000, 0],
            &[2, 3, 4, 5],
            &[contiguous, &[0, 1, 0, 0], contiguous, contiguous],
        );
        let r = Runs::new(&b, 4, 4).expect("runs");
        assert_eq!(r.inner, 20);
        assert_eq!(r.outer, vec![2, 3]);
        assert_eq!(
            r.operands.iter().map(|o| o.2).collect::<Vec<_>>(),
            vec![false, true, false, false]
        );
    }

    #[test]
    fn a_matmul_bias_runs_along_rows() {
        // [m=3, n=8]: bias per column (stride 1), acc contiguous.
        let b = block(&[0, 64, 0], &[3, 8], &[&[8, 1], &[0, 1], &[8, 1]]);
        let r = Runs::new(&b, 3, 2).expect("runs");
        assert_eq!((r.inner, r.outer.clone()), (8, vec![3]));
        // A bias broadcast over everything merges into one run.
        let b = block(&[0, 64, 0], &[3, 8], &[&[8, 1], &[0, 0], &[8, 1]]);
        let r = Runs::new(&b, 3, 2).expect("runs");
        assert_eq!((r.inner, r.outer.len()), (24, 0));
    }

    #[test]
    fn strided_or_transposed_operands_keep_the_jit_code() {
        // a transposed residual: stride 3 along the innermost dim
        let b = block(&[0, 0, 0], &[3, 8], &[&[8, 1], &[1, 3], &[8, 1]]);
        assert!(Runs::new(&b, 3, 2).is_none());
        // an output written with a stride
        let b = block(&[0, 0], &[3, 8], &[&[8, 1], &[16, 2]]);
        assert!(Runs::new(&b, 2, 2).is_none());
    }

    #[test]
    fn runs_apply_matches_the_layout() {
        // [2, 3] output (row-major) = acc + bias[row] + res, in place: each run is
        // one row (the bias per row breaks the merge).
        let mut out = [1f32, 2., 3., 4., 5., 6.];
        let bias = [10f32, 20.];
        let res = [0.5f32, 0.25, 0.125, 1., 2., 4.];
        let po = out.as_mut_ptr() as i64;
        let b = block(
            &[po, bias.as_ptr() as i64, res.as_ptr() as i64, po],
            &[2, 3],
            &[&[3, 1], &[1, 0], &[3, 1], &[3, 1]],
        );
        let r = Runs::new(&b, 4, 2).expect("runs");
        assert_eq!((r.inner, r.outer.clone()), (3, vec![2]));
        let prog = Program::new(
            vec![
                (BinOp::Add, Src::Input(0), Src::Input(1)),
                (BinOp::Add, Src::Op(0), Src::Input(2)),
            ],
            3,
        )
        .unwrap();
        // SAFETY: the block describes the arrays above; iterations 1..5 of 6.
        unsafe { r.apply(xir_ukernel::Isa::best(), &prog, 1, 5) };
        assert_eq!(out, [1., 12.25, 13.125, 25., 27., 6.]);
    }
}
