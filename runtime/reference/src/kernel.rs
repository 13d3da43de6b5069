//! The reference backend's executables: each export of a variant is its
//! kernel function, run as a [`Program`] on the bound buffers.
//!
//! Binding order is the kernel's: its tensor arguments, then its results;
//! the dispatch's constants are its `index` arguments, the trailing ones the
//! dynamic dims of its tensors (arguments' then results', in order).

use crate::program::{Program, ValueType};
use std::sync::Arc;
use xir::{Context, Ir, Op};
use xir_runtime_hal::tensor::byte_len;
use xir_runtime_hal::{DispatchArgs, Executable, Exports, HostTensor};
use xir_runtime_hal::{Error, Result};

pub struct KernelExecutable {
    program: Program,
    exports: Exports,
}

/// Prepares a `hal.executable.variant`: its exports and their functions.
pub fn prepare(ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>> {
    let (exports, module) =
        xir_hal::variant_contents(ctx, ir, variant).map_err(Error::invalid_argument)?;
    let program = Program::from_module(ctx, ir, module).map_err(|e| {
        e.error
            .context(xir::diag::loc_to_string(ctx, ir.op(e.op).loc))
    })?;
    let exports = exports
        .into_iter()
        .map(|e| {
            let f = program.function(&e).ok_or_else(|| {
                Error::invalid_argument(format!("export @{e} has no kernel function"))
            })?;
            Ok((e, f))
        })
        .collect::<Result<_>>()?;
    Ok(Arc::new(KernelExecutable { program, exports }))
}

/// The concrete shape of `t`, taking its dynamic dims from `dims`.
fn shape_of(t: &ValueType, dims: &mut impl Iterator<Item = u64>) -> Result<Vec<usize>> {
    t.dims
        .iter()
        .map(|d| match d {
            Some(n) => Ok(*n),
            None => dims
                .next()
                .ok_or_else(|| {
                    Error::invalid_argument("fewer dispatch constants than dynamic dims")
                })
                .and_then(|n| {
                    usize::try_from(n).map_err(|_| Error::invalid_argument("dim out of range"))
                }),
        })
        .collect()
}

impl Executable for KernelExecutable {
    fn export_ordinal(&self, name: &str) -> Option<usize> {
        self.exports.ordinal(name)
    }

    fn dispatch(&self, ordinal: usize, args: &DispatchArgs) -> Result<()> {
        let (name, index) = self.exports.get(ordinal)?;
        let f = &self.program.functions[index];
        let tensors: Vec<&ValueType> = f.params.iter().filter(|p| !p.scalar).collect();
        let n_scalars = f.params.len() - tensors.len();
        if args.bindings.len() != tensors.len() + f.results.len() {
            return Err(Error::invalid_argument(format!(
                "@{name} binds {} buffers, the dispatch gives {}",
                tensors.len() + f.results.len(),
                args.bindings.len()
            )));
        }
        if args.constants.len() != n_scalars {
            return Err(Error::invalid_argument(format!(
                "@{name} takes {n_scalars} constants, the dispatch gives {}",
                args.constants.len()
            )));
        }
        // The dims are the trailing constants (an `index` the kernel's ops
        // read comes before them, in its argument's place).
        let needed: usize = tensors
            .iter()
            .copied()
            .chain(&f.results)
            .map(|t| t.dims.iter().filter(|d| d.is_none()).count())
            .sum();
        let mut dims = args.constants[n_scalars.saturating_sub(needed)..]
            .iter()
            .copied();
        let mut inputs = Vec::with_capacity(f.params.len());
        let mut bound = args.bindings.iter();
        let mut constants = args.constants.iter();
        for p in &f.params {
            if p.scalar {
                let c = constants.next().copied().unwrap_or(0);
                let bytes = c.to_le_bytes()[..p.element.byte_size()].to_vec();
                inputs.push(Arc::new(HostTensor::new(p.element, vec![], bytes)?));
                continue;
            }
            let shape = shape_of(p, &mut dims)?;
            let n = byte_len(p.element, &shape)
                .ok_or_else(|| Error::invalid_argument("binding size overflows"))?;
            let b = bound
                .next()
                .ok_or_else(|| Error::invalid_argument("missing binding"))?;
            if b.len() < n {
                return Err(Error::invalid_argument(format!(
                    "@{name}: a binding of {} bytes for a {} argument of {n} bytes",
                    b.len(),
                    p.describe()
                )));
            }
            let mut data = vec![0; n];
            b.read(0, &mut data)?;
            inputs.push(Arc::new(HostTensor::new(p.element, shape, data)?));
        }
        let expected: Vec<Vec<usize>> = f
            .results
            .iter()
            .map(|r| shape_of(r, &mut dims))
            .collect::<Result<_, _>>()?;
        // The grid is the compiler's rule on the first result; another grid
        // means the compiler and runtime disagree on what a workgroup covers.
        if let Some(first) = expected.first() {
            let dims: Vec<u64> = first.iter().map(|&d| d as u64).collect();
            let want = xir_hal::grid::workgroup_count(&dims)
                .ok_or_else(|| Error::invalid_argument("grid size overflows"))?;
            if args.workgroups != want {
                return Err(Error::invalid_argument(format!(
                    "@{name}: dispatched with workgroups {:?}, a {:?} result needs {want:?}",
                    args.workgroups, first
                )));
            }
        }
        let out = self
            .program
            .call(index, inputs)
            .map_err(|e| e.context(format_args!("in kernel @{name}")))?;
        for ((t, want), b) in out.iter().zip(&expected).zip(bound) {
            if &t.shape != want {
                return Err(Error::invalid_argument(format!(
                    "@{name}: result has shape {:?}, the dispatch's dims say {:?}",
                    t.shape, want
                )));
            }
            if b.len() < t.data.len() {
                return Err(Error::invalid_argument(format!(
                    "@{name}: a result binding of {} bytes for {} bytes",
                    b.len(),
                    t.data.len()
                )));
            }
            b.write(0, &t.data)?;
        }
        Ok(())
    }
}
