// Bad flags: an unknown --device driver or device number, an --output count
// or form that does not fit, --repeat=0, a bad --target-device or
// --device-plan option. Each is one clear line on stderr and exit status 1,
// before anything runs (nothing on stdout).

// RUN: not xrun %s --device=cuda --input=2xf32=1 2>&1 | xcheck %s --check-prefix=DRIVER --match-full-lines
// DRIVER:     xrun: --device=cuda: no driver 'cuda' (drivers: local, reference, vulkan)
// DRIVER-NOT: {{.}}
// RUN: not xrun %s --device=local://x --input=2xf32=1 2>&1 | xcheck %s --check-prefix=ORDINAL --match-full-lines
// ORDINAL: xrun: --device=local://x: 'x' is not a device number
// RUN: not xrun %s --device=local://7 --input=2xf32=1 2>&1 | xcheck %s --check-prefix=NODEV --match-full-lines
// NODEV:     xrun: --device=local://7: driver 'local' has 1 device(s), no device 7
// NODEV-NOT: {{.}}

// --output: one per result, `@FILE` or `-`.
// RUN: not xrun %s --input=2xf32=1 --output=@%t.a.npy --output=- 2>&1 | xcheck %s --check-prefix=OUTCOUNT --match-full-lines
// OUTCOUNT:     xrun: @f has 1 result(s), got 2 --output
// OUTCOUNT-NOT: {{.}}
// RUN: not xrun %s --input=2xf32=1 --output=%t.b.npy 2>&1 | xcheck %s --check-prefix=OUTFORM --match-full-lines
// OUTFORM:     xrun: --output={{.*}}.b.npy: expected @FILE.npy or -
// OUTFORM-NOT: {{.}}
// An unwritable output file: the run happened (EXEC on stdout), the write
// fails with the path and the reason.
// RUN: not xrun %s --input=2xf32=1 --output=@%t.missing-dir/x.npy 2>&1 | xcheck %s --check-prefix=OUTWRITE --match-full-lines
// OUTWRITE: xrun: cannot write '{{.*}}.missing-dir/x.npy': No such file or directory (os error 2)

// RUN: not xrun %s --input=2xf32=1 --repeat=0 2>&1 | xcheck %s --check-prefix=REPEAT0 --match-full-lines
// REPEAT0:     xrun: --repeat=0: expected a number of runs of at least 1
// REPEAT0-NOT: {{.}}
// RUN: not xrun %s --input=2xf32=1 --repeat=x 2>&1 | xcheck %s --check-prefix=REPEATX
// REPEATX: error: invalid value 'x' for '--repeat <REPEAT>': invalid digit found in string

// Graph-level compile flags that do not parse.
// RUN: not xrun %s --input=2xf32=1 --target-device=bogus 2>&1 | xcheck %s --check-prefix=KIND
// KIND:     error: 'device.global' op unknown device kind 'bogus'; known kinds: local, reference, vulkan
// KIND-NOT: {{.}}
// RUN: not xrun %s --input=2xf32=1 --target-device='x=#device.target<' 2>&1 | xcheck %s --check-prefix=BADTARGET --match-full-lines
// BADTARGET:     <unknown>:0: error: bad device '#device.target<': expected device kind string
// BADTARGET-NOT: {{.}}
// RUN: not xrun %s --input=2xf32=1 --device-plan=foo=bar 2>&1 | xcheck %s --check-prefix=PLANOPT --match-full-lines
// PLANOPT:     <unknown>:0: error: <Pass-Options-Parser>: no such option foo: failed to add `device-plan` with options `foo=bar`
// PLANOPT-NOT: {{.}}

// An unknown flag and a missing file are clap's errors (exit status 1 too).
// RUN: not xrun %s --input=2xf32=1 --bogus 2>&1 | xcheck %s --check-prefix=UNKNOWNFLAG
// UNKNOWNFLAG: error: unexpected argument '--bogus' found
// RUN: not xrun 2>&1 | xcheck %s --check-prefix=NOFILE
// NOFILE: error: the following required arguments were not provided:
// RUN: not xrun %S/does-not-exist.mlir 2>&1 | xcheck %s --check-prefix=NOSUCHFILE --match-full-lines
// NOSUCHFILE:     xrun: cannot open input file '{{.*}}does-not-exist.mlir': No such file or directory (os error 2)
// NOSUCHFILE-NOT: {{.}}

func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = graph.neg %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
