// RUN: xopt %s --split-input-file --verify-diagnostics

// Every verifier and type-syntax message of the hal dialect.

// expected-error@+1 {{unknown hal type 'queue'}}
func.func @f(%q: !hal.queue)

// -----

func.func @f() {
  // expected-error@+1 {{'hal.device.resolve' op resolves #device.affinity, #device.target, #device.alias or #device.select, got #device.fallback<@gpu>}}
  %0 = hal.device.resolve #device.fallback<@gpu> : !hal.device
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hal.device.resolve' op names @gpu, which is not a device.global}}
  %0 = hal.device.resolve #device.affinity<@gpu> : !hal.device
  return
}

// -----

func.func @gpu() {
  // expected-error@+1 {{'hal.device.resolve' op names @gpu, which is not a device.global}}
  %0 = hal.device.resolve #device.affinity<@gpu> : !hal.device
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hal.device.resolve' op resolves #device.affinity, #device.target, #device.alias or #device.select, got #device.promise<@gpu>}}
  %0 = hal.device.resolve #device.promise<@gpu> : !hal.device
  return
}

// -----

// expected-error@+1 {{'hal.executable' op may hold only hal.executable.variant ops, found 'builtin.module'}}
hal.executable @exe {
  module {
  }
}

// -----

hal.executable @exe {
  // expected-error@+1 {{'hal.executable.variant' op expects a #device.target as target, got #device.alias<"local">}}
  hal.executable.variant @v target(#device.alias<"local">) {
  }
}

// -----

hal.executable @exe {
  // expected-error@+1 {{'hal.executable.variant' op may hold only hal.executable.export ops and one builtin.module, found 'flow.executable.export'}}
  hal.executable.variant @v target(#device.target<"local">) {
    flow.executable.export @k
  }
}

// -----

// expected-error@+1 {{'hal.executable.variant' op expects parent op 'hal.executable'}}
hal.executable.variant @v target(#device.target<"local">) {
}

// -----

hal.executable @exe {
  hal.executable.variant @v target(#device.target<"local">) {
    // expected-error@+1 {{'hal.executable.export' op kernel function '@k' not found in the executable's builtin.module}}
    hal.executable.export @k
    module {
    }
  }
}

// -----

func.func @f(%d: !hal.device) {
  // expected-error@+1 {{'hal.executable.lookup' op @exe does not name a hal.executable}}
  %0 = hal.executable.lookup device(%d) executable(@exe) : !hal.executable
  return
}

// -----

hal.executable @exe {
  hal.executable.variant @v target(#device.target<"local">) {
    hal.executable.export @k
    module {
      func.func @k() {
        return
      }
    }
  }
}
func.func @f(%cmd: !hal.command_buffer, %c1: index) {
  // expected-error@+1 {{'hal.command_buffer.dispatch' op entry point must be @executable::@export or @executable::@variant::@export, got @exe::@v::@k::@x}}
  hal.command_buffer.dispatch %cmd, @exe::@v::@k::@x workgroups(%c1, %c1, %c1) bindings()
  return
}

// -----

// Without a variant, `@exe::@export` names the export every variant has.
hal.executable @exe {
  hal.executable.variant @v target(#device.target<"local">) {
    hal.executable.export @k
    module {
      func.func @k() {
        return
      }
    }
  }
  hal.executable.variant @w target(#device.target<"vulkan">) {
    hal.executable.export @other
    module {
      func.func @other() {
        return
      }
    }
  }
}
func.func @f(%cmd: !hal.command_buffer, %c1: index) {
  // expected-error@+1 {{'hal.command_buffer.dispatch' op entry point @exe::@k: variant @w has no hal.executable.export @k}}
  hal.command_buffer.dispatch %cmd, @exe::@k workgroups(%c1, %c1, %c1) bindings()
  return
}

// -----

func.func @f(%cmd: !hal.command_buffer, %c1: index) {
  // expected-error@+1 {{'hal.command_buffer.dispatch' op entry point @nothing::@k does not name a hal.executable}}
  hal.command_buffer.dispatch %cmd, @nothing::@k workgroups(%c1, %c1, %c1) bindings()
  return
}

// -----

hal.executable @exe {
}
func.func @f(%cmd: !hal.command_buffer, %c1: index) {
  // expected-error@+1 {{'hal.command_buffer.dispatch' op entry point @exe::@k: the executable has no variants}}
  hal.command_buffer.dispatch %cmd, @exe::@k workgroups(%c1, %c1, %c1) bindings()
  return
}

// -----

// The command buffer's device may be vulkan or local; the executable has
// only a local variant.
hal.executable @exe {
  hal.executable.variant @local target(#device.target<"local">) {
    hal.executable.export @k
    module {
      func.func @k() {
        return
      }
    }
  }
}
func.func @f(%c1: index) {
  %dev = hal.device.resolve #device.select<[#device.target<"vulkan">, #device.target<"local">]> : !hal.device
  %cmd = hal.command_buffer.create device(%dev) : !hal.command_buffer
  // expected-error@+1 {{'hal.command_buffer.dispatch' op entry point @exe::@k: no variant for target #device.target<"vulkan", {}, []> of the command buffer's device}}
  hal.command_buffer.dispatch %cmd, @exe::@k workgroups(%c1, %c1, %c1) bindings()
  return
}

// -----

hal.executable @exe {
  hal.executable.variant @v target(#device.target<"local">) {
    hal.executable.export @k
    module {
      func.func @k() {
        return
      }
    }
  }
}
func.func @f(%cmd: !hal.command_buffer, %c1: index) {
  // expected-error@+1 {{'hal.command_buffer.dispatch' op entry point @exe::@w::@k does not name a hal.executable.export}}
  hal.command_buffer.dispatch %cmd, @exe::@w::@k workgroups(%c1, %c1, %c1) bindings()
  return
}

// -----

hal.executable @exe {
  hal.executable.variant @v target(#device.target<"local">) {
    hal.executable.export @k
    module {
      func.func @k() {
        return
      }
    }
  }
}
func.func @f(%cmd: !hal.command_buffer, %c1: index) {
  // expected-error@+1 {{'hal.command_buffer.dispatch' op expects 3 workgroup counts (x, y, z), got 2}}
  hal.command_buffer.dispatch %cmd, @exe::@v::@k workgroups(%c1, %c1) bindings()
  return
}

// -----

hal.executable @exe {
  hal.executable.variant @v target(#device.target<"local">) {
    hal.executable.export @k
    module {
      func.func @k() {
        return
      }
    }
  }
}
func.func @f(%cmd: !hal.command_buffer, %b: !hal.buffer, %c1: index) {
  // expected-error@+1 {{'hal.command_buffer.dispatch' op has 1 binding buffers but 1 offsets and 0 lengths}}
  "hal.command_buffer.dispatch"(%cmd, %c1, %c1, %c1, %b, %c1) <{entry_point = @exe::@v::@k, operandSegmentSizes = array<i32: 1, 3, 0, 1, 1, 0>}> : (!hal.command_buffer, index, index, index, !hal.buffer, index) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hal.fence.await' op expects at least one fence}}
  hal.fence.await until()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hal.fence.join' op expects at least one fence to join}}
  %0 = hal.fence.join at() -> !hal.fence
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hal.fence.join' op expects at least one fence to join}}
  %0 = "hal.fence.join"() : () -> !hal.fence
  return
}

// -----

func.func @f(%b: !hal.buffer) {
  // expected-error@+1 {{'hal.fence.join' op operand #0 must be variadic of !hal.fence, but got '!hal.buffer'}}
  %0 = "hal.fence.join"(%b) : (!hal.buffer) -> !hal.fence
  return
}

// -----

func.func @f(%f: !hal.fence) {
  // expected-error@+1 {{'hal.fence.join' op result #0 must be !hal.fence, but got '!hal.buffer'}}
  %0 = "hal.fence.join"(%f) : (!hal.fence) -> !hal.buffer
  return
}

// -----

func.func @f(%b: !hal.buffer) {
  // expected-error@+1 {{'hal.buffer_view.create' op 'tensor<?x4xf32>' has 1 dynamic dimensions but 0 are given}}
  %0 = hal.buffer_view.create %b shape(tensor<?x4xf32>) : !hal.buffer_view
  return
}

// -----

func.func @f(%b: !hal.buffer) {
  // expected-error@+1 {{'hal.buffer_view.create' op expects a ranked tensor type as shape, got 'f32'}}
  %0 = hal.buffer_view.create %b shape(f32) : !hal.buffer_view
  return
}

// -----

func.func @f(%v: !hal.buffer_view) {
  // expected-error@+1 {{'hal.buffer_view.assert' op expects a ranked tensor type as shape, got 'tensor<*xf32>'}}
  hal.buffer_view.assert %v message("input 0") shape(tensor<*xf32>)
  return
}

// -----

func.func @f(%v: !hal.buffer_view) {
  // expected-error@+1 {{'hal.buffer_view.assert' op expects a ranked tensor type as shape, got 'f32'}}
  hal.buffer_view.assert %v message("input 0") shape(f32)
  return
}

// -----

func.func @f(%v: !hal.buffer_view) {
  // expected-error@+1 {{'hal.buffer_view.assert' op requires attribute 'message'}}
  "hal.buffer_view.assert"(%v) <{shape = tensor<4xf32>}> : (!hal.buffer_view) -> ()
  return
}

// -----

func.func @f(%v: !hal.buffer_view) {
  // expected-error@+1 {{invalid properties {message = 0 : i64, shape = tensor<4xf32>} for op hal.buffer_view.assert: Invalid attribute `message` in property conversion: 0 : i64}}
  "hal.buffer_view.assert"(%v) <{message = 0 : i64, shape = tensor<4xf32>}> : (!hal.buffer_view) -> ()
  return
}

// -----

func.func @f(%b: !hal.buffer) {
  // expected-error@+1 {{'hal.buffer_view.assert' op operand #0 must be !hal.buffer_view, but got '!hal.buffer'}}
  "hal.buffer_view.assert"(%b) <{message = "input 0", shape = tensor<4xf32>}> : (!hal.buffer) -> ()
  return
}

// -----

func.func @f(%v: !hal.buffer_view) {
  // expected-error@+1 {{expected 'message'}}
  hal.buffer_view.assert %v shape(tensor<4xf32>)
  return
}

// -----

func.func @f(%d: !hal.buffer) {
  // expected-error@+1 {{'hal.fence.create' op operand #0 must be !hal.device, but got '!hal.buffer'}}
  %0 = "hal.fence.create"(%d) : (!hal.buffer) -> !hal.fence
  return
}

// -----

func.func @subspan_outside(%dev: !hal.device) {
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %slab = hal.allocator.allocate device(%dev) size(%c128) : !hal.buffer
  // expected-error@+1 {{'hal.buffer.subspan' op bytes 128 to 192 lie outside the source buffer of 128 bytes}}
  %a = hal.buffer.subspan %slab[%c128, %c64] : !hal.buffer
  return
}

// -----

func.func @subspan_of_subspan(%dev: !hal.device) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %slab = hal.allocator.allocate device(%dev) size(%c128) : !hal.buffer
  %a = hal.buffer.subspan %slab[%c64, %c64] : !hal.buffer
  // expected-error@+1 {{'hal.buffer.subspan' op bytes 0 to 128 lie outside the source buffer of 64 bytes}}
  %b = hal.buffer.subspan %a[%c0, %c128] : !hal.buffer
  return
}

// -----

func.func @subspan_negative(%b: !hal.buffer) {
  %c0 = arith.constant 0 : index
  %m = arith.constant -8 : index
  // expected-error@+1 {{'hal.buffer.subspan' op expects a non-negative length, got -8}}
  %a = hal.buffer.subspan %b[%c0, %m] : !hal.buffer
  return
}

// -----

func.func @subspan_types(%b: !hal.buffer, %i: i32) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'hal.buffer.subspan' op operand #2 must be index, but got 'i32'}}
  %a = "hal.buffer.subspan"(%b, %c0, %i) : (!hal.buffer, index, i32) -> !hal.buffer
  return
}

// -----

func.func @f(%v: !hal.buffer_view, %n: index) {
  // expected-error@+1 {{'hal.buffer_view.assert' op 'tensor<?x?xf32>' has 2 dynamic dimensions but 1 are given}}
  hal.buffer_view.assert %v message("input 1") shape(tensor<?x?xf32>{%n})
  return
}
