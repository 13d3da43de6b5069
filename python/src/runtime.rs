//! `xir.compile` and `xir.runtime`: a program compiled to hal and ready to
//! call, its inputs taken from numpy without a copy and its results given
//! back as buffers numpy wraps without a copy.

use crate::diag::{guard, Failure, Kind};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt, PyTuple};
use std::mem::ManuallyDrop;
use std::sync::{Arc, Mutex};
use xir::types::{TypeKind, DYNAMIC};
use xir::{Context, Ir, Op, Type};
use xir_runtime_exec::{Executor, RtValue};
use xir_runtime_hal::{BufferView, Device, ElementType, HostTensor};

/// How a function takes one argument.
#[derive(Clone)]
enum Param {
    /// An index, integer or float scalar: any Python number.
    Scalar { ty: Type, element: ElementType },
    /// A tensor: a numpy array of this element type and shape (`None`: dynamic).
    Tensor {
        element: ElementType,
        dims: Vec<Option<usize>>,
    },
    /// A `!hal.buffer_view` of a hal-level program: any array (the
    /// program's own assertions check it).
    View,
}

/// A public function of the program.
pub(crate) struct Function {
    name: String,
    op: Op,
    params: Vec<Param>,
    /// Each parameter's type as the IR spells it (for messages).
    param_types: Vec<String>,
    /// The device each argument lives on.
    arg_devices: Vec<Arc<Device>>,
}

/// The compiled program and its executor, which borrows the program's
/// context and IR: both are boxed and freed after the executor.
pub(crate) struct Program {
    exec: ManuallyDrop<Executor<'static>>,
    ctx: *mut Context,
    ir: *mut Ir,
}

// SAFETY: a `Program` is only reached through its executable's mutex, one
// thread at a time. The executor's `Rc`s (command buffers in flight) live
// within one call and never leave it; the devices it holds are `Send + Sync`.
unsafe impl Send for Program {}

impl Drop for Program {
    fn drop(&mut self) {
        // SAFETY: the executor borrows `ctx` and `ir`: it goes first; both
        // came from `Box::into_raw` and are freed once.
        unsafe {
            ManuallyDrop::drop(&mut self.exec);
            drop(Box::from_raw(self.ir));
            drop(Box::from_raw(self.ctx));
        }
    }
}

/// An input on its way to a call: a view of the caller's memory, or a scalar.
enum Input {
    View(BufferView),
    Scalar(Type, HostTensor),
}

/// What keeps an imported numpy array alive while the runtime holds its memory.
struct Owner(#[allow(dead_code)] Py<PyAny>);

/// A program ready to call, its functions and its devices.
pub(crate) type Compiled = (Program, Vec<Function>, Vec<Arc<Device>>);

fn parse_and_compile(
    name: &str,
    text: String,
    targets: &[String],
    plan: &str,
    device_specs: &[String],
) -> Result<Compiled, Failure> {
    let parsed = crate::ir::parse(name, text, false)?;
    compile_module(
        Box::new(parsed.ctx),
        Box::new(parsed.ir),
        parsed.top,
        &parsed.sm,
        targets,
        plan,
        device_specs,
    )
}

/// Compiles the module `top` of `ctx` and `ir` (parsed from `sm`, or
/// imported) and makes it ready to call.
pub(crate) fn compile_module(
    mut ctx: Box<Context>,
    mut ir: Box<Ir>,
    top: Op,
    sm: &xir::SourceMgr,
    targets: &[String],
    plan: &str,
    device_specs: &[String],
) -> Result<Compiled, Failure> {
    let named = match device_specs.is_empty() {
        true => None,
        false => {
            Some(xrun::devices::open(device_specs).map_err(|e| Failure::runtime(e.to_string()))?)
        }
    };
    let default_kind = xrun::default_kind(named.as_deref());
    // The signatures as written: after compiling, tensors are buffer views.
    let written = signatures(&ctx, &ir, top);
    xrun::compile_for(targets, plan, default_kind, &mut ctx, &mut ir, top)
        .map_err(|ds| Failure::diagnostics(&ctx, sm, &ds))?;
    let devices = match named {
        Some(d) => d,
        None => xrun::program_devices(&ctx, &ir, top, None)
            .map_err(|e| Failure::runtime(e.text().unwrap_or_default().to_string()))?,
    };
    let ctx = Box::into_raw(ctx);
    let ir = Box::into_raw(ir);
    // SAFETY: both live until `Program::drop`, which drops the executor first.
    let (ctx_ref, ir_ref): (&'static mut Context, &'static Ir) = unsafe { (&mut *ctx, &*ir) };
    let exec = match Executor::new(ctx_ref, ir_ref, top, devices.clone()) {
        Ok(e) => e,
        Err(d) => {
            // SAFETY: nothing borrows them any more.
            let ctx = unsafe { Box::from_raw(ctx) };
            drop(unsafe { Box::from_raw(ir) });
            return Err(Failure::runtime(format!(
                "{}: {}",
                xir::diag::loc_to_string(&ctx, d.loc),
                d.message
            )));
        }
    };
    let mut program = Program {
        exec: ManuallyDrop::new(exec),
        ctx,
        ir,
    };
    let functions = functions(&mut program, top, &devices, &written);
    Ok((program, functions, devices))
}

/// How a function takes its arguments, and their types as spelled.
type Params = (Vec<Param>, Vec<String>);

fn params(ctx: &Context, types: &[Type]) -> Params {
    (
        types.iter().map(|&t| param(ctx, t)).collect(),
        types
            .iter()
            .map(|&t| xir::printer::type_to_string(ctx, t))
            .collect(),
    )
}

/// Each public function's parameters, by name.
fn signatures(ctx: &Context, ir: &Ir, top: Op) -> Vec<(String, Params)> {
    xrun::public_functions(ctx, ir, top)
        .into_iter()
        .map(|(name, op)| {
            let (inputs, _) = xir_func::signature(ctx, ir, op).unwrap_or_default();
            (name, params(ctx, &inputs))
        })
        .collect()
}

/// The compiled program's public functions, taking their arguments as
/// `written` (the signatures before compiling) says.
fn functions(
    p: &mut Program,
    top: Op,
    devices: &[Arc<Device>],
    written: &[(String, Params)],
) -> Vec<Function> {
    // SAFETY: a shared borrow beside the executor's own.
    let ir: &Ir = unsafe { &*p.ir };
    let exec = &mut *p.exec;
    let placements = exec.placements();
    xrun::public_functions(exec.context(), ir, top)
        .into_iter()
        .map(|(name, op)| {
            let (inputs, _) = exec.signature(op);
            let (params, param_types) = match written.iter().find(|(n, _)| *n == name) {
                Some((_, w)) if w.0.len() == inputs.len() => w.clone(),
                // A hal-level program: its own parameters.
                _ => params(exec.context(), &inputs),
            };
            let arg_devices = xrun::arg_devices(exec.context(), ir, op, &placements, devices);
            Function {
                name,
                op,
                params,
                param_types,
                arg_devices,
            }
        })
        .collect()
}

fn param(ctx: &Context, t: Type) -> Param {
    if ElementType::from_type(ctx, t).is_none()
        && !matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. })
    {
        return Param::View;
    }
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } => Param::Tensor {
            element: ElementType::from_type(ctx, *element).unwrap_or(ElementType::F32),
            dims: shape
                .iter()
                .map(|&d| (d != DYNAMIC).then_some(d as usize))
                .collect(),
        },
        _ => Param::Scalar {
            ty: t,
            element: ElementType::from_type(ctx, t).unwrap_or(ElementType::I64),
        },
    }
}

/// Compiles graph- or hal-level `text` (named `name` in messages) for
/// `target_devices` (xopt's `--target-device` values) with `device_plan`,
/// and opens `devices` (xrun's `--device` values; none: what the program
/// asks for). Bad programs raise `xir.CompileError`; devices that cannot
/// open, `xir.RuntimeError`.
#[pyfunction]
#[pyo3(signature = (text, name, target_devices, device_plan, devices))]
pub fn compile(
    py: Python<'_>,
    text: String,
    name: String,
    target_devices: Vec<String>,
    device_plan: String,
    devices: Vec<String>,
) -> PyResult<Executable> {
    let (program, functions, devices) = py
        .detach(|| {
            guard(Kind::Compile, || {
                parse_and_compile(&name, text, &target_devices, &device_plan, &devices)
            })
        })
        .map_err(|f| f.into_py(py))?;
    Ok(Executable::new(program, functions, devices))
}

impl Executable {
    pub(crate) fn new(
        program: Program,
        functions: Vec<Function>,
        devices: Vec<Arc<Device>>,
    ) -> Self {
        Executable {
            program: Mutex::new(program),
            functions,
            devices,
        }
    }
}

/// A compiled program: `exe.call("main", x, y)`.
#[pyclass(module = "xir._xir", name = "Executable", frozen)]
pub struct Executable {
    program: Mutex<Program>,
    functions: Vec<Function>,
    devices: Vec<Arc<Device>>,
}

fn describe(a: &Bound<'_, PyAny>) -> String {
    let ty = a
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "object".into());
    match (a.getattr("dtype"), a.getattr("shape")) {
        (Ok(d), Ok(s)) => format!(
            "a {} {ty} of shape {}",
            d.str().map(|s| s.to_string()).unwrap_or_default(),
            s.str().map(|s| s.to_string()).unwrap_or_default()
        ),
        _ => format!("a {ty}"),
    }
}

impl Executable {
    fn function(&self, name: &str) -> Result<&Function, Failure> {
        let name = name.trim_start_matches('@');
        self.functions
            .iter()
            .find(|f| f.name == name)
            .ok_or_else(|| {
                let names: Vec<String> = self
                    .functions
                    .iter()
                    .map(|f| format!("@{}", f.name))
                    .collect();
                Failure::runtime(format!(
                    "no public function @{name} in the program (it has {})",
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                ))
            })
    }

    /// Input `i` of `f` from Python: an imported view of a numpy array (no
    /// copy) or a scalar.
    fn input(&self, f: &Function, i: usize, a: &Bound<'_, PyAny>) -> Result<Input, Failure> {
        self.input_from(f, i, a, a)
    }

    /// [`Self::input`] of `a`, made from `given` (what messages describe).
    fn input_from(
        &self,
        f: &Function,
        i: usize,
        a: &Bound<'_, PyAny>,
        given: &Bound<'_, PyAny>,
    ) -> Result<Input, Failure> {
        let bad = |m: String| {
            Failure::runtime(format!(
                "input {i} of @{}: expected {}, got {}{m}",
                f.name,
                f.param_types[i],
                describe(given)
            ))
        };
        match &f.params[i] {
            Param::Scalar { ty, element } => {
                let t = scalar(a, *element).map_err(|_| bad(String::new()))?;
                Ok(Input::Scalar(*ty, t))
            }
            Param::Tensor { .. } | Param::View => {
                // Arrays are taken as they are (a contiguous copy of a
                // strided one); anything else (numbers, lists) becomes an
                // array of the parameter's element type.
                let array = match ArrayInfo::read(a) {
                    Ok(Some(array)) => array,
                    Ok(None) => {
                        let converted =
                            to_array(a, &f.params[i]).map_err(|_| bad(String::new()))?;
                        return self.input_from(f, i, &converted, given);
                    }
                    Err(Unreadable::Strided) => {
                        let copy = contiguous(a).map_err(|_| bad(String::new()))?;
                        return self.input_from(f, i, &copy, given);
                    }
                    Err(Unreadable::Bad(m)) => return Err(bad(format!(" ({m})"))),
                };
                let (big, got) = (array.big_endian, array.element);
                let (element, dims) = match &f.params[i] {
                    Param::Tensor { element, dims } => (element, dims.clone()),
                    _ => (&got, array.shape.iter().map(|&d| Some(d)).collect()),
                };
                let same = got == *element
                    || (got.signless() == element.signless()
                        && got != ElementType::I1
                        && *element != ElementType::I1);
                let fits = dims.len() == array.shape.len()
                    && dims
                        .iter()
                        .zip(&array.shape)
                        .all(|(d, &s)| d.is_none_or(|d| d == s));
                if big || !same || !fits {
                    return Err(bad(String::new()));
                }
                let bytes = array.shape.iter().product::<usize>() * element.byte_size();
                let owner = Box::new(Owner(a.clone().unbind()));
                let device = f.arg_devices[i].id;
                // SAFETY: the array stays alive (its owner) as long as the
                // buffer; a program reads its arguments and never writes them.
                let buffer = if bytes == 0 {
                    xir_runtime_hal::Buffer::allocate(device, 0)
                } else {
                    unsafe {
                        xir_runtime_hal::Buffer::import_host(
                            device,
                            array.data as *mut u8,
                            bytes,
                            owner,
                        )
                    }
                }
                .map_err(|e| Failure::runtime(e.to_string()))?;
                let view = BufferView::new(buffer, array.shape, *element)
                    .map_err(|e| Failure::runtime(e.to_string()))?;
                Ok(Input::View(view))
            }
        }
    }
}

/// `numpy.array(a, dtype, order="C")`, the dtype the parameter's.
fn to_array<'py>(a: &Bound<'py, PyAny>, p: &Param) -> PyResult<Bound<'py, PyAny>> {
    let np = a.py().import("numpy")?;
    let dtype = match p {
        Param::Tensor { element, .. } | Param::Scalar { element, .. } => Some(
            xir_runtime_io::descr_of(*element)
                .map_err(|e| pyo3::exceptions::PyTypeError::new_err(e.to_string()))?,
        ),
        Param::View => None,
    };
    let kwargs = PyDict::new(a.py());
    kwargs.set_item("dtype", dtype)?;
    kwargs.set_item("order", "C")?;
    np.getattr("array")?.call((a,), Some(&kwargs))
}

/// Why an array's memory cannot be taken as it is.
enum Unreadable {
    /// Not C-contiguous, or misaligned: a contiguous copy can be.
    Strided,
    Bad(String),
}

/// `numpy.ascontiguousarray(a)`: a C-contiguous, aligned copy.
fn contiguous<'py>(a: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let np = a.py().import("numpy")?;
    let c = np.getattr("ascontiguousarray")?.call1((a,))?;
    match c.is(a) {
        // Already contiguous by numpy's account (an unaligned array):
        // a copy all the same.
        true => c.call_method0("copy"),
        false => Ok(c),
    }
}

/// A C-contiguous array's memory, shape and element type.
struct ArrayInfo {
    data: usize,
    shape: Vec<usize>,
    element: ElementType,
    big_endian: bool,
}

/// numpy's `PyArrayInterface`, what an `__array_struct__` capsule points to
/// (the array interface protocol's C side).
#[repr(C)]
struct PyArrayInterface {
    two: std::os::raw::c_int,
    nd: std::os::raw::c_int,
    typekind: std::os::raw::c_char,
    itemsize: std::os::raw::c_int,
    flags: std::os::raw::c_int,
    shape: *const isize,
    strides: *const isize,
    data: *mut std::os::raw::c_void,
    descr: *mut pyo3::ffi::PyObject,
}

const ARRAY_C_CONTIGUOUS: std::os::raw::c_int = 0x1;
const ARRAY_ALIGNED: std::os::raw::c_int = 0x100;
const ARRAY_NOTSWAPPED: std::os::raw::c_int = 0x200;
const ARRAY_WRITEABLE: std::os::raw::c_int = 0x400;

/// What a result's `__array_struct__` capsule holds: the interface first
/// (the capsule's pointer is the interface's), then the shape it points to.
#[repr(C)]
struct ArrayStruct {
    iface: PyArrayInterface,
    shape: Vec<isize>,
}

// SAFETY: the pointers are into `shape` and the buffer the capsule's owner
// keeps alive; nothing mutates through them.
unsafe impl Send for ArrayStruct {}

fn element_of(kind: char, size: usize) -> Option<ElementType> {
    let bits = u8::try_from(size * 8).ok()?;
    Some(match (kind, size) {
        ('b', 1) => ElementType::I1,
        ('i', 1 | 2 | 4 | 8) => ElementType::Int {
            bits,
            sign: xir_runtime_hal::IntSign::Signless,
        },
        ('u', 1 | 2 | 4 | 8) => ElementType::Int {
            bits,
            sign: xir_runtime_hal::IntSign::Unsigned,
        },
        ('f', 2) => ElementType::F16,
        ('f', 4) => ElementType::F32,
        ('f', 8) => ElementType::F64,
        _ => return None,
    })
}

impl ArrayInfo {
    /// Through `__array_struct__` when the object has it (numpy arrays:
    /// no dict to build), else `__array_interface__`; `None` for an object
    /// with neither.
    fn read(a: &Bound<'_, PyAny>) -> Result<Option<ArrayInfo>, Unreadable> {
        let py = a.py();
        if let Ok(cap) = a.getattr(pyo3::intern!(py, "__array_struct__")) {
            // SAFETY: numpy's capsule (unnamed) points to a PyArrayInterface
            // valid while the capsule lives; checked by its `two` field.
            let p = unsafe { pyo3::ffi::PyCapsule_GetPointer(cap.as_ptr(), std::ptr::null()) };
            if p.is_null() {
                pyo3::PyErr::take(py);
            } else {
                let s = unsafe { &*(p as *const PyArrayInterface) };
                if s.two == 2 {
                    if s.flags & ARRAY_C_CONTIGUOUS == 0 || s.flags & ARRAY_ALIGNED == 0 {
                        return Err(Unreadable::Strided);
                    }
                    let nd = usize::try_from(s.nd).unwrap_or(0);
                    let shape = (0..nd)
                        .map(|k| unsafe { *s.shape.add(k) } as usize)
                        .collect();
                    let kind = s.typekind as u8 as char;
                    let size = usize::try_from(s.itemsize).unwrap_or(0);
                    let element = element_of(kind, size).ok_or_else(|| {
                        Unreadable::Bad("an element type xir has no type for".into())
                    })?;
                    return Ok(Some(ArrayInfo {
                        data: s.data as usize,
                        shape,
                        element,
                        big_endian: size > 1 && s.flags & ARRAY_NOTSWAPPED == 0,
                    }));
                }
            }
        }
        let Ok(iface) = a.getattr(pyo3::intern!(py, "__array_interface__")) else {
            return Ok(None);
        };
        let bad = |m: &str| Unreadable::Bad(m.to_string());
        let get = |k: &str| {
            iface
                .get_item(k)
                .map_err(|_| Unreadable::Bad(format!("its __array_interface__ has no '{k}'")))
        };
        let strides = iface.get_item("strides").ok();
        if strides.is_some_and(|s| !s.is_none()) {
            return Err(Unreadable::Strided);
        }
        let (data, _readonly): (usize, bool) = get("data")?
            .extract()
            .map_err(|_| bad("its data is not a (pointer, read-only) pair"))?;
        let shape: Vec<usize> = get("shape")?.extract().map_err(|_| bad("a bad shape"))?;
        let typestr: String = get("typestr")?
            .extract()
            .map_err(|_| bad("a bad typestr"))?;
        let (big_endian, element) =
            xir_runtime_io::parse_descr(&typestr).map_err(|e| bad(&e.to_string()))?;
        if data % element.byte_size().max(1) != 0 {
            return Err(Unreadable::Strided);
        }
        Ok(Some(ArrayInfo {
            data,
            shape,
            element,
            big_endian,
        }))
    }
}

/// A Python number (or 0-d array) as a scalar of `element`.
fn scalar(a: &Bound<'_, PyAny>, element: ElementType) -> PyResult<HostTensor> {
    if a.getattr("shape")
        .is_ok_and(|s| s.len().is_ok_and(|n| n > 0))
    {
        return Err(pyo3::exceptions::PyTypeError::new_err("not a scalar"));
    }
    let bytes = if element.is_float() {
        if !(a.is_instance_of::<PyFloat>()
            || a.is_instance_of::<PyInt>()
            || a.hasattr("__float__")?)
        {
            return Err(pyo3::exceptions::PyTypeError::new_err("not a number"));
        }
        let x: f64 = a.extract()?;
        match element.byte_size() {
            8 => x.to_le_bytes().to_vec(),
            4 => (x as f32).to_le_bytes().to_vec(),
            _ => half::f16::from_f64(x).to_le_bytes().to_vec(),
        }
    } else {
        let x: i128 = a.call_method0("__index__")?.extract()?;
        x.to_le_bytes()[..element.byte_size()].to_vec()
    };
    HostTensor::new(element, vec![], bytes)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
}

#[pymethods]
impl Executable {
    /// Calls public function `name` with numpy arrays (anything else
    /// becomes an array of the parameter's element type); returns its
    /// results as numpy arrays over the runtime's buffers (no copy: each
    /// array's `base` is a `Buffer`).
    #[pyo3(signature = (name, *args))]
    fn call<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        args: &Bound<'py, PyTuple>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let f = self.function(name).map_err(|e| e.into_py(py))?;
        if args.len() != f.params.len() {
            return Err(Failure::runtime(format!(
                "@{} takes {} input(s), got {}",
                f.name,
                f.params.len(),
                args.len()
            ))
            .into_py(py));
        }
        let inputs = args
            .iter()
            .enumerate()
            .map(|(i, a)| self.input(f, i, &a))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.into_py(py))?;
        let op = f.op;
        let fname = f.name.as_str();
        let outs = py
            .detach(|| {
                guard(Kind::Runtime, || {
                    let mut p = self.program.lock().unwrap_or_else(|e| e.into_inner());
                    call(&mut p, op, fname, inputs)
                })
            })
            .map_err(|e| e.into_py(py))?;
        let asarray = py
            .import(pyo3::intern!(py, "numpy"))?
            .getattr(pyo3::intern!(py, "asarray"))?;
        outs.into_iter()
            .map(|view| asarray.call1((Buffer { view },)))
            .collect()
    }

    /// The names of the public functions.
    #[getter]
    fn functions(&self) -> Vec<String> {
        self.functions.iter().map(|f| f.name.clone()).collect()
    }

    /// The parameter types of function `name`, as the IR spells them.
    fn signature(&self, py: Python<'_>, name: &str) -> PyResult<Vec<String>> {
        Ok(self
            .function(name)
            .map_err(|e| e.into_py(py))?
            .param_types
            .clone())
    }

    /// The devices it runs on (as `xir.runtime.devices()` describes them).
    #[getter]
    fn devices<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.devices
            .iter()
            .map(|d| describe_device(py, d))
            .collect()
    }
}

fn call(
    p: &mut Program,
    op: Op,
    name: &str,
    inputs: Vec<Input>,
) -> Result<Vec<BufferView>, Failure> {
    let exec = &mut *p.exec;
    let args = inputs
        .into_iter()
        .map(|i| match i {
            Input::View(v) => RtValue::View(v),
            Input::Scalar(t, v) => RtValue::Scalar(xrun::scalar_attr(exec.context(), t, &v)),
        })
        .collect();
    let outs = exec.call(op, args).map_err(|d| {
        let ctx = exec.context();
        Failure::runtime(match xir::diag::file_line_col(ctx, d.loc) {
            Some(at) => format!("@{name}: {} (at {at})", d.message),
            None => format!("@{name}: {}", d.message),
        })
    })?;
    outs.iter()
        .map(|v| match v {
            RtValue::View(v) => Ok(v.clone()),
            other => {
                let t = xrun::output_tensor(exec.context(), other)
                    .map_err(|e| Failure::runtime(e.to_string()))?;
                Ok(BufferView::from_host(0, &t).map_err(|e| Failure::runtime(e.to_string()))?)
            }
        })
        .collect()
}

/// A result tensor in the runtime's memory. numpy wraps it without a copy
/// through `__array_interface__`; the array keeps it alive.
#[pyclass(module = "xir._xir", name = "Buffer", frozen)]
pub struct Buffer {
    view: BufferView,
}

#[pymethods]
impl Buffer {
    /// The array interface's C side: numpy reads it without a dict.
    #[getter(__array_struct__)]
    fn array_struct<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = &self.view;
        let size = v.element.byte_size();
        // numpy's kind letter: the second character of its dtype string (`<f4`).
        let descr = xir_runtime_io::descr_of(v.element)
            .map_err(|e| Failure::runtime(e.to_string()).into_py(py))?;
        let kind = descr.as_bytes()[1];
        let shape: Vec<isize> = v.shape.iter().map(|&d| d as isize).collect();
        let mut s = ArrayStruct {
            iface: PyArrayInterface {
                two: 2,
                nd: shape.len() as std::os::raw::c_int,
                typekind: kind as std::os::raw::c_char,
                itemsize: size as std::os::raw::c_int,
                flags: ARRAY_C_CONTIGUOUS | ARRAY_ALIGNED | ARRAY_NOTSWAPPED | ARRAY_WRITEABLE,
                shape: std::ptr::null(),
                strides: std::ptr::null(),
                data: v.buffer.as_ptr().cast(),
                descr: std::ptr::null_mut(),
            },
            shape,
        };
        // The shape's heap block does not move with the struct.
        s.iface.shape = s.shape.as_ptr();
        Ok(pyo3::types::PyCapsule::new(py, s, None)?.into_any())
    }

    /// The address of its first byte.
    #[getter]
    fn data_ptr(&self) -> usize {
        self.view.buffer.as_ptr() as usize
    }

    fn __repr__(&self) -> String {
        format!("<xir.runtime.Buffer {}>", self.view.type_string())
    }
}

fn describe_device<'py>(py: Python<'py>, d: &Device) -> PyResult<Bound<'py, PyDict>> {
    use xir_runtime_hal::ConfigValue;
    let out = PyDict::new(py);
    out.set_item("id", d.id)?;
    out.set_item("name", &d.name)?;
    out.set_item("kind", &d.target.kind)?;
    let config = PyDict::new(py);
    for (k, v) in &d.target.config {
        match v {
            ConfigValue::Str(s) => config.set_item(k, s)?,
            ConfigValue::Int(i) => config.set_item(k, i)?,
            ConfigValue::Ints(v) => config.set_item(k, v.clone())?,
        }
    }
    out.set_item("config", config)?;
    out.set_item("formats", d.target.formats.clone())?;
    out.set_item("target", d.target.to_string())?;
    Ok(out)
}

/// Every device of every driver, as `xrun --print-devices` lists them.
#[pyfunction]
pub fn devices(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    let all = py
        .detach(|| {
            guard(Kind::Runtime, || {
                xrun::devices::open_all().map_err(|e| Failure::runtime(e.to_string()))
            })
        })
        .map_err(|e| e.into_py(py))?;
    all.iter().map(|d| describe_device(py, d)).collect()
}
