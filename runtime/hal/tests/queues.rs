//! Queues, fences and the device allocator through the public API, with a
//! probe backend whose kernels log where and in which order they ran.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use std::time::{Duration, Instant};
use xir_runtime_hal::{
    Backend, Buffer, Command, CommandBuffer, Device, DeviceOptions, DispatchArgs, Error, ErrorKind,
    Executable, Fence, Result, TargetDesc,
};

const LOG: usize = 0;
const PANIC: usize = 1;
const FAIL: usize = 2;
/// Waits (at most 10 s) for `Probe::flag`, then logs.
const AWAIT_FLAG: usize = 3;
/// Logs, then sets `Probe::flag`.
const SET_FLAG: usize = 4;

#[derive(Default)]
struct Probe {
    log: Mutex<Vec<(u64, ThreadId)>>,
    flag: AtomicBool,
}

impl Probe {
    fn order(&self) -> Vec<u64> {
        self.log.lock().unwrap().iter().map(|e| e.0).collect()
    }
}

impl Executable for Probe {
    fn export_ordinal(&self, _: &str) -> Option<usize> {
        Some(LOG)
    }

    fn dispatch(&self, ordinal: usize, args: &DispatchArgs) -> Result<()> {
        let log = || {
            let tag = args.constants.first().copied().unwrap_or(0);
            let me = std::thread::current().id();
            self.log.lock().unwrap().push((tag, me));
        };
        match ordinal {
            PANIC => panic!("probe panics"),
            FAIL => return Err(Error::out_of_range("probe fails")),
            AWAIT_FLAG => {
                let start = Instant::now();
                while !self.flag.load(Ordering::Acquire) {
                    if start.elapsed() > Duration::from_secs(10) {
                        return Err(Error::internal("the flag was never set"));
                    }
                    std::thread::yield_now();
                }
                log();
            }
            SET_FLAG => {
                log();
                self.flag.store(true, Ordering::Release);
            }
            _ => log(),
        }
        Ok(())
    }
}

struct NoBackend;

impl Backend for NoBackend {
    fn serves(&self, _: &str) -> bool {
        true
    }
    fn prepare(&self, _: &xir::Context, _: &xir::Ir, _: xir::Op) -> Result<Arc<dyn Executable>> {
        Err(Error::unimplemented("not used"))
    }
}

fn device(id: usize, delay: Option<Duration>) -> Device {
    let target = TargetDesc {
        kind: "probe".into(),
        config: vec![],
        formats: vec![],
    };
    let options = DeviceOptions {
        queues: 1,
        submit_delay: delay,
        trace: None,
    };
    Device::new(id, "probe", target, Arc::new(NoBackend), &options)
}

/// A finalized command buffer of one dispatch of `export` tagged `tag`,
/// binding `bound` bytes.
fn commands(
    d: &Device,
    probe: &Arc<Probe>,
    export: usize,
    tag: u64,
    bound: usize,
) -> Arc<CommandBuffer> {
    let mut c = CommandBuffer::new(d.id);
    let bindings = if bound > 0 {
        vec![d.allocate(bound).unwrap()]
    } else {
        vec![]
    };
    c.record(Command::Dispatch {
        executable: probe.clone(),
        export,
        args: DispatchArgs {
            workgroups: [1, 1, 1],
            constants: vec![tag],
            bindings,
        },
        site: "test".into(),
    })
    .unwrap();
    c.finalized = true;
    Arc::new(c)
}

#[test]
fn a_queue_runs_its_submissions_in_order_whoever_runs_them() {
    let d = device(0, None);
    let probe = Arc::new(Probe::default());
    let fences: Vec<Fence> = (0..50).map(|_| Fence::new()).collect();
    for (i, f) in fences.iter().enumerate() {
        let c = commands(&d, &probe, LOG, i as u64, 0);
        d.queue_execute(0, None, f.clone(), vec![c]).unwrap();
    }
    // Waiting on the last first: the host may run the queue's next ones itself.
    fences[49].wait().unwrap();
    assert!(fences.iter().all(Fence::is_signaled));
    assert_eq!(probe.order(), (0..50).collect::<Vec<_>>());
}

#[test]
fn a_wait_runs_the_chain_it_waits_for_in_order() {
    // a1 on device 0, b on device 1 after a1, a2 on device 0 after b: waiting
    // on a2 runs all three, in order, whichever threads run them.
    for delay in [None, Some(Duration::from_millis(1))] {
        let (d0, d1) = (device(0, delay), device(1, None));
        let probe = Arc::new(Probe::default());
        let (a1, b, a2) = (Fence::new(), Fence::new(), Fence::new());
        d0.queue_execute(0, None, a1.clone(), vec![commands(&d0, &probe, LOG, 1, 0)])
            .unwrap();
        d1.queue_execute(
            0,
            Some(a1),
            b.clone(),
            vec![commands(&d1, &probe, LOG, 2, 0)],
        )
        .unwrap();
        d0.queue_execute(
            0,
            Some(b),
            a2.clone(),
            vec![commands(&d0, &probe, LOG, 3, 0)],
        )
        .unwrap();
        a2.wait().unwrap();
        assert_eq!(probe.order(), vec![1, 2, 3]);
    }
}

#[test]
fn an_awaited_submission_runs_inline_whatever_its_size_and_others_on_the_worker() {
    let d = device(0, None);
    let probe = Arc::new(Probe::default());
    let me = std::thread::current().id();
    for (i, bytes) in [(1, 64), (2, 1 << 20)] {
        let f = Fence::new();
        d.queue_execute_inline(
            0,
            None,
            f.clone(),
            vec![commands(&d, &probe, LOG, i, bytes)],
        )
        .unwrap();
        // Done before the call returns, on this thread.
        assert!(f.is_signaled(), "submission {i}");
    }
    let queued = Fence::new();
    d.queue_execute(
        0,
        None,
        queued.clone(),
        vec![commands(&d, &probe, LOG, 3, 64)],
    )
    .unwrap();
    queued.wait().unwrap();
    let log = probe.log.lock().unwrap().clone();
    assert_eq!((log[0], log[1]), ((1, me), (2, me)));
    // Not awaited at once: its queue's worker runs it, unless this thread
    // helped while waiting (it may, as it would only have slept).
    assert_eq!(log[2].0, 3);
}

#[test]
fn inline_submissions_keep_the_queue_order() {
    // The first submission waits on a fence signalled later: the inline one
    // behind it must not overtake it.
    let d = device(0, None);
    let probe = Arc::new(Probe::default());
    let gate = Fence::new();
    gate.mark_submitted(None);
    let first = Fence::new();
    d.queue_execute(
        0,
        Some(gate.clone()),
        first.clone(),
        vec![commands(&d, &probe, LOG, 1, 0)],
    )
    .unwrap();
    let second = Fence::new();
    d.queue_execute_inline(
        0,
        None,
        second.clone(),
        vec![commands(&d, &probe, LOG, 2, 0)],
    )
    .unwrap();
    assert!(!second.is_done());
    let opener = {
        let gate = gate.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            gate.signal(Ok(()));
        })
    };
    second.wait().unwrap();
    opener.join().unwrap();
    assert_eq!(probe.order(), vec![1, 2]);
}

#[test]
fn devices_overlap() {
    // Device 0's kernel waits for device 1's: only concurrent queues finish.
    let (a, b) = (device(0, None), device(1, None));
    let probe = Arc::new(Probe::default());
    let (fa, fb) = (Fence::new(), Fence::new());
    a.queue_execute(
        0,
        None,
        fa.clone(),
        vec![commands(&a, &probe, AWAIT_FLAG, 1, 0)],
    )
    .unwrap();
    b.queue_execute(
        0,
        None,
        fb.clone(),
        vec![commands(&b, &probe, SET_FLAG, 2, 0)],
    )
    .unwrap();
    Fence::join(vec![fa, fb]).wait().unwrap();
    assert_eq!(probe.order(), vec![2, 1]);
}

#[test]
fn failures_and_panics_fail_the_fence_and_what_waits_on_it() {
    let d = device(0, None);
    let probe = Arc::new(Probe::default());
    let (failed, panicked, after) = (Fence::new(), Fence::new(), Fence::new());
    d.queue_execute_inline(
        0,
        None,
        failed.clone(),
        vec![commands(&d, &probe, FAIL, 0, 0)],
    )
    .unwrap();
    let e = failed.wait().unwrap_err();
    // The host sees the dispatch's own error.
    assert_eq!(e, Error::out_of_range("probe fails (dispatched at test)"));
    d.queue_execute_inline(
        0,
        None,
        panicked.clone(),
        vec![commands(&d, &probe, PANIC, 0, 0)],
    )
    .unwrap();
    let e = panicked.wait().unwrap_err();
    assert!(e.message().contains("panicked"), "{e}");
    assert_eq!(e.kind(), ErrorKind::Internal);
    // The other device waits on the failed fence: it fails too, without running.
    let other = device(1, None);
    other
        .queue_execute(
            0,
            Some(panicked),
            after.clone(),
            vec![commands(&other, &probe, LOG, 9, 0)],
        )
        .unwrap();
    // With the same message, as a failed dependency.
    let e = after.wait().unwrap_err();
    assert!(e.message().contains("panicked"), "{e}");
    assert_eq!(e.kind(), ErrorKind::FailedPrecondition);
    assert!(probe.order().is_empty());
}

#[test]
fn a_wait_on_a_slow_queue_blocks_until_it_is_done() {
    let d = device(0, Some(Duration::from_millis(30)));
    let probe = Arc::new(Probe::default());
    let f = Fence::new();
    let start = Instant::now();
    d.queue_execute(0, None, f.clone(), vec![commands(&d, &probe, LOG, 1, 0)])
        .unwrap();
    f.wait().unwrap();
    assert!(start.elapsed() >= Duration::from_millis(30));
    assert_eq!(probe.order(), vec![1]);
}

#[test]
fn dropping_a_device_runs_what_was_submitted() {
    let probe = Arc::new(Probe::default());
    let fences: Vec<Fence> = (0..5).map(|_| Fence::new()).collect();
    {
        let d = device(0, Some(Duration::from_millis(2)));
        for (i, f) in fences.iter().enumerate() {
            d.queue_execute(
                0,
                None,
                f.clone(),
                vec![commands(&d, &probe, LOG, i as u64, 0)],
            )
            .unwrap();
        }
    }
    assert!(fences.iter().all(Fence::is_signaled));
    assert_eq!(probe.order(), (0..5).collect::<Vec<_>>());
}

#[test]
fn repeated_calls_take_no_new_memory_from_the_os() {
    let d = device(0, None);
    let probe = Arc::new(Probe::default());
    let call = |keep: &mut Vec<Buffer>| {
        // A call's temporaries and its result, which outlives the call.
        let tmp = d.allocate(4 << 20).unwrap();
        let out = d.allocate(4 << 20).unwrap();
        let f = Fence::new();
        let mut c = CommandBuffer::new(d.id);
        c.record(Command::Dispatch {
            executable: probe.clone(),
            export: LOG,
            args: DispatchArgs {
                workgroups: [1, 1, 1],
                constants: vec![0],
                bindings: vec![tmp, out.clone()],
            },
            site: "test".into(),
        })
        .unwrap();
        c.finalized = true;
        d.queue_execute(0, None, f.clone(), vec![Arc::new(c)])
            .unwrap();
        f.wait().unwrap();
        // The previous result is dropped when the new one arrives.
        keep.clear();
        keep.push(out);
    };
    let mut keep = Vec::new();
    call(&mut keep);
    call(&mut keep);
    let warm = d.allocator().stats();
    for _ in 0..20 {
        call(&mut keep);
    }
    let s = d.allocator().stats();
    assert_eq!(s.fresh, warm.fresh, "{s:?}");
    assert!(s.reused >= warm.reused + 40, "{s:?}");
}
