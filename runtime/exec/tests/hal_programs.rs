//! Hand-written hal programs that a compiler would not emit: the executor
//! must turn each mistake into an error, never a hang or a panic.

use std::sync::Arc;
use xir::{Context, DiagEngine, Ir};
use xir_runtime_exec::{Executor, RtValue};
use xir_runtime_hal::driver::create_device;
use xir_runtime_hal::{BufferView, DeviceOptions, ElementType, HostTensor};
use xir_runtime_reference::driver::ReferenceDriver;

fn context() -> Context {
    let mut ctx = Context::new();
    xir_func::register(&mut ctx);
    xir_arith::register(&mut ctx);
    xir_device::register(&mut ctx);
    xir_graph::register(&mut ctx);
    xir_flow::register(&mut ctx);
    xir_hal::register(&mut ctx);
    xir_scf::register(&mut ctx);
    ctx
}

/// Runs `@main` of `body` (inside a module with one reference device `@d`)
/// on `args`; the error message if it fails.
fn run(body: &str, args: Vec<RtValue>) -> Result<Vec<RtValue>, String> {
    let text =
        format!("module {{\n  device.global @d = #device.target<\"local\", {{}}, []>\n{body}\n}}");
    let mut ctx = context();
    let mut ir = Ir::new();
    let mut diags = DiagEngine::default();
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "t", &text)
        .unwrap_or_else(|d| panic!("{d:?}\n{text}"));
    let errs = xir::verifier::verify(&ctx, &ir, top);
    assert!(errs.is_empty(), "{errs:?}");
    let _ = &mut diags;
    let dev = Arc::new(create_device(&ReferenceDriver, 0, 0, &DeviceOptions::default()).unwrap());
    let mut exec = Executor::new(&mut ctx, &ir, top, vec![dev]).map_err(|d| d.message)?;
    let f = exec.function("main").unwrap();
    exec.call(f, args).map_err(|d| d.message)
}

#[test]
fn awaiting_a_fence_no_one_signals_is_an_error() {
    let e = run(
        r#"  func.func @main() {
    %d = hal.device.resolve #device.affinity<@d> : !hal.device
    %f = hal.fence.create device(%d) : !hal.fence
    hal.fence.await until(%f)
    return
  }"#,
        vec![],
    )
    .unwrap_err();
    assert!(e.contains("await would never end"), "{e}");
}

#[test]
fn a_submission_waiting_on_an_unsubmitted_fence_is_failed_when_the_call_ends() {
    // The queue blocks on %never; the call returns; the fence is failed so
    // the worker moves on and dropping the device does not hang.
    let out = run(
        r#"  func.func @main() {
    %d = hal.device.resolve #device.affinity<@d> : !hal.device
    %never = hal.fence.create device(%d) : !hal.fence
    %done = hal.fence.create device(%d) : !hal.fence
    %c = hal.command_buffer.create device(%d) : !hal.command_buffer
    hal.command_buffer.finalize %c
    hal.device.queue.execute %d wait(%never) signal(%done) commands(%c)
    return
  }"#,
        vec![],
    );
    assert!(out.is_ok());
    // And a program that awaits it hears why.
    let e = run(
        r#"  func.func @main() {
    %d = hal.device.resolve #device.affinity<@d> : !hal.device
    %never = hal.fence.create device(%d) : !hal.fence
    %done = hal.fence.create device(%d) : !hal.fence
    %c = hal.command_buffer.create device(%d) : !hal.command_buffer
    hal.command_buffer.finalize %c
    hal.device.queue.execute %d wait(%never) signal(%done) commands(%c)
    hal.fence.await until(%done)
    return
  }"#,
        vec![],
    )
    .unwrap_err();
    assert!(e.contains("no submission signals"), "{e}");
}

#[test]
fn buffer_mistakes_are_errors() {
    let cases = [
        // A subspan past the end (sizes the verifier cannot see).
        r#"%b = hal.allocator.allocate device(%d) size(%c16) : !hal.buffer
    %n = arith.addi %c8, %c16 : index
    %s = hal.buffer.subspan %b[%c8, %n] : !hal.buffer"#,
        // A copy past the end.
        r#"%b = hal.allocator.allocate device(%d) size(%c16) : !hal.buffer
    %c = hal.command_buffer.create device(%d) : !hal.command_buffer
    hal.command_buffer.copy_buffer %c, source(%b[%c8]) target(%b[%c0]) length(%c16)"#,
        // A view bigger than its buffer.
        r#"%b = hal.allocator.allocate device(%d) size(%c8) : !hal.buffer
    %v = hal.buffer_view.create %b shape(tensor<4xf32>) : !hal.buffer_view"#,
        // Recording after finalize.
        r#"%c = hal.command_buffer.create device(%d) : !hal.command_buffer
    hal.command_buffer.finalize %c
    hal.command_buffer.execution_barrier %c"#,
        // Submitting before finalize.
        r#"%c = hal.command_buffer.create device(%d) : !hal.command_buffer
    %f = hal.fence.create device(%d) : !hal.fence
    hal.device.queue.execute %d signal(%f) commands(%c)"#,
        // A fence signalled twice.
        r#"%c = hal.command_buffer.create device(%d) : !hal.command_buffer
    hal.command_buffer.finalize %c
    %f = hal.fence.create device(%d) : !hal.fence
    hal.device.queue.execute %d signal(%f) commands(%c)
    hal.device.queue.execute %d signal(%f) commands(%c)"#,
        // A queue the device does not have.
        r#"%c = hal.command_buffer.create device(%d) : !hal.command_buffer
    hal.command_buffer.finalize %c
    %f = hal.fence.create device(%d) : !hal.fence
    hal.device.queue.execute %d queue(3) signal(%f) commands(%c)"#,
        // Division by zero on the host.
        r#"%z = arith.divui %c8, %c0 : index"#,
    ];
    for case in cases {
        let body = format!(
            "  func.func @main() {{\n    %d = hal.device.resolve #device.affinity<@d> : !hal.device\n    %c0 = arith.constant 0 : index\n    %c8 = arith.constant 8 : index\n    %c16 = arith.constant 16 : index\n    {case}\n    return\n  }}"
        );
        let e = run(&body, vec![]).expect_err(case);
        assert!(!e.is_empty());
    }
}

#[test]
fn arguments_are_checked_against_the_signature_and_asserts() {
    let body = r#"  func.func @main(%v: !hal.buffer_view, %n: index) -> index {
    hal.buffer_view.assert %v message("input 0") shape(tensor<?x4xf32>)
    %d = hal.buffer_view.dim %v[0] : index
    %s = arith.addi %d, %n : index
    return %s : index
  }"#;
    let view = |shape: Vec<usize>, e: ElementType| {
        let t = HostTensor::zeros(e, shape).unwrap();
        RtValue::View(BufferView::from_host(0, &t).unwrap())
    };
    // Attributes are interned per context: build them in the one run uses.
    let run_with = |make: &dyn Fn(&mut Context) -> Vec<RtValue>| -> Result<String, String> {
        let text = format!(
            "module {{\n  device.global @d = #device.target<\"local\", {{}}, []>\n{body}\n}}"
        );
        let mut ctx = context();
        let mut ir = Ir::new();
        let top = xir::parser::parse_str(&mut ctx, &mut ir, "t", &text).unwrap();
        let args = make(&mut ctx);
        let dev =
            Arc::new(create_device(&ReferenceDriver, 0, 0, &DeviceOptions::default()).unwrap());
        let mut exec = Executor::new(&mut ctx, &ir, top, vec![dev]).map_err(|d| d.message)?;
        let f = exec.function("main").unwrap();
        let out = exec.call(f, args).map_err(|d| d.message)?;
        match &out[0] {
            RtValue::Scalar(a) => Ok(xir::printer::attr_to_string(exec.context(), *a)),
            _ => Err("not a scalar".into()),
        }
    };
    let idx = |ctx: &mut Context, n: i64| {
        let t = ctx.index_type();
        RtValue::Scalar(ctx.intern_attr(xir::AttrKind::Integer {
            ty: t,
            value: n.into(),
        }))
    };
    assert_eq!(
        run_with(&|ctx| vec![view(vec![5, 4], ElementType::F32), idx(ctx, 3)]).unwrap(),
        "8 : index"
    );
    let e = run_with(&|ctx| vec![view(vec![5, 3], ElementType::F32), idx(ctx, 3)]).unwrap_err();
    assert!(
        e.contains("input 0: expected tensor<?x4xf32>, got 5x3xf32"),
        "{e}"
    );
    let e = run_with(&|ctx| vec![view(vec![5, 4], ElementType::F64), idx(ctx, 3)]).unwrap_err();
    assert!(e.contains("got 5x4xf64"), "{e}");
    let e = run_with(&|ctx| vec![idx(ctx, 1), idx(ctx, 3)]).unwrap_err();
    assert!(
        e.contains("argument 0: expected !hal.buffer_view, got index"),
        "{e}"
    );
    let e = run_with(&|ctx| {
        let t = ctx.integer_type(32, xir::Signedness::Signless);
        vec![
            view(vec![1, 4], ElementType::F32),
            RtValue::Scalar(ctx.intern_attr(xir::AttrKind::Integer {
                ty: t,
                value: 3.into(),
            })),
        ]
    })
    .unwrap_err();
    assert!(e.contains("argument 1: expected index, got i32"), "{e}");
    let e = run_with(&|_| vec![view(vec![1, 4], ElementType::F32)]).unwrap_err();
    assert!(e.contains("takes 2 arguments, got 1"), "{e}");
}

#[test]
fn recursion_is_an_error_not_a_stack_overflow() {
    let e = run(
        r#"  func.func @main() {
    call @main() : () -> ()
    return
  }"#,
        vec![],
    )
    .unwrap_err();
    assert!(e.contains("nested deeper"), "{e}");
}

/// Places `globals` (a module's `device.global` lines) on `n` reference
/// devices (which serve every kind): each global's device id, or the error.
fn placements(globals: &str, n: usize) -> Result<Vec<(String, usize)>, String> {
    let text = format!("module {{\n{globals}\n}}");
    let mut ctx = context();
    let mut ir = Ir::new();
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "t", &text).unwrap();
    let devs = (0..n)
        .map(|i| {
            Arc::new(create_device(&ReferenceDriver, 0, i, &DeviceOptions::default()).unwrap())
        })
        .collect();
    let exec = Executor::new(&mut ctx, &ir, top, devs).map_err(|d| d.message)?;
    Ok(exec
        .placements()
        .into_iter()
        .map(|(g, d)| (g, d.id))
        .collect())
}

#[test]
fn globals_take_distinct_devices_in_order_then_share() {
    let g = r#"device.global @a = #device.target<"local", {}, []>
  device.global @b = #device.target<"local", {}, []>
  device.global @c = #device.target<"vulkan", {}, []>"#;
    let ids = |v: Vec<(String, usize)>| v.into_iter().map(|(_, d)| d).collect::<Vec<_>>();
    assert_eq!(ids(placements(g, 3).unwrap()), vec![0, 1, 2]);
    // Fewer devices than globals: the first that serves it.
    assert_eq!(ids(placements(g, 2).unwrap()), vec![0, 1, 0]);
    // Ordinals count the devices serving the kind.
    let g = r#"device.global @a = #device.target<"local", {ordinal = 1 : i64}, []>
  device.global @b = #device.fallback<@a>
  device.global @c = #device.select<[#device.target<"local", {ordinal = 5 : i64}, []>, #device.target<"local", {ordinal = 0 : i64}, []>]>"#;
    assert_eq!(ids(placements(g, 2).unwrap()), vec![1, 1, 0]);
    let e = placements(
        r#"device.global @a = #device.target<"local", {ordinal = 2 : i64}, []>"#,
        2,
    )
    .unwrap_err();
    assert!(
        e.contains("no device for @a") && e.contains("devices available"),
        "{e}"
    );
    let e = placements(r#"device.global @a = #device.target<"local", {}, []>"#, 0).unwrap_err();
    assert!(e.contains("devices available: none"), "{e}");
}

#[test]
fn repeated_calls_reuse_device_memory_and_command_buffers() {
    // %c runs twice (resubmitted); the second submission is not awaited
    // right away, so it goes through the queue rather than inline.
    let text = r#"module {
  device.global @d = #device.target<"local", {}, []>
  func.func @main(%v: !hal.buffer_view) -> !hal.buffer_view {
    %d = hal.device.resolve #device.affinity<@d> : !hal.device
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %src = hal.buffer_view.buffer %v : !hal.buffer
    %b = hal.allocator.allocate device(%d) size(%c16) : !hal.buffer
    %c = hal.command_buffer.create device(%d) : !hal.command_buffer
    hal.command_buffer.copy_buffer %c, source(%src[%c0]) target(%b[%c0]) length(%c16)
    hal.command_buffer.finalize %c
    %f = hal.fence.create device(%d) : !hal.fence
    hal.device.queue.execute %d signal(%f) commands(%c)
    hal.fence.await until(%f)
    %g = hal.fence.create device(%d) : !hal.fence
    hal.device.queue.execute %d wait(%f) signal(%g) commands(%c)
    %s = arith.addi %c8, %c8 : index
    hal.fence.await until(%g)
    %r = hal.buffer_view.create %b shape(tensor<4xf32>) : !hal.buffer_view
    return %r : !hal.buffer_view
  }
}"#;
    let mut ctx = context();
    let mut ir = Ir::new();
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "t", text).unwrap();
    let dev = Arc::new(create_device(&ReferenceDriver, 0, 0, &DeviceOptions::default()).unwrap());
    let mut exec = Executor::new(&mut ctx, &ir, top, vec![dev.clone()]).unwrap();
    let f = exec.function("main").unwrap();
    let mut fresh = 0;
    for i in 0..20u8 {
        let data: Vec<u8> = (0..16).map(|k| k ^ i).collect();
        let t = HostTensor::new(ElementType::F32, vec![4], data.clone()).unwrap();
        let arg = RtValue::View(BufferView::from_host(0, &t).unwrap());
        let out = exec.call(f, vec![arg]).map_err(|d| d.message).unwrap();
        match &out[..] {
            [RtValue::View(v)] => assert_eq!(v.to_host().data, data),
            other => panic!("{other:?}"),
        }
        if i == 1 {
            fresh = dev.allocator().stats().fresh;
        }
    }
    let s = dev.allocator().stats();
    assert_eq!(s.fresh, fresh, "{s:?}");
    assert!(s.reused >= 18, "{s:?}");
}

/// A `local`-kind device that interprets (the reference backend limited to
/// `local` targets): a device of that very kind, without the JIT.
struct LocalKind;

impl xir_runtime_hal::Driver for LocalKind {
    fn name(&self) -> &str {
        "local"
    }
    fn device_count(&self) -> usize {
        1
    }
    fn target(&self, _ordinal: usize) -> xir_runtime_hal::TargetDesc {
        xir_runtime_hal::TargetDesc {
            kind: "local".into(),
            config: vec![],
            formats: vec![],
        }
    }
    fn backend(&self, _ordinal: usize) -> Arc<dyn xir_runtime_hal::Backend> {
        Arc::new(xir_runtime_reference::driver::Interpreter {
            kinds: Some(vec!["local".into()]),
        })
    }
}

#[test]
fn a_select_prefers_a_device_of_its_kind_to_the_interpreter() {
    let text = r#"module {
  device.global @cpu = #device.target<"local", {}, []>
  device.global @gpu = #device.select<[#device.target<"vulkan", {}, []>, #device.target<"local", {}, []>]>
  device.global @only = #device.select<[#device.target<"vulkan", {}, []>]>
}"#;
    let mut ctx = context();
    let mut ir = Ir::new();
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "t", text).unwrap();
    let devs = vec![
        Arc::new(create_device(&LocalKind, 0, 0, &DeviceOptions::default()).unwrap()),
        Arc::new(create_device(&ReferenceDriver, 0, 1, &DeviceOptions::default()).unwrap()),
    ];
    let exec = Executor::new(&mut ctx, &ir, top, devs).unwrap_or_else(|d| panic!("{}", d.message));
    let got: Vec<(String, usize)> = exec
        .placements()
        .into_iter()
        .map(|(g, d)| (g, d.id))
        .collect();
    // `@gpu`: no Vulkan device, so its `local` entry on the local device,
    // not `vulkan` on the interpreter (which serves every kind); `@only`
    // has no other entry, so the interpreter is its last resort.
    assert_eq!(
        got,
        vec![("cpu".into(), 0), ("gpu".into(), 0), ("only".into(), 1)]
    );
}
