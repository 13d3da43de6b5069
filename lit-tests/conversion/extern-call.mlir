// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=stream | xcheck %s --check-prefix=STREAM

// A call of an external declaration: its signature follows the function ABI
// at every level, like a definition's (stream: a resource and the dynamic
// dims of each tensor; hal: a buffer view for each resource), so the call
// stays well typed.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func private @ext(tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<?xf32>) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<?xf32>)
  func.func @main(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<?xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<?xf32>) {
    %e = graph.exp %a : tensor<4xf32>
    %0:2 = func.call @ext(%e, %b) : (tensor<4xf32>, tensor<?xf32>) -> (tensor<4xf32>, tensor<?xf32>)
    return %0#0, %0#1 : tensor<4xf32>, tensor<?xf32>
  }
}

// STREAM: func.func private @ext(!stream.resource<external> {device.affinity = #device.affinity<@cpu>}, !stream.resource<external> {device.affinity = #device.affinity<@cpu>}, index) -> (!stream.resource<external> {device.affinity = #device.affinity<@cpu>}, !stream.resource<external> {device.affinity = #device.affinity<@cpu>}, index)
// STREAM: call @ext(%{{.+}}, %arg1, %arg2) : (!stream.resource<external>, !stream.resource<external>, index) -> (!stream.resource<external>, !stream.resource<external>, index)

// CHECK: func.func private @ext(!hal.buffer_view {device.affinity = #device.affinity<@cpu>}, !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, index) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}, !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, index)
// CHECK-LABEL: func.func @main(
// CHECK: %[[E:.+]] = hal.buffer_view.create %{{.+}} shape(tensor<16xi8>) : !hal.buffer_view
// CHECK-NEXT: %[[R:.+]]:3 = call @ext(%[[E]], %arg1, %arg2) : (!hal.buffer_view, !hal.buffer_view, index) -> (!hal.buffer_view, !hal.buffer_view, index)
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2 : !hal.buffer_view, !hal.buffer_view, index
