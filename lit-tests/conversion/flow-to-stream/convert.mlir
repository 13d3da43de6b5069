// RUN: xopt %s --split-input-file --convert-flow-to-stream | xcheck %s

// convert-flow-to-stream alone: a tensor argument becomes an external resource
// (its tensor type kept in its attributes, stream.tensor, as for results)
// followed by an index per dynamic dimension, sized by stream.tensor.sizeof
// (static shapes by a constant); dispatches read whole resources and pass
// their argument then result dims after their arguments (the kernel's
// trailing index arguments, after a scalar argument here); transfers
// keep their affinities; graph.dim folds to the dimension's value;
// intermediates are transient and what is returned is external. Scheduling is
// a later pass, so the async ops stay at the top level here.

module {
  flow.executable private @k {
    flow.executable.export @k
    builtin.module {
      func.func @k(%a: tensor<?x4xf32>, %n: index, %a0: index) -> tensor<4x4xf32> {
        %0 = graph.slice %a start = [0, 0] strides = [1, 1] : tensor<?x4xf32> -> tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }
    }
  }
  flow.executable private @m {
    flow.executable.export @m
    builtin.module {
      func.func @m(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
        %0 = graph.matmul %a, %b : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }
    }
  }
  func.func @f(%x: tensor<?x4xf32> {device.affinity = #device.affinity<@cpu>}, %w: tensor<4x4xf32> {device.affinity = #device.affinity<@gpu>}, %s: i32) -> (tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<?x4xf32>, index, i32) {
    %d = graph.dim %x, 0 : tensor<?x4xf32>
    %c = graph.dim %x, 1 : tensor<?x4xf32>
    %0 = flow.dispatch @k::@k(%x, %d) on(#device.affinity<@cpu>) : (tensor<?x4xf32>{%d}, index) -> tensor<4x4xf32>
    %1 = flow.tensor.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4x4xf32>
    %2 = flow.dispatch @m::@m(%1, %w) on(#device.affinity<@gpu>) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %3 = flow.tensor.transfer %2 to #device.affinity<@cpu> : tensor<4x4xf32>
    %i = arith.addi %d, %c : index
    return %3, %x, %i, %s : tensor<4x4xf32>, tensor<?x4xf32>, index, i32
  }
}

// CHECK-LABEL: func.func @f(%arg0: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?x4xf32>}, %arg1: index, %arg2: !stream.resource<external> {device.affinity = #device.affinity<@gpu>, stream.tensor = tensor<4x4xf32>}, %arg3: i32) -> (!stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<4x4xf32>}, !stream.resource<external> {stream.tensor = tensor<?x4xf32>}, index, index, i32) {
// CHECK-NEXT: %0 = stream.tensor.sizeof on(#device.affinity<@cpu>) tensor<?x4xf32>{%arg1} : index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %1 = stream.async.dispatch on(#device.affinity<@cpu>) @k::@k(%arg0[%c0 to %0 for %0], %arg1, %arg1) : (!stream.resource<external>{%0}, index, index) -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %2 = stream.async.transfer %1 : !stream.resource<transient>{%c64} from(#device.affinity<@cpu>) -> to(#device.affinity<@gpu>) !stream.resource<transient>{%c64}
// CHECK-NEXT: %3 = stream.async.dispatch on(#device.affinity<@gpu>) @m::@m(%2[%c0 to %c64 for %c64], %arg2[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<transient>{%c64}
// CHECK-NEXT: %4 = stream.async.transfer %3 : !stream.resource<transient>{%c64} -> to(#device.affinity<@cpu>) !stream.resource<external>{%c64}
// CHECK-NEXT: %5 = arith.addi %arg1, %c4 : index
// CHECK-NEXT: return %4, %arg0, %arg1, %5, %arg3 : !stream.resource<external>, !stream.resource<external>, index, index, i32
// CHECK-NOT: flow.dispatch
// CHECK-NOT: flow.tensor.transfer

// -----

// A dispatch result with a dynamic shape: its size is a stream.tensor.sizeof
// of its dims, placed before the dispatch; the dispatch passes the argument's
// dim then the result's; the result keeps its dims for graph.dim, the
// transfer and the return.
module {
  flow.executable private @e {
    flow.executable.export @e
    builtin.module {
      func.func @e(%a: tensor<?x4xf32>, %a0: index, %r1: index) -> tensor<4x?xf32> {
        %0 = graph.transpose %a permutation = [1, 0] : tensor<?x4xf32> -> tensor<4x?xf32>
        return %0 : tensor<4x?xf32>
      }
    }
  }
  func.func @g(%x: tensor<?x4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4x?xf32>, index) {
    %d = graph.dim %x, 0 : tensor<?x4xf32>
    %0 = flow.dispatch @e::@e(%x) on(#device.affinity<@cpu>) : (tensor<?x4xf32>{%d}) -> tensor<4x?xf32>{%d}
    %1 = flow.tensor.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4x?xf32>
    %n = graph.dim %1, 1 : tensor<4x?xf32>
    return %1, %n : tensor<4x?xf32>, index
  }
}

// CHECK-LABEL: func.func @g(%arg0: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?x4xf32>}, %arg1: index) -> (!stream.resource<external> {stream.tensor = tensor<4x?xf32>}, index, index) {
// CHECK-NEXT: %[[IN:.+]] = stream.tensor.sizeof on(#device.affinity<@cpu>) tensor<?x4xf32>{%arg1} : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %[[OUT:.+]] = stream.tensor.sizeof on(#device.affinity<@cpu>) tensor<4x?xf32>{%arg1} : index
// CHECK-NEXT: %[[R:.+]] = stream.async.dispatch on(#device.affinity<@cpu>) @e::@e(%arg0[%c0 to %[[IN]] for %[[IN]]], %arg1, %arg1) : (!stream.resource<external>{%[[IN]]}, index, index) -> !stream.resource<transient>{%[[OUT]]}
// CHECK-NEXT: %[[T:.+]] = stream.async.transfer %[[R]] : !stream.resource<transient>{%[[OUT]]} from(#device.affinity<@cpu>) -> to(#device.affinity<@gpu>) !stream.resource<external>{%[[OUT]]}
// CHECK-NEXT: return %[[T]], %arg1, %arg1 : !stream.resource<external>, index, index
