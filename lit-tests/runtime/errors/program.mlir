// Programs xrun cannot run as asked: an unknown function, a missing
// --function where several are public, a declaration (no body) run directly
// or called, recursion (an error from the call
// depth limit, not a stack overflow), and a device none of the --device
// values serves (the message names the global, its target and the devices
// there are). Each exits with status 1 and never panics.

// RUN: not xrun %s --function=nope --input=2xf32=1 2>&1 | xcheck %s --check-prefix=NOFN --match-full-lines
// NOFN:     xrun: no function @nope in '{{.*}}program.mlir'
// NOFN-NOT: {{.}}
// RUN: not xrun %s --input=2xf32=1 2>&1 | xcheck %s --check-prefix=WHICH --match-full-lines
// WHICH:     xrun: --function=NAME is required: the program has 4 public functions (@rec, @ping, @calls_ext, @two_devices)
// WHICH-NOT: {{.}}

// Direct and mutual recursion.
// RUN: not xrun %s --function=rec --input=2xf32=1 2>&1 | xcheck %s --check-prefix=REC
// REC:     xrun: error: calls nested deeper than 200 (at a call of @rec) (at {{.*}}program.mlir:[[#@LINE+5]]:8)
// REC-NOT: panicked
// RUN: not xrun %s --function=ping --input=2xf32=1 2>&1 | xcheck %s --check-prefix=MUTUAL
// MUTUAL: xrun: error: calls nested deeper than 200 (at a call of @{{ping|pong}})
func.func @rec(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @rec(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @ping(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @pong(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @pong(%x: tensor<2xf32>) -> tensor<2xf32> {
  %n = graph.neg %x : tensor<2xf32>
  %0 = func.call @ping(%n) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// A declaration has nothing to run (this was an index-out-of-bounds panic).
// RUN: not xrun %s --function=ext --input=2xf32=1 2>&1 | xcheck %s --check-prefix=DECL --match-full-lines
// DECL:     xrun: @ext is a declaration: it has no body to run
// DECL-NOT: {{.}}
// RUN: not xrun %s --function=calls_ext --input=2xf32=1 2>&1 | xcheck %s --check-prefix=CALLDECL
// CALLDECL: xrun: error: @ext is a declaration: it has no body to run (at {{.*}}program.mlir:[[#@LINE+4]]:8)
// CALLDECL-NOT: panicked
func.func private @ext(tensor<2xf32>) -> tensor<2xf32>
func.func @calls_ext(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @ext(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// The module's @gpu is a vulkan target; only --device=local is given, and
// local does not serve vulkan.
// RUN: not xrun %S/Inputs/two-devices.mlir --device=local --input=2xf32=1 2>&1 | xcheck %s --check-prefix=NODEVICE --match-full-lines
// NODEVICE:     xrun: error: no device for @gpu = #device.target<"vulkan", {spirv_version = "1.3"}, ["spirv"]>; devices available: local (#device.target<"local", {cpu = "host"}, ["cranelift"]>)
// NODEVICE-NOT: {{.}}
// The reference device serves both, so the same program runs.
// RUN: xrun %S/Inputs/two-devices.mlir --device=local --device=reference --input="2xf32=1 -2" | xcheck %s --check-prefix=RUNS --match-full-lines
// RUNS: 2xf32=-1 2
func.func @two_devices() {
  return
}

// Private functions are not entry points (iree-run-module runs exports only).
// RUN: not xrun %s --function=pong --input=2xf32=1 2>&1 | xcheck %s --check-prefix=PRIVATE --match-full-lines
// PRIVATE: xrun: @pong is private: only public functions can be run
