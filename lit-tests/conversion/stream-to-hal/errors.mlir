// RUN: xopt %s --split-input-file --stream-to-hal --verify-diagnostics

// What stream → hal cannot lower is named, at the op.

// An affinity naming a device without a device.global.
module {
  flow.executable private @k {
    flow.executable.export @k
    builtin.module {
      func.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
        %0 = graph.relu %a : tensor<4xf32>
        return %0 : tensor<4xf32>
      }
    }
  }
  func.func @f(%arg0: !stream.resource<external>) -> !stream.resource<external> {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %0:2 = stream.async.execute on(#device.affinity<@nowhere>) with(%arg0 as %a: !stream.resource<external>{%c16}) -> !stream.resource<external>{%c16} {
      // expected-error@+1 {{stream-to-hal: no device.global @nowhere for the affinity}}
      %1 = stream.async.dispatch on(#device.affinity<@nowhere>) @k::@k(%a[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<external>{%c16}
      stream.yield %1 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %2 = stream.timepoint.await %0#1 => %0#0 : !stream.resource<external>{%c16}
    return %2 : !stream.resource<external>
  }
}

// -----

// Sizes become index arithmetic (see sizeof.mlir); one whose static part
// does not fit 64 bits has no byte size.
module {
  func.func @sizeof(%d: index) -> index {
    // expected-error@+1 {{stream-to-hal: the byte size of 'tensor<?x9223372036854775807xf32>' is not known (element type without a storage size, or too large)}}
    %0 = stream.tensor.sizeof tensor<?x9223372036854775807xf32>{%d} : index
    return %0 : index
  }
}

// -----

// An scf.if resource result needs its size result after it (flow → stream
// always makes one).
module {
  func.func @unsized(%arg0: !stream.resource<external> {stream.tensor = tensor<4xf32>}, %c: i1) -> (!stream.resource<external> {stream.tensor = tensor<4xf32>}) {
    // expected-error@+1 {{stream-to-hal: resource result #0 of 'scf.if' has no size result after it}}
    %0 = scf.if %c -> (!stream.resource<external>) {
      scf.yield %arg0 : !stream.resource<external>
    } else {
      scf.yield %arg0 : !stream.resource<external>
    }
    return %0 : !stream.resource<external>
  }
}

// -----

// The function ABI needs each resource's tensor type (flow → stream
// records it: stream.tensor), for signatures and calls alike.
module {
  // expected-error@+1 {{stream-to-hal: @untyped: argument #0 is a resource without its tensor type ('stream.tensor', which the function ABI needs)}}
  func.func @untyped(%arg0: !stream.resource<external>) -> !stream.resource<external> {
    return %arg0 : !stream.resource<external>
  }
}

// -----

module {
  func.func private @ext(!stream.resource<external> {stream.tensor = tensor<?xf32>}, index)
  func.func @call(%arg0: !stream.resource<external> {stream.tensor = tensor<?xf32>}, %d: index) {
    // expected-error@+1 {{stream-to-hal: 'func.call' operand #0 is a resource without its tensor type ('stream.tensor', which the function ABI needs)}}
    func.call @ext(%arg0, %d) : (!stream.resource<external>, index) -> ()
    return
  }
}

// -----

// A dispatch's grid needs its kernel's dims: its index operands are the
// kernel's (here one short).
module {
  device.global @cpu = #device.target<"local">
  flow.executable private @k {
    flow.executable.export @k
    builtin.module {
      func.func @k(%a: tensor<?xf32>, %d: index, %r: index) -> tensor<?xf32> {
        %0 = graph.relu %a : tensor<?xf32>
        return %0 : tensor<?xf32>
      }
    }
  }
  func.func @f(%arg0: !stream.resource<external> {stream.tensor = tensor<?xf32>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %0:2 = stream.async.execute on(#device.affinity<@cpu>) with(%arg0 as %a: !stream.resource<external>{%c16}) -> !stream.resource<external>{%c16} {
      // expected-error@+1 {{stream-to-hal: the dispatch passes 1 index operands, its kernel takes 2}}
      %1 = stream.async.dispatch on(#device.affinity<@cpu>) @k::@k(%a[%c0 to %c16 for %c16], %n) : (!stream.resource<external>{%c16}, index) -> !stream.resource<external>{%c16}
      stream.yield %1 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    return
  }
}
