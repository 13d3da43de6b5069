// A 0-element constant printed by xopt (`dense<> : tensor<3x0xf32>`, as
// mlir-opt prints it) parses back, so the hal text of a program with an empty
// constant runs.

// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=hal | xrun - --function=empty | xcheck %s --match-full-lines
// CHECK:      EXEC @empty
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 3x0xf32=[][][]
func.func @empty() -> tensor<3x0xf32> {
  %0 = graph.constant dense<[[], [], []]> : tensor<3x0xf32>
  return %0 : tensor<3x0xf32>
}
