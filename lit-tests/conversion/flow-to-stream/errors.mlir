// RUN: xopt %s --split-input-file --flow-to-stream --verify-diagnostics

// What flow → stream cannot lower yet is named, at the op.

// graph → flow makes constants kernel code (see graph-to-flow/constants.mlir);
// one left at the flow level is not converted.
module {
  func.func @constant() -> tensor<4xf32> {
    // expected-error@+1 {{flow-to-stream: 'graph.constant' cannot be converted to the stream level}}
    %0 = graph.constant dense<1.0> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// graph → flow turns graph.if into scf.if (converted, see if.mlir); a graph.if
// left at the flow level is not.
module {
  func.func @branch(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    // expected-error@+1 {{flow-to-stream: 'graph.if' cannot be converted to the stream level}}
    %0 = graph.if %c -> (tensor<4xf32>) {
      graph.yield %a : tensor<4xf32>
    } else {
      graph.yield %a : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}

// -----

// The ops of scf.if branches are converted too, and named when they cannot be.
module {
  func.func @in_branch(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    %0 = scf.if %c -> (tensor<4xf32>) {
      // expected-error@+1 {{flow-to-stream: 'graph.constant' cannot be converted to the stream level}}
      %1 = graph.constant dense<1.0> : tensor<4xf32>
      scf.yield %1 : tensor<4xf32>
    } else {
      scf.yield %a : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}

// -----

// Signatures and calls follow the function ABI (a resource and its dynamic
// dims per tensor); an unranked tensor has no stream form, at the
// declaration and at the call.
module {
  // expected-error@+1 {{flow-to-stream: result #0 of @make: type 'tensor<*xf32>' has no stream form (only ranked tensors do)}}
  func.func private @make() -> tensor<*xf32>
  func.func @caller() -> index {
    // expected-error@+1 {{flow-to-stream: result #0 of 'func.call': type 'tensor<*xf32>' has no stream form (only ranked tensors do)}}
    %0 = func.call @make() : () -> tensor<*xf32>
    %c = arith.constant 0 : index
    return %c : index
  }
}

// -----

module {
  // expected-error@+1 {{flow-to-stream: argument #1 of @take: type 'tensor<*xf32>' has no stream form (only ranked tensors do)}}
  func.func @take(%a: tensor<4xf32>, %b: tensor<*xf32>) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
}
