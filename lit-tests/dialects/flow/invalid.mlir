// RUN: xopt %s --split-input-file --verify-diagnostics

// Every verifier message of the flow dialect.

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.region' op expects its body to end with flow.return}}
  %0 = flow.dispatch.region -> (tensor<4xf32>) {
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.region' op the body returns 0 values but the op has 1 results}}
  %0 = flow.dispatch.region -> (tensor<4xf32>) {
    flow.return
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.region' op result #0 has type 'tensor<4xf16>' but the body returns 'tensor<4xf32>'}}
  %0 = flow.dispatch.region -> (tensor<4xf16>) {
    flow.return %a : tensor<4xf32>
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch.region' op attribute 'affinity' failed to satisfy constraint: device affinity attribute}}
  %0 = flow.dispatch.region on(#device.alias<"local">) -> (tensor<4xf32>) {
    flow.return %a : tensor<4xf32>
  }
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.return' op expects parent op 'flow.dispatch.region'}}
  flow.return %a : tensor<4xf32>
}

// -----

// expected-error@+1 {{'flow.executable' op may hold only flow.executable.export ops and one builtin.module, found 'func.func'}}
flow.executable @exe {
  func.func @k() {
    return
  }
}

// -----

// expected-error@+1 {{'flow.executable' op holds more than one builtin.module}}
flow.executable @exe {
  module {
  }
  module {
  }
}

// -----

flow.executable @exe {
  // expected-error@+1 {{'flow.executable.export' op kernel function '@k' not found: the executable has no builtin.module}}
  flow.executable.export @k
}

// -----

flow.executable @exe {
  // expected-error@+1 {{'flow.executable.export' op kernel function '@g' not found in the executable's builtin.module}}
  flow.executable.export @k as @g
  module {
    func.func @k() {
      return
    }
  }
}

// -----

func.func @f() {
  // expected-error@+1 {{'flow.executable.export' op expects parent op 'flow.executable'}}
  flow.executable.export @k
  return
}

// -----

flow.executable @exe {
  flow.executable.export @k
  module {
    func.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
      return %a : tensor<4xf32>
    }
  }
}
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch' op entry point must be @executable::@export, got @exe}}
  %0 = flow.dispatch @exe(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

flow.executable @exe {
  flow.executable.export @k
  module {
    func.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
      return %a : tensor<4xf32>
    }
  }
}
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch' op entry point @exe::@nope does not name a flow.executable.export}}
  %0 = flow.dispatch @exe::@nope(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

flow.executable @exe {
  flow.executable.export @k
  module {
    func.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
      return %a : tensor<4xf32>
    }
  }
}
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch' op has 2 arguments but the kernel has 1}}
  %0 = flow.dispatch @exe::@k(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

flow.executable @exe {
  flow.executable.export @k
  module {
    func.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
      return %a : tensor<4xf32>
    }
  }
}
func.func @f(%a: tensor<4xf16>) {
  // expected-error@+1 {{'flow.dispatch' op argument #0 has type 'tensor<4xf16>' but the kernel's is 'tensor<4xf32>'}}
  %0 = flow.dispatch @exe::@k(%a) : (tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

flow.executable @exe {
  flow.executable.export @k
  module {
    func.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
      return %a : tensor<4xf32>
    }
  }
}
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.dispatch' op result #0 has type 'tensor<4xi32>' but the kernel's is 'tensor<4xf32>'}}
  %0 = flow.dispatch @exe::@k(%a) : (tensor<4xf32>) -> tensor<4xi32>
  return
}

// -----

// A kernel of a dispatch with dynamic dims without its trailing dim arguments.
flow.executable @exe {
  flow.executable.export @k
  module {
    func.func @k(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
      return %a : tensor<?x?xf32>
    }
  }
}
func.func @f(%a: tensor<?x?xf32>, %m: index, %n: index) {
  // expected-error@+1 {{'flow.dispatch' op has 1 arguments and 4 dynamic dims, so the kernel should take 5 inputs (the arguments, then an index per dynamic dim of the arguments, then of the results), but it takes 1}}
  %0 = flow.dispatch @exe::@k(%a) : (tensor<?x?xf32>{%m, %n}) -> tensor<?x?xf32>{%n, %m}
  return
}

// -----

// The dim arguments are index values.
flow.executable @exe {
  flow.executable.export @k
  module {
    func.func @k(%a: tensor<?x4xf32>, %d: index, %r: i32) -> tensor<?x4xf32> {
      return %a : tensor<?x4xf32>
    }
  }
}
func.func @f(%a: tensor<?x4xf32>, %m: index) {
  // expected-error@+1 {{'flow.dispatch' op kernel input #2 (for dynamic dim #1) has type 'i32' but dims are 'index'}}
  %0 = flow.dispatch @exe::@k(%a) : (tensor<?x4xf32>{%m}) -> tensor<?x4xf32>{%m}
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'flow.tensor.transfer' op failed to verify that all of {operand, result} have same type}}
  %0 = "flow.tensor.transfer"(%a) <{target = #device.affinity<@d>}> : (tensor<4xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'flow.tensor.transfer' op operand #0 must be ranked tensor of any type values, but got 'f32'}}
  %0 = "flow.tensor.transfer"(%a) <{target = #device.affinity<@d>}> : (f32) -> f32
  return
}

// -----

// Dynamic dims: one value per '?' of the types they follow.
func.func @f(%a: tensor<?x4xf32>, %d: index) {
  // expected-error@+1 {{'flow.dispatch.region' op has 0 result dims but its result types have 1 dynamic dimensions}}
  %0 = flow.dispatch.region -> (tensor<?x4xf32>) {
    flow.return %a : tensor<?x4xf32>
  }
  return
}

// -----

func.func @f(%a: tensor<?x4xf32>, %d: index) {
  // expected-error@+1 {{'flow.dispatch.region' op has 2 result dims but its result types have 1 dynamic dimensions}}
  %0 = flow.dispatch.region -> (tensor<?x4xf32>{%d, %d}) {
    flow.return %a : tensor<?x4xf32>
  }
  return
}

// -----

flow.executable @exe {
  flow.executable.export @k
  module {
    func.func @k(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
      return %a : tensor<?x4xf32>
    }
  }
}
func.func @f(%a: tensor<?x4xf32>, %d: index) {
  // expected-error@+1 {{'flow.dispatch' op has 0 argument dims but its argument types have 1 dynamic dimensions}}
  %0 = flow.dispatch @exe::@k(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>{%d}
  return
}

// -----

flow.executable @exe {
  flow.executable.export @k
  module {
    func.func @k(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
      return %a : tensor<?x4xf32>
    }
  }
}
func.func @f(%a: tensor<?x4xf32>, %d: index) {
  // expected-error@+1 {{'flow.dispatch' op has 0 result dims but its result types have 1 dynamic dimensions}}
  %0 = flow.dispatch @exe::@k(%a) : (tensor<?x4xf32>{%d}) -> tensor<?x4xf32>
  return
}

// -----

flow.executable @exe {
  flow.executable.export @k
  module {
    func.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
      return %a : tensor<4xf32>
    }
  }
}
func.func @f(%a: tensor<4xf32>, %d: index) {
  // expected-error@+1 {{'flow.dispatch' op has 1 result dims but its result types have 0 dynamic dimensions}}
  %0 = "flow.dispatch"(%a, %d) <{entry_point = @exe::@k, operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<4xf32>, index) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<?x4xf32>, %d: index) {
  // expected-error@+1 {{expected ',' or '}' in the dynamic dimensions}}
  %0 = flow.dispatch.region -> (tensor<?x4xf32>{%d %d}) {
    flow.return %a : tensor<?x4xf32>
  }
  return
}
