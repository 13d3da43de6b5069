// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s | xopt | xcheck %s

// Custom <-> generic round trips of every hal op and type: device enumeration and
// run-time resolution, executables with one variant per target, allocation,
// command buffers (dispatches naming a variant's export, or the export of
// whichever variant matches the device at run time), queue submission with
// fences (a submission waiting on several joins them), buffer views (the
// function ABI's assert of an argument's type, its dims, its buffer).

module {
  hal.executable private @exe {
    hal.executable.variant @vulkan target(#device.target<"vulkan", {}, ["spirv"]>) {
      hal.executable.export @add
      module {
        func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
          %0 = graph.add %a, %b : tensor<4xf32>
          return %0 : tensor<4xf32>
        }
      }
    }
    hal.executable.variant @cpu target(#device.target<"local">) {
      hal.executable.export @add2 as @add
      module {
        func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
          %0 = graph.add %a, %b : tensor<4xf32>
          return %0 : tensor<4xf32>
        }
      }
    }
  }
  hal.executable private @both {
    hal.executable.variant @vulkan target(#device.target<"vulkan">) {
      hal.executable.export @k
      module {
        func.func @k() {
          return
        }
      }
    }
    hal.executable.variant @local target(#device.target<"local">) {
      hal.executable.export @k
      module {
        func.func @k() {
          return
        }
      }
    }
  }
  func.func @join(%dev: !hal.device, %a: !hal.fence, %b: !hal.fence, %cmd: !hal.command_buffer) {
    %ab = hal.fence.join at(%a, %b) -> !hal.fence
    %one = hal.fence.join at(%ab) {tag} -> !hal.fence
    %done = hal.fence.create device(%dev) : !hal.fence
    hal.device.queue.execute %dev wait(%ab) signal(%done) commands(%cmd)
    hal.fence.await until(%done, %one)
    return
  }
  func.func @main(%in: !hal.buffer_view, %d: index) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %n = hal.devices.count : index
    %dev0 = hal.devices.get %c0 : !hal.device
    %gpu = hal.device.resolve #device.select<[#device.alias<"vulkan"[1]>, #device.alias<"local">]> : !hal.device
    %cpu = hal.device.resolve #device.target<"local"> : !hal.device
    %exe = hal.executable.lookup device(%gpu) executable(@exe) : !hal.executable
    hal.buffer_view.assert %in message("input 0") shape(tensor<?x4xf32>)
    hal.buffer_view.assert %in message("input0") shape(tensor<f32>) {tag}
    %buf = hal.buffer_view.buffer %in : !hal.buffer
    %dim = hal.buffer_view.dim %in[0] : index
    hal.buffer_view.assert %in message("input 0: dim 0") shape(tensor<?x4xf32>{%dim})
    %out = hal.allocator.allocate device(%gpu) size(%c16) : !hal.buffer
    %tmp = hal.allocator.allocate device(%gpu) size(%c16) memory("workgroup") {tag} : !hal.buffer
    %cmd = hal.command_buffer.create device(%gpu) : !hal.command_buffer
    hal.command_buffer.dispatch %cmd, @exe::@vulkan::@add workgroups(%c1, %c1, %c1) bindings(%buf[%c0, %c16], %buf[%c0, %c16], %out[%c0, %c16])
    hal.command_buffer.dispatch %cmd, @exe::@cpu::@add2 workgroups(%c1, %c1, %c1) constants(%d, %c0) bindings()
    hal.command_buffer.dispatch %cmd, @both::@k workgroups(%c1, %c1, %c1) bindings()
    hal.command_buffer.execution_barrier %cmd
    hal.command_buffer.copy_buffer %cmd, source(%out[%c0]) target(%tmp[%c0]) length(%c16)
    hal.command_buffer.finalize %cmd
    %wait = hal.fence.create device(%gpu) : !hal.fence
    %signal = hal.fence.create device(%gpu) : !hal.fence
    hal.device.queue.execute %gpu wait(%wait) signal(%signal) commands(%cmd)
    hal.device.queue.execute %gpu queue(1) signal(%signal) commands(%cmd, %cmd)
    hal.device.queue.execute %cpu signal(%signal) commands()
    hal.fence.await until(%signal, %wait)
    %view = hal.buffer_view.create %out shape(tensor<?xf32>{%dim}) : !hal.buffer_view
    %view2 = hal.buffer_view.create %out shape(tensor<4xf32>) : !hal.buffer_view
    return %view : !hal.buffer_view
  }
}

// CHECK: module {
// CHECK: hal.executable private @exe {
// CHECK: hal.executable.variant @vulkan target(#device.target<"vulkan", {}, ["spirv"]>) {
// CHECK: hal.executable.export @add
// CHECK: builtin.module {
// CHECK-LABEL: func.func @add(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
// CHECK: %0 = graph.add %arg0, %arg1 : tensor<4xf32>
// CHECK: return %0 : tensor<4xf32>
// CHECK: hal.executable.variant @cpu target(#device.target<"local", {}, []>) {
// CHECK: hal.executable.export @add2 as @add
// CHECK: builtin.module {
// CHECK-LABEL: func.func @add(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
// CHECK: %0 = graph.add %arg0, %arg1 : tensor<4xf32>
// CHECK: return %0 : tensor<4xf32>
// CHECK-LABEL: func.func @join(%arg0: !hal.device, %arg1: !hal.fence, %arg2: !hal.fence, %arg3: !hal.command_buffer) {
// CHECK-NEXT: %0 = hal.fence.join at(%arg1, %arg2) -> !hal.fence
// CHECK-NEXT: %1 = hal.fence.join at(%0) {tag} -> !hal.fence
// CHECK-NEXT: %2 = hal.fence.create device(%arg0) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %arg0 wait(%0) signal(%2) commands(%arg3)
// CHECK-NEXT: hal.fence.await until(%2, %1)
// CHECK-LABEL: func.func @main(%arg0: !hal.buffer_view, %arg1: index) -> !hal.buffer_view {
// CHECK: %c0 = arith.constant 0 : index
// CHECK: %c1 = arith.constant 1 : index
// CHECK: %c16 = arith.constant 16 : index
// CHECK: %0 = hal.devices.count : index
// CHECK: %1 = hal.devices.get %c0 : !hal.device
// CHECK: %2 = hal.device.resolve #device.select<[#device.alias<"vulkan"[1]>, #device.alias<"local">]> : !hal.device
// CHECK: %3 = hal.device.resolve #device.target<"local", {}, []> : !hal.device
// CHECK: %4 = hal.executable.lookup device(%2) executable(@exe) : !hal.executable
// CHECK: hal.buffer_view.assert %arg0 message("input 0") shape(tensor<?x4xf32>)
// CHECK-NEXT: hal.buffer_view.assert %arg0 message(input0) shape(tensor<f32>) {tag}
// CHECK-NEXT: %5 = hal.buffer_view.buffer %arg0 : !hal.buffer
// CHECK: %6 = hal.buffer_view.dim %arg0[0] : index
// CHECK-NEXT: hal.buffer_view.assert %arg0 message("input 0: dim 0") shape(tensor<?x4xf32>{%6})
// CHECK: %7 = hal.allocator.allocate device(%2) size(%c16) : !hal.buffer
// CHECK: %8 = hal.allocator.allocate device(%2) size(%c16) memory(workgroup) {tag} : !hal.buffer
// CHECK: %9 = hal.command_buffer.create device(%2) : !hal.command_buffer
// CHECK: hal.command_buffer.dispatch %9, @exe::@vulkan::@add workgroups(%c1, %c1, %c1) bindings(%5[%c0, %c16], %5[%c0, %c16], %7[%c0, %c16])
// CHECK: hal.command_buffer.dispatch %9, @exe::@cpu::@add2 workgroups(%c1, %c1, %c1) constants(%arg1, %c0) bindings()
// CHECK: hal.command_buffer.dispatch %9, @both::@k workgroups(%c1, %c1, %c1) bindings()
// CHECK: hal.command_buffer.execution_barrier %9
// CHECK: hal.command_buffer.copy_buffer %9, source(%7[%c0]) target(%8[%c0]) length(%c16)
// CHECK: hal.command_buffer.finalize %9
// CHECK: %10 = hal.fence.create device(%2) : !hal.fence
// CHECK: %11 = hal.fence.create device(%2) : !hal.fence
// CHECK: hal.device.queue.execute %2 wait(%10) signal(%11) commands(%9)
// CHECK: hal.device.queue.execute %2 queue(1) signal(%11) commands(%9, %9)
// CHECK: hal.device.queue.execute %3 signal(%11) commands()
// CHECK: hal.fence.await until(%11, %10)
// CHECK: %12 = hal.buffer_view.create %7 shape(tensor<?xf32>{%6}) : !hal.buffer_view
// CHECK: %13 = hal.buffer_view.create %7 shape(tensor<4xf32>) : !hal.buffer_view
// CHECK: return %12 : !hal.buffer_view

// GEN: "hal.executable"() <{sym_name = "exe", sym_visibility = "private"}> ({
// GEN: "hal.executable.variant"() <{sym_name = "vulkan", target = #device.target<"vulkan", {}, ["spirv"]>}> ({
// GEN: "hal.executable.export"() <{sym_name = "add"}> : () -> ()
// GEN: "hal.executable.variant"() <{sym_name = "cpu", target = #device.target<"local", {}, []>}> ({
// GEN: "hal.executable.export"() <{function_ref = @add, sym_name = "add2"}> : () -> ()
// GEN: "func.func"() <{function_type = (!hal.device, !hal.fence, !hal.fence, !hal.command_buffer) -> (), sym_name = "join"}> ({
// GEN-NEXT: ^bb0(%[[DEV:arg[0-9]+]]: !hal.device, %[[A:arg[0-9]+]]: !hal.fence, %[[B:arg[0-9]+]]: !hal.fence, %[[CMD:arg[0-9]+]]: !hal.command_buffer):
// GEN-NEXT: %[[AB:[0-9]+]] = "hal.fence.join"(%[[A]], %[[B]]) : (!hal.fence, !hal.fence) -> !hal.fence
// GEN-NEXT: %[[ONE:[0-9]+]] = "hal.fence.join"(%[[AB]]) {tag} : (!hal.fence) -> !hal.fence
// GEN-NEXT: %[[DONE:[0-9]+]] = "hal.fence.create"(%[[DEV]]) : (!hal.device) -> !hal.fence
// GEN-NEXT: "hal.device.queue.execute"(%[[DEV]], %[[AB]], %[[DONE]], %[[CMD]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!hal.device, !hal.fence, !hal.fence, !hal.command_buffer) -> ()
// GEN-NEXT: "hal.fence.await"(%[[DONE]], %[[ONE]]) : (!hal.fence, !hal.fence) -> ()
// GEN: %3 = "hal.devices.count"() : () -> index
// GEN: %4 = "hal.devices.get"(%0) : (index) -> !hal.device
// GEN: %5 = "hal.device.resolve"() <{device = #device.select<[#device.alias<"vulkan"[1]>, #device.alias<"local">]>}> : () -> !hal.device
// GEN: %6 = "hal.device.resolve"() <{device = #device.target<"local", {}, []>}> : () -> !hal.device
// GEN: %7 = "hal.executable.lookup"(%5) <{executable = @exe}> : (!hal.device) -> !hal.executable
// GEN: "hal.buffer_view.assert"(%arg0) <{message = "input 0", shape = tensor<?x4xf32>}> : (!hal.buffer_view) -> ()
// GEN-NEXT: "hal.buffer_view.assert"(%arg0) <{message = "input0", shape = tensor<f32>}> {tag} : (!hal.buffer_view) -> ()
// GEN-NEXT: %8 = "hal.buffer_view.buffer"(%arg0) : (!hal.buffer_view) -> !hal.buffer
// GEN: %9 = "hal.buffer_view.dim"(%arg0) <{index = 0 : i64}> : (!hal.buffer_view) -> index
// GEN: %10 = "hal.allocator.allocate"(%5, %2) : (!hal.device, index) -> !hal.buffer
// GEN: %11 = "hal.allocator.allocate"(%5, %2) <{memory = "workgroup"}> {tag} : (!hal.device, index) -> !hal.buffer
// GEN: %12 = "hal.command_buffer.create"(%5) : (!hal.device) -> !hal.command_buffer
// GEN: "hal.command_buffer.dispatch"(%12, %1, %1, %1, %8, %8, %10, %0, %0, %0, %2, %2, %2) <{entry_point = @exe::@vulkan::@add, operandSegmentSizes = array<i32: 1, 3, 0, 3, 3, 3>}> : (!hal.command_buffer, index, index, index, !hal.buffer, !hal.buffer, !hal.buffer, index, index, index, index, index, index) -> ()
// GEN: "hal.command_buffer.dispatch"(%12, %1, %1, %1, %arg1, %0) <{entry_point = @exe::@cpu::@add2, operandSegmentSizes = array<i32: 1, 3, 2, 0, 0, 0>}> : (!hal.command_buffer, index, index, index, index, index) -> ()
// GEN: "hal.command_buffer.dispatch"(%12, %1, %1, %1) <{entry_point = @both::@k, operandSegmentSizes = array<i32: 1, 3, 0, 0, 0, 0>}> : (!hal.command_buffer, index, index, index) -> ()
// GEN: "hal.command_buffer.execution_barrier"(%12) : (!hal.command_buffer) -> ()
// GEN: "hal.command_buffer.copy_buffer"(%12, %10, %0, %11, %0, %2) : (!hal.command_buffer, !hal.buffer, index, !hal.buffer, index, index) -> ()
// GEN: "hal.command_buffer.finalize"(%12) : (!hal.command_buffer) -> ()
// GEN: %13 = "hal.fence.create"(%5) : (!hal.device) -> !hal.fence
// GEN: %14 = "hal.fence.create"(%5) : (!hal.device) -> !hal.fence
// GEN: "hal.device.queue.execute"(%5, %13, %14, %12) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!hal.device, !hal.fence, !hal.fence, !hal.command_buffer) -> ()
// GEN: "hal.device.queue.execute"(%5, %14, %12, %12) <{operandSegmentSizes = array<i32: 1, 0, 1, 2>, queue = 1 : i64}> : (!hal.device, !hal.fence, !hal.command_buffer, !hal.command_buffer) -> ()
// GEN: "hal.device.queue.execute"(%6, %14) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>}> : (!hal.device, !hal.fence) -> ()
// GEN: "hal.fence.await"(%14, %13) : (!hal.fence, !hal.fence) -> ()
// GEN: %15 = "hal.buffer_view.create"(%10, %9) <{shape = tensor<?xf32>}> : (!hal.buffer, index) -> !hal.buffer_view
// GEN: %16 = "hal.buffer_view.create"(%10) <{shape = tensor<4xf32>}> : (!hal.buffer) -> !hal.buffer_view
