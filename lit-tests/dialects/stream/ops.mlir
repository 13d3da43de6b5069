// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s | xopt | xcheck %s

// Custom <-> generic round trips of every stream op and type: resources of each
// lifetime with their sizes, sizeof with dynamic dims, execute regions (with and
// without await, results, attributes), dispatches with byte ranges and scalars,
// transfers, timepoint join/await (also a host wait without resources),
// alloca/dealloca.

module {
  device.global @cpu = #device.alias<"local">
  device.global @gpu = #device.alias<"vulkan">
  flow.executable private @exe {
    flow.executable.export @add
    module {
      func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
        %0 = graph.add %a, %b : tensor<?xf32>
        return %0 : tensor<?xf32>
      }
    }
  }
  func.func @main(%in: !stream.resource<external>, %n: index, %d: index, %t0: !stream.timepoint, %cr: !stream.resource<constant>) -> (!stream.resource<external>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %sz = stream.tensor.sizeof on(#device.affinity<@cpu>) tensor<?x4xf32>{%d} : index
    %sz2 = stream.tensor.sizeof tensor<4xf32> : index
    %res:2, %tp = stream.async.execute on(#device.affinity<@cpu>) await(%t0) => with(%in as %arg0: !stream.resource<external>{%n}) -> (!stream.resource<transient>{%n}, !stream.resource<transient>{%n}) {
      %r = stream.async.dispatch @exe::@add(%arg0[%c0 to %n for %n], %arg0[%c0 to %n for %n], %n) : (!stream.resource<external>{%n}, !stream.resource<external>{%n}, index) -> !stream.resource<transient>{%n}
      stream.async.dispatch on(#device.affinity<@cpu>) @exe::@add() : () -> ()
      stream.yield %r, %r : !stream.resource<transient>{%n}, !stream.resource<transient>{%n}
    } => !stream.timepoint
    %one, %tp1 = stream.async.execute with(%in as %arg0: !stream.resource<external>{%n}) -> !stream.resource<external>{%n} {
      stream.yield %arg0 : !stream.resource<external>{%n}
    } => !stream.timepoint {tag}
    %none = stream.async.execute with() {
      stream.yield
    } => !stream.timepoint
    %x = stream.async.transfer %res#0 : !stream.resource<transient>{%n} from(#device.affinity<@cpu>) -> to(#device.affinity<@gpu>) !stream.resource<transient>{%n}
    %y = stream.async.transfer %x : !stream.resource<transient>{%n} -> to(#device.affinity<@cpu>) !stream.resource<external>{%n}
    %j = stream.timepoint.join max(%tp, %tp1, %none) => !stream.timepoint
    %ready:2 = stream.timepoint.await %j => %y, %res#1 : !stream.resource<external>{%n}, !stream.resource<transient>{%n}
    %a, %at = stream.resource.alloca on(#device.affinity<@gpu>) await(%j) : !stream.resource<transient>{%sz} => !stream.timepoint
    %b, %bt = stream.resource.alloca : !stream.resource<transient>{%sz} => !stream.timepoint
    %dt = stream.resource.dealloca on(#device.affinity<@gpu>) await(%at) => %a : !stream.resource<transient>{%sz} => !stream.timepoint
    %dt2 = stream.resource.dealloca %b : !stream.resource<transient>{%sz} => !stream.timepoint
    stream.timepoint.await %dt2
    return %ready#0, %dt : !stream.resource<external>, !stream.timepoint
  }
}

// CHECK: module {
// CHECK: device.global @cpu = #device.alias<"local">
// CHECK: device.global @gpu = #device.alias<"vulkan">
// CHECK: flow.executable private @exe {
// CHECK: flow.executable.export @add
// CHECK: builtin.module {
// CHECK-LABEL: func.func @add(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
// CHECK: %0 = graph.add %arg0, %arg1 : tensor<?xf32>
// CHECK: return %0 : tensor<?xf32>
// CHECK-LABEL: func.func @main(%arg0: !stream.resource<external>, %arg1: index, %arg2: index, %arg3: !stream.timepoint, %arg4: !stream.resource<constant>) -> (!stream.resource<external>, !stream.timepoint) {
// CHECK: %c0 = arith.constant 0 : index
// CHECK: %0 = stream.tensor.sizeof on(#device.affinity<@cpu>) tensor<?x4xf32>{%arg2} : index
// CHECK: %1 = stream.tensor.sizeof tensor<4xf32> : index
// CHECK: %2:3 = stream.async.execute on(#device.affinity<@cpu>) await(%arg3) => with(%arg0 as %arg5: !stream.resource<external>{%arg1}) -> (!stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}) {
// CHECK: %13 = stream.async.dispatch @exe::@add(%arg5[%c0 to %arg1 for %arg1], %arg5[%c0 to %arg1 for %arg1], %arg1) : (!stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}, index) -> !stream.resource<transient>{%arg1}
// CHECK: stream.async.dispatch on(#device.affinity<@cpu>) @exe::@add() : () -> ()
// CHECK: stream.yield %13, %13 : !stream.resource<transient>{%arg1}, !stream.resource<transient>{%arg1}
// CHECK: } => !stream.timepoint
// CHECK: %3:2 = stream.async.execute with(%arg0 as %arg5: !stream.resource<external>{%arg1}) -> !stream.resource<external>{%arg1} {
// CHECK: stream.yield %arg5 : !stream.resource<external>{%arg1}
// CHECK: } => !stream.timepoint {tag}
// CHECK: %4 = stream.async.execute with() {
// CHECK: stream.yield
// CHECK: } => !stream.timepoint
// CHECK: %5 = stream.async.transfer %2#0 : !stream.resource<transient>{%arg1} from(#device.affinity<@cpu>) -> to(#device.affinity<@gpu>) !stream.resource<transient>{%arg1}
// CHECK: %6 = stream.async.transfer %5 : !stream.resource<transient>{%arg1} -> to(#device.affinity<@cpu>) !stream.resource<external>{%arg1}
// CHECK: %7 = stream.timepoint.join max(%2#2, %3#1, %4) => !stream.timepoint
// CHECK: %8:2 = stream.timepoint.await %7 => %6, %2#1 : !stream.resource<external>{%arg1}, !stream.resource<transient>{%arg1}
// CHECK: %9:2 = stream.resource.alloca on(#device.affinity<@gpu>) await(%7) : !stream.resource<transient>{%0} => !stream.timepoint
// CHECK: %10:2 = stream.resource.alloca : !stream.resource<transient>{%0} => !stream.timepoint
// CHECK: %11 = stream.resource.dealloca on(#device.affinity<@gpu>) await(%9#1) => %9#0 : !stream.resource<transient>{%0} => !stream.timepoint
// CHECK: %12 = stream.resource.dealloca %10#0 : !stream.resource<transient>{%0} => !stream.timepoint
// CHECK-NEXT: stream.timepoint.await %12{{$}}
// CHECK: return %8#0, %11 : !stream.resource<external>, !stream.timepoint

// GEN: %1 = "stream.tensor.sizeof"(%arg2) <{affinity = #device.affinity<@cpu>, encoding = tensor<?x4xf32>}> : (index) -> index
// GEN: %2 = "stream.tensor.sizeof"() <{encoding = tensor<4xf32>}> : () -> index
// GEN: %3:3 = "stream.async.execute"(%arg3, %arg0, %arg1, %arg1, %arg1) <{affinity = #device.affinity<@cpu>, operandSegmentSizes = array<i32: 1, 1, 1, 2>}> ({
// GEN: %14 = "stream.async.dispatch"(%arg6, %arg6, %arg1, %arg1, %arg1, %0, %0, %arg1, %arg1, %arg1, %arg1, %arg1) <{entry_point = @exe::@add, operandSegmentSizes = array<i32: 3, 2, 2, 2, 2, 1>}> : (!stream.resource<external>, !stream.resource<external>, index, index, index, index, index, index, index, index, index, index) -> !stream.resource<transient>
// GEN: "stream.async.dispatch"() <{affinity = #device.affinity<@cpu>, entry_point = @exe::@add, operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0>}> : () -> ()
// GEN: "stream.yield"(%14, %14, %arg1, %arg1) <{operandSegmentSizes = array<i32: 2, 2>}> : (!stream.resource<transient>, !stream.resource<transient>, index, index) -> ()
// GEN: %4:2 = "stream.async.execute"(%arg0, %arg1, %arg1) <{operandSegmentSizes = array<i32: 0, 1, 1, 1>}> ({
// GEN: "stream.yield"(%arg5, %arg1) <{operandSegmentSizes = array<i32: 1, 1>}> : (!stream.resource<external>, index) -> ()
// GEN: %5 = "stream.async.execute"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
// GEN: "stream.yield"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
// GEN: %6 = "stream.async.transfer"(%3#0, %arg1, %arg1) <{result_affinity = #device.affinity<@gpu>, source_affinity = #device.affinity<@cpu>}> : (!stream.resource<transient>, index, index) -> !stream.resource<transient>
// GEN: %7 = "stream.async.transfer"(%6, %arg1, %arg1) <{result_affinity = #device.affinity<@cpu>}> : (!stream.resource<transient>, index, index) -> !stream.resource<external>
// GEN: %8 = "stream.timepoint.join"(%3#2, %4#1, %5) : (!stream.timepoint, !stream.timepoint, !stream.timepoint) -> !stream.timepoint
// GEN: %9:2 = "stream.timepoint.await"(%8, %7, %3#1, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (!stream.timepoint, !stream.resource<external>, !stream.resource<transient>, index, index) -> (!stream.resource<external>, !stream.resource<transient>)
// GEN: %10:2 = "stream.resource.alloca"(%8, %1) <{affinity = #device.affinity<@gpu>}> : (!stream.timepoint, index) -> (!stream.resource<transient>, !stream.timepoint)
// GEN: %11:2 = "stream.resource.alloca"(%1) : (index) -> (!stream.resource<transient>, !stream.timepoint)
// GEN: %12 = "stream.resource.dealloca"(%10#1, %10#0, %1) <{affinity = #device.affinity<@gpu>}> : (!stream.timepoint, !stream.resource<transient>, index) -> !stream.timepoint
// GEN: %13 = "stream.resource.dealloca"(%11#0, %1) : (!stream.resource<transient>, index) -> !stream.timepoint
// GEN-NEXT: "stream.timepoint.await"(%13) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!stream.timepoint) -> ()
