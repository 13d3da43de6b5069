// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s

// A splat whose element count overflows 64 bits prints as mlir-opt prints it
// (its count wraps), without an overflow panic.

func.func @f() {
  %0 = arith.constant dense<1.0> : tensor<4611686018427387904x4xf32>
  return
}

// CHECK: arith.constant dense<1.000000e+00> : tensor<4611686018427387904x4xf32>
