// RUN: xopt %s --split-input-file --verify-diagnostics

// Every verifier and type-syntax message of the stream dialect.

// expected-error@+1 {{expected resource lifetime 'transient', 'external' or 'constant'}}
func.func @f(%r: !stream.resource<forever>)

// -----

// expected-error@+1 {{unknown stream type 'buffer'}}
func.func @f(%r: !stream.buffer)

// -----

func.func @f(%d: index) {
  // expected-error@+1 {{'stream.tensor.sizeof' op 'tensor<?x?xf32>' has 2 dynamic dimensions but 1 are given}}
  %0 = stream.tensor.sizeof tensor<?x?xf32>{%d} : index
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'stream.tensor.sizeof' op expects a ranked tensor type as encoding}}
  %0 = stream.tensor.sizeof f32 : index
  return
}

// -----

func.func @f(%r: !stream.resource<external>, %n: index) {
  // expected-error@+1 {{'stream.async.dispatch' op entry point @exe::@k does not name a flow.executable.export}}
  %0 = stream.async.dispatch @exe::@k(%r[%n to %n for %n]) : (!stream.resource<external>{%n}) -> !stream.resource<external>{%n}
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
func.func @f(%r: !stream.resource<external>, %n: index) {
  // expected-error@+1 {{'stream.async.dispatch' op has 1 resources in 'resource_operands' but 0 values in 'resource_operand_offsets'}}
  %0 = stream.async.dispatch @exe::@k(%r) : (!stream.resource<external>{%n}) -> !stream.resource<external>{%n}
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
func.func @f(%r: !stream.resource<external>, %n: index) {
  // expected-error@+1 {{'stream.async.dispatch' op has 1 resources in 'results' but 0 values in 'result_sizes'}}
  %0 = "stream.async.dispatch"(%r, %n, %n, %n, %n) <{entry_point = @exe::@k, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>}> : (!stream.resource<external>, index, index, index, index) -> !stream.resource<external>
  return
}

// -----

func.func @f(%r: !stream.resource<external>, %n: index) {
  // expected-error@+1 {{'stream.async.transfer' op expects a source or a target affinity}}
  %0 = stream.async.transfer %r : !stream.resource<external>{%n} -> !stream.resource<external>{%n}
  return
}

// -----

func.func @f(%r: !stream.resource<external>, %n: index) {
  // expected-error@+1 {{'stream.async.execute' op expects its body to end with stream.yield}}
  %0 = stream.async.execute with(%r as %a: !stream.resource<external>{%n}) {
  } => !stream.timepoint
  return
}

// -----

func.func @f(%r: !stream.resource<external>, %n: index) {
  // expected-error@+1 {{'stream.async.execute' op result #0 has type '!stream.resource<transient>' but the body yields '!stream.resource<external>'}}
  %0:2 = stream.async.execute with(%r as %a: !stream.resource<external>{%n}) -> !stream.resource<transient>{%n} {
    stream.yield %a : !stream.resource<external>{%n}
  } => !stream.timepoint
  return
}

// -----

func.func @f(%r: !stream.resource<external>, %n: index) {
  // expected-error@+1 {{'stream.async.execute' op the body yields 0 values but the op has 1 results}}
  %0:2 = stream.async.execute with(%r as %a: !stream.resource<external>{%n}) -> !stream.resource<external>{%n} {
    stream.yield
  } => !stream.timepoint
  return
}

// -----

func.func @f(%r: !stream.resource<external>, %n: index) {
  // expected-error@+1 {{'stream.async.execute' op expects the body's arguments to have the types of the captured resources}}
  %0 = "stream.async.execute"(%r, %n) <{operandSegmentSizes = array<i32: 0, 1, 1, 0>}> ({
  ^bb0(%a: !stream.resource<transient>):
    stream.yield
  }) : (!stream.resource<external>, index) -> !stream.timepoint
  return
}

// -----

func.func @f(%r: !stream.resource<external>, %n: index) {
  // expected-error@+1 {{'stream.yield' op expects parent op 'stream.async.execute'}}
  stream.yield %r : !stream.resource<external>{%n}
}

// -----

func.func @f(%r: !stream.resource<external>, %n: index) {
  %0:2 = stream.async.execute with(%r as %a: !stream.resource<external>{%n}) -> !stream.resource<external>{%n} {
    // expected-error@+1 {{'stream.yield' op has 1 resources in 'resource_operands' but 0 values in 'resource_operand_sizes'}}
    "stream.yield"(%a) <{operandSegmentSizes = array<i32: 1, 0>}> : (!stream.resource<external>) -> ()
  } => !stream.timepoint
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'stream.timepoint.join' op expects at least one timepoint}}
  %0 = stream.timepoint.join max() => !stream.timepoint
  return
}

// -----

func.func @f(%t: !stream.timepoint, %r: !stream.resource<external>, %n: index) {
  // expected-error@+1 {{'stream.timepoint.await' op result #0 has type '!stream.resource<transient>' but awaits '!stream.resource<external>'}}
  %0 = "stream.timepoint.await"(%t, %r, %n) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!stream.timepoint, !stream.resource<external>, index) -> !stream.resource<transient>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'stream.resource.alloca' op expects a transient resource, got '!stream.resource<external>'}}
  %0, %1 = stream.resource.alloca : !stream.resource<external>{%n} => !stream.timepoint
  return
}

// -----

func.func @f(%r: !stream.resource<constant>, %n: index) {
  // expected-error@+1 {{'stream.resource.dealloca' op expects a transient resource, got '!stream.resource<constant>'}}
  %0 = stream.resource.dealloca %r : !stream.resource<constant>{%n} => !stream.timepoint
  return
}

// -----

func.func @f(%r: !stream.resource<transient>, %n: i32) {
  // expected-error@+1 {{'stream.resource.dealloca' op operand #1 must be index, but got 'i32'}}
  %0 = "stream.resource.dealloca"(%r, %n) <{operandSegmentSizes = array<i32: 0, 1, 1>}> : (!stream.resource<transient>, i32) -> !stream.timepoint
  return
}
