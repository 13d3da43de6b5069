// RUN: xopt %s --split-input-file --flow-to-stream | xcheck %s

// scf.if at the stream level: tensor results become resources, each followed
// by its byte size (and then its dynamic dims); the branches are converted and
// scheduled on their own; values a branch yields are awaited before its
// scf.yield, so the results are ready resources read later without a
// timepoint.

module {
  flow.executable private @ew {
    flow.executable.export @ew
    builtin.module {
      func.func @ew(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
        %0 = graph.relu %a : tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }
    }
  }
  flow.executable private @add {
    flow.executable.export @add
    builtin.module {
      func.func @add(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
        %0 = graph.add %a, %b : tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }
    }
  }
  // The then branch runs its dispatch on the gpu, the enclosing code on the
  // cpu; both branches read %0, made before the if by a cpu region, so the
  // regions in the branches await that region's timepoint. The else branch
  // yields %0 itself: it is awaited there.
  func.func @branch(%arg0: tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}, %arg1: i1) -> (tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = flow.dispatch @ew::@ew(%arg0) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = scf.if %arg1 -> (tensor<4x4xf32>) {
      %2 = flow.tensor.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4x4xf32>
      %3 = flow.dispatch @ew::@ew(%2) on(#device.affinity<@gpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
      %4 = flow.tensor.transfer %3 from #device.affinity<@gpu> to #device.affinity<@cpu> : tensor<4x4xf32>
      scf.yield %4 : tensor<4x4xf32>
    } else {
      scf.yield %0 : tensor<4x4xf32>
    } {device.affinity = #device.affinity<@cpu>}
    %5 = flow.dispatch @add::@add(%1, %0) on(#device.affinity<@cpu>) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    return %5 : tensor<4x4xf32>
  }
}

// Memory: the values yielded for the result stay alive until its last use
// (the transfer back does not reuse the bytes of %0, read after the if).
// CHECK-LABEL: func.func @branch(
// CHECK-SAME: attributes {memory.pools = {cpu = 128 : i64, gpu = 128 : i64}}
// CHECK: %[[HEAD:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) with(%arg0 as %{{.+}}: !stream.resource<external>{%c64}) -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: stream.async.dispatch on(#device.affinity<@cpu>) @ew::@ew({{.+}}) {memory.offset = 0 : i64, memory.pool = "cpu"}
// CHECK-NEXT: stream.yield
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[IF:.+]]:2 = scf.if %arg1 -> (!stream.resource<transient>, index) {
// CHECK-NEXT: %[[GPU:.+]]:2 = stream.async.execute on(#device.affinity<@gpu>) await(%[[HEAD]]#1) => with(%[[HEAD]]#0 as %{{.+}}: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: stream.async.transfer %{{.+}} from(#device.affinity<@cpu>) -> to(#device.affinity<@gpu>)
// CHECK-NEXT: stream.async.dispatch on(#device.affinity<@gpu>) @ew::@ew(
// CHECK-NEXT: stream.yield
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[BACK:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) await(%[[GPU]]#1) => with(%[[GPU]]#0 as
// CHECK-NEXT: stream.async.transfer %{{.+}} from(#device.affinity<@gpu>) -> to(#device.affinity<@cpu>) !stream.resource<transient>{%c64} {memory.offset = 64 : i64, memory.pool = "cpu"}
// CHECK-NEXT: stream.yield
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[T:.+]] = stream.timepoint.await %[[BACK]]#1 => %[[BACK]]#0 : !stream.resource<transient>{%c64}
// CHECK-NEXT: scf.yield %[[T]], %c64 : !stream.resource<transient>, index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[E:.+]] = stream.timepoint.await %[[HEAD]]#1 => %[[HEAD]]#0 : !stream.resource<transient>{%c64}
// CHECK-NEXT: scf.yield %[[E]], %c64 : !stream.resource<transient>, index
// CHECK-NEXT: } {device.affinity = #device.affinity<@cpu>}
// The result is ready: only %0 is awaited.
// CHECK-NEXT: %[[LAST:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) await(%[[HEAD]]#1) => with(%[[IF]]#0 as %{{.+}}: !stream.resource<transient>{%c64}, %[[HEAD]]#0 as %{{.+}}: !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: stream.async.dispatch on(#device.affinity<@cpu>) @add::@add(
// CHECK-NEXT: stream.yield
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: stream.resource.dealloca on(#device.affinity<@cpu>) await(%[[LAST]]#1)
// CHECK-NEXT: stream.resource.dealloca on(#device.affinity<@gpu>) await(%[[LAST]]#1)
// CHECK-NEXT: %[[DONE:.+]] = stream.timepoint.join
// CHECK-NEXT: %[[OUT:.+]] = stream.timepoint.await %[[DONE]] => %[[LAST]]#0 : !stream.resource<external>{%c64}
// CHECK-NEXT: return %[[OUT]] : !stream.resource<external>

// -----

// A returned result is external, and so is everything yielded for it (the
// dispatch result and the transfer result), nested ifs included; the argument
// yielded directly needs no await. Scalar results pass through.
module {
  flow.executable private @ew {
    flow.executable.export @ew
    builtin.module {
      func.func @ew(%a: tensor<4xf32>) -> tensor<4xf32> {
        %0 = graph.relu %a : tensor<4xf32>
        return %0 : tensor<4xf32>
      }
    }
  }
  func.func @returned(%arg0: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %arg1: i1, %arg2: i1, %arg3: index) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, index) {
    %0:2 = scf.if %arg1 -> (tensor<4xf32>, index) {
      %1 = scf.if %arg2 -> (tensor<4xf32>) {
        %2 = flow.dispatch @ew::@ew(%arg0) on(#device.affinity<@cpu>) : (tensor<4xf32>) -> tensor<4xf32>
        scf.yield %2 : tensor<4xf32>
      } else {
        %3 = flow.tensor.transfer %arg0 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4xf32>
        scf.yield %3 : tensor<4xf32>
      }
      scf.yield %1, %arg3 : tensor<4xf32>, index
    } else {
      scf.yield %arg0, %arg3 : tensor<4xf32>, index
    }
    return %0#0, %0#1 : tensor<4xf32>, index
  }
}

// CHECK-LABEL: func.func @returned(%arg0: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<4xf32>}, %arg1: i1, %arg2: i1, %arg3: index) -> (!stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<4xf32>}, index) {
// CHECK: %[[IF:.+]]:3 = scf.if %arg1 -> (!stream.resource<external>, index, index) {
// CHECK-NEXT: %[[IN:.+]]:2 = scf.if %arg2 -> (!stream.resource<external>, index) {
// CHECK-NEXT: %[[D:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) with(%arg0 as %{{.+}}: !stream.resource<external>{%c16}) -> !stream.resource<external>{%c16} {
// CHECK: %[[DA:.+]] = stream.timepoint.await %[[D]]#1 => %[[D]]#0 : !stream.resource<external>{%c16}
// CHECK-NEXT: scf.yield %[[DA]], %c16 : !stream.resource<external>, index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[T:.+]]:2 = stream.async.execute on(#device.affinity<@gpu>) with(%arg0 as %{{.+}}: !stream.resource<external>{%c16}) -> !stream.resource<external>{%c16} {
// CHECK: %[[TA:.+]] = stream.timepoint.await %[[T]]#1 => %[[T]]#0 : !stream.resource<external>{%c16}
// CHECK-NEXT: scf.yield %[[TA]], %c16 : !stream.resource<external>, index
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[IN]]#0, %c16, %arg3 : !stream.resource<external>, index, index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg0, %c16, %arg3 : !stream.resource<external>, index, index
// CHECK-NEXT: }
// CHECK-NEXT: return %[[IF]]#0, %[[IF]]#2 : !stream.resource<external>, index

// -----

// A dynamically shaped result: its size is the scf.if's size result (the
// yielded arguments' sizes differ), its dynamic dimension follows it, and
// graph.dim of the result folds to that dimension.
module {
  func.func @dynamic(%arg0: tensor<?x4xf32> {device.affinity = #device.affinity<@cpu>}, %arg1: tensor<?x4xf32> {device.affinity = #device.affinity<@cpu>}, %arg2: i1) -> (tensor<?x4xf32> {device.affinity = #device.affinity<@cpu>}, index) {
    %0 = scf.if %arg2 -> (tensor<?x4xf32>) {
      scf.yield %arg0 : tensor<?x4xf32>
    } else {
      %1 = flow.tensor.transfer %arg1 from #device.affinity<@cpu> to #device.affinity<@cpu> : tensor<?x4xf32>
      scf.yield %1 : tensor<?x4xf32>
    }
    %2 = graph.dim %0, 0 : tensor<?x4xf32>
    return %0, %2 : tensor<?x4xf32>, index
  }
}

// CHECK-LABEL: func.func @dynamic(%arg0: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?x4xf32>}, %arg1: index, %arg2: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?x4xf32>}, %arg3: index, %arg4: i1) -> (!stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?x4xf32>}, index, index) {
// CHECK-NEXT: %[[S0:.+]] = stream.tensor.sizeof on(#device.affinity<@cpu>) tensor<?x4xf32>{%arg1} : index
// CHECK-NEXT: %[[S1:.+]] = stream.tensor.sizeof on(#device.affinity<@cpu>) tensor<?x4xf32>{%arg3} : index
// CHECK-NEXT: %[[IF:.+]]:3 = scf.if %arg4 -> (!stream.resource<external>, index, index) {
// CHECK-NEXT: scf.yield %arg0, %[[S0]], %arg1 : !stream.resource<external>, index, index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[T:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) with(%arg2 as %{{.+}}: !stream.resource<external>{%[[S1]]}) -> !stream.resource<external>{%[[S1]]} {
// CHECK: %[[TA:.+]] = stream.timepoint.await %[[T]]#1 => %[[T]]#0 : !stream.resource<external>{%[[S1]]}
// CHECK-NEXT: scf.yield %[[TA]], %[[S1]], %arg3 : !stream.resource<external>, index, index
// CHECK-NEXT: }
// CHECK-NEXT: return %[[IF]]#0, %[[IF]]#2, %[[IF]]#2 : !stream.resource<external>, index, index
