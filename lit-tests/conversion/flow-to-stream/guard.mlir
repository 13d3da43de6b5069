// RUN: xopt %s --split-input-file --verify-flow-to-stream --verify-diagnostics

// The guard alone: flow and graph ops left outside executables are named;
// executables (which stream dispatches reference) and their kernels may stay.
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
  func.func @left(%a: tensor<4xf32>) -> (tensor<4xf32>, index) {
    // expected-error@+1 {{flow-to-stream: 'flow.dispatch' is left after conversion to stream}}
    %0 = flow.dispatch @k::@k(%a) on(#device.affinity<@cpu>) : (tensor<4xf32>) -> tensor<4xf32>
    // expected-error@+1 {{flow-to-stream: 'flow.tensor.transfer' is left after conversion to stream}}
    %1 = flow.tensor.transfer %0 to #device.affinity<@gpu> : tensor<4xf32>
    // expected-error@+1 {{flow-to-stream: 'graph.dim' is left after conversion to stream}}
    %d = graph.dim %1, 0 : tensor<4xf32>
    return %1, %d : tensor<4xf32>, index
  }
}

// -----

// Already at the stream level: nothing to report.
module {
  func.func @ok(%a: !stream.resource<external> {stream.tensor = tensor<4xf32>}) -> (!stream.resource<external> {stream.tensor = tensor<4xf32>}) {
    return %a : !stream.resource<external>
  }
}

// -----

// Host control flow is scf at the stream level; graph.if is not.
module {
  func.func @scf(%a: !stream.resource<external> {stream.tensor = tensor<4xf32>}, %c: i1) -> (!stream.resource<external> {stream.tensor = tensor<4xf32>}) {
    %c16 = arith.constant 16 : index
    %0:2 = scf.if %c -> (!stream.resource<external>, index) {
      scf.yield %a, %c16 : !stream.resource<external>, index
    } else {
      scf.yield %a, %c16 : !stream.resource<external>, index
    }
    return %0#0 : !stream.resource<external>
  }
  func.func @graph_if(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    // expected-error@+1 {{flow-to-stream: 'graph.if' is left after conversion to stream}}
    %0 = graph.if %c -> (tensor<4xf32>) {
      // expected-error@+1 {{flow-to-stream: 'graph.yield' is left after conversion to stream}}
      graph.yield %a : tensor<4xf32>
    } else {
      // expected-error@+1 {{flow-to-stream: 'graph.yield' is left after conversion to stream}}
      graph.yield %a : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}

// -----

// Planned memory: a planned result needs a slab of its pool in its function
// and, with constant sizes, must lie inside it.
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
  func.func @slabs(%a: !stream.resource<external> {stream.tensor = tensor<4xf32>}) -> (!stream.resource<external> {stream.tensor = tensor<4xf32>}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %s, %t = stream.resource.alloca on(#device.affinity<@cpu>) : !stream.resource<transient>{%c64} => !stream.timepoint {memory.pool = "cpu"}
    %r = stream.timepoint.await %t => %s : !stream.resource<transient>{%c64}
    %0:2 = stream.async.execute on(#device.affinity<@cpu>) with(%a as %x: !stream.resource<external>{%c16}) -> !stream.resource<external>{%c16} {
      // Fits: bytes 48 to 64 of 64.
      %1 = stream.async.dispatch on(#device.affinity<@cpu>) @k::@k(%x[%c0 to %c16 for %c16]) {memory.offset = 48 : i64, memory.pool = "cpu"} : (!stream.resource<external>{%c16}) -> !stream.resource<transient>{%c16}
      // expected-error@+1 {{flow-to-stream: 'stream.async.dispatch' result #0 (bytes 56 to 72) lies outside the slab of pool "cpu" (64 bytes)}}
      %2 = stream.async.dispatch on(#device.affinity<@cpu>) @k::@k(%1[%c0 to %c16 for %c16]) {memory.offset = 56 : i64, memory.pool = "cpu"} : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
      // expected-error@+1 {{flow-to-stream: 'stream.async.dispatch' result #0 is planned in pool "gpu" but @slabs has no slab for it}}
      %3 = stream.async.dispatch on(#device.affinity<@cpu>) @k::@k(%2[%c0 to %c16 for %c16]) {memory.offset = 0 : i64, memory.pool = "gpu"} : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
      // Unplanned results of a multi-result op are "" / -1.
      %4:2 = stream.async.dispatch on(#device.affinity<@cpu>) @k::@k(%3[%c0 to %c16 for %c16]) {memory.offset = [-1, 0], memory.pool = ["", "cpu"]} : (!stream.resource<transient>{%c16}) -> (!stream.resource<transient>{%c16}, !stream.resource<external>{%c16})
      stream.yield %4#1 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %d = stream.resource.dealloca on(#device.affinity<@cpu>) await(%0#1) => %r : !stream.resource<transient>{%c64} => !stream.timepoint
    %5 = stream.timepoint.await %d => %0#0 : !stream.resource<external>{%c16}
    return %5 : !stream.resource<external>
  }
}

// -----

// The function ABI: each resource of a signature or a call carries its
// tensor type (stream.tensor) and is followed by its dynamic dims.
module {
  func.func private @ext(!stream.resource<external> {stream.tensor = tensor<?x4xf32>}, index) -> (!stream.resource<external> {stream.tensor = tensor<4xf32>})
  // expected-error@+2 {{flow-to-stream: @untyped: argument #0 is a resource without its tensor type ('stream.tensor', which the function ABI needs)}}
  // expected-error@+1 {{flow-to-stream: @untyped: result #1 ('tensor<?xf32>') is not followed by its 1 dynamic dims (index values)}}
  func.func @untyped(%a: !stream.resource<external>) -> (index, !stream.resource<external> {stream.tensor = tensor<?xf32>}) {
    %c4 = arith.constant 4 : index
    // expected-error@+1 {{flow-to-stream: 'func.call' operand #0 is a resource without its tensor type ('stream.tensor', which the function ABI needs)}}
    %0 = func.call @ext(%a, %c4) {res_attrs = [{stream.tensor = tensor<4xf32>}]} : (!stream.resource<external>, index) -> !stream.resource<external>
    // expected-error@+1 {{flow-to-stream: 'func.call' result #0 is a resource without its tensor type ('stream.tensor', which the function ABI needs)}}
    %1 = func.call @ext(%a, %c4) {arg_attrs = [{stream.tensor = tensor<?x4xf32>}, {}]} : (!stream.resource<external>, index) -> !stream.resource<external>
    %2 = func.call @ext(%a, %c4) {arg_attrs = [{stream.tensor = tensor<?x4xf32>}, {}], res_attrs = [{stream.tensor = tensor<4xf32>}]} : (!stream.resource<external>, index) -> !stream.resource<external>
    return %c4, %2 : index, !stream.resource<external>
  }
  // expected-error@+1 {{flow-to-stream: @not_ranked: argument #1 has 'stream.tensor' = f32, not a ranked tensor type}}
  func.func private @not_ranked(index, !stream.resource<external> {stream.tensor = f32})
}
