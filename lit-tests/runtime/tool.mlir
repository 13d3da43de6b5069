// xrun's own flags: --print-devices lists each device as a #device.target
// (every device of every driver by default, Vulkan's after these when the
// machine has one: see vulkan.mlir; or the --device ones, in order) and needs
// no program; --repeat=N calls the function once to warm up and N more
// times, prints the compile, first-call and median times on stderr and the
// last results on stdout.

// RUN: xrun --print-devices | xcheck %s --check-prefix=ALL --match-full-lines
// ALL:      #device.target<"local", {cpu = "host"}, ["cranelift"]>
// ALL-NEXT: #device.target<"reference", {}, ["graph"]>
// RUN: xrun --print-devices --device=reference --device=local %s | xcheck %s --check-prefix=PICKED --match-full-lines
// PICKED:      #device.target<"reference", {}, ["graph"]>
// PICKED-NEXT: #device.target<"local", {cpu = "host"}, ["cranelift"]>
// PICKED-NOT:  {{.}}

// RUN: xrun %s --repeat=3 --input="3xi32=1 2 3" 2>%t.err | xcheck %s --check-prefix=OUT --match-full-lines
// RUN: xcheck %s --check-prefix=TIME --match-full-lines < %t.err
// OUT:      EXEC @f
// OUT-NEXT: result[0]: hal.buffer_view
// OUT-NEXT: 3xi32=2 4 6
// OUT-EMPTY:
// Before it: the compile time (text to a program ready to call) and the
// first call's (which also prepares each executable on its device).
// TIME:      xrun: compile {{[0-9]+\.[0-9]+}} ms
// TIME-NEXT: xrun: first call {{[0-9]+\.[0-9]+}} ms
// TIME-NEXT: xrun: median {{[0-9]+\.[0-9]+}} ms over 3 runs
// TIME-NOT: {{.}}

// The default function is the only public one; a leading @ is accepted.
// RUN: xrun %s --function=@f --input="3xi32=1 2 3" | xcheck %s --check-prefix=OUT --match-full-lines

// The program read from stdin.
// RUN: xrun - --input="3xi32=1 2 3" < %s | xcheck %s --check-prefix=OUT --match-full-lines

func.func @f(%x: tensor<3xi32>) -> tensor<3xi32> {
  %0 = graph.add %x, %x : tensor<3xi32>
  return %0 : tensor<3xi32>
}
func.func private @helper(%x: tensor<3xi32>) -> tensor<3xi32> {
  return %x : tensor<3xi32>
}
