// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=stream | xcheck %s --check-prefix=STREAM

// A call of an external declaration: its signature follows the function ABI
// at every level, like a definition's (stream: a resource, with its tensor
// type, and the dynamic dims of each tensor; hal: a buffer view for each
// tensor, no dims), so the call stays well typed.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func private @ext(tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<?xf32>) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<?xf32>)
  func.func @main(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<?xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<?xf32>) {
    %e = graph.exp %a : tensor<4xf32>
    %0:2 = func.call @ext(%e, %b) : (tensor<4xf32>, tensor<?xf32>) -> (tensor<4xf32>, tensor<?xf32>)
    return %0#0, %0#1 : tensor<4xf32>, tensor<?xf32>
  }
}

// STREAM: func.func private @ext(!stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<4xf32>}, !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?xf32>}, index) -> (!stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<4xf32>}, !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?xf32>}, index)
// STREAM: call @ext(%{{.+}}, %arg1, %arg2) {arg_attrs = [{stream.tensor = tensor<4xf32>}, {stream.tensor = tensor<?xf32>}, {}], res_attrs = [{stream.tensor = tensor<4xf32>}, {stream.tensor = tensor<?xf32>}, {}]} : (!stream.resource<external>, !stream.resource<external>, index) -> (!stream.resource<external>, !stream.resource<external>, index)

// CHECK: func.func private @ext(!hal.buffer_view {device.affinity = #device.affinity<@cpu>}, !hal.buffer_view {device.affinity = #device.affinity<@cpu>}) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}, !hal.buffer_view {device.affinity = #device.affinity<@cpu>})
// CHECK-LABEL: func.func @main(
// CHECK: %[[E:.+]] = hal.buffer_view.create %{{.+}} shape(tensor<4xf32>) : !hal.buffer_view
// CHECK-NEXT: %[[R:.+]]:2 = call @ext(%[[E]], %arg1) : (!hal.buffer_view, !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view)
// CHECK-NEXT: hal.buffer_view.buffer %[[R]]#0 : !hal.buffer
// CHECK-NEXT: hal.buffer_view.buffer %[[R]]#1 : !hal.buffer
// CHECK-NEXT: hal.buffer_view.dim %[[R]]#1[0] : index
// CHECK: return %[[R]]#0, %[[R]]#1 : !hal.buffer_view, !hal.buffer_view
