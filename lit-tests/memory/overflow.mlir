// RUN: xopt %s --split-input-file --device-plan --memory-plan --verify-diagnostics
// RUN: xopt %s --split-input-file --device-plan --workspace-analysis='remarks=true' 2>&1 >/dev/null | xcheck %s --check-prefix=WS

// Byte counts beyond i64 (the attributes' type) are errors of memory-plan, not
// offsets that wrap or sizes that clamp; workspace-analysis calls them unknown.
// Each tensor is 2^62 - 4 bytes; four of them live at once.
// WS: remark: workspace of @wide on cpu is unknown: more than 9223372036854775807 bytes
// WS: remark: workspace of @wide: {}
!t = tensor<1152921504606846975xf32>
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  // expected-error@+1 {{memory-plan: the buffers of @wide in pool 'cpu' total more than 9223372036854775807 bytes}}
  func.func @wide(%a: !t) -> !t {
    %0 = graph.add %a, %a : !t
    %1 = graph.exp %0 : !t
    %2 = graph.tanh %0 : !t
    %3 = graph.add %1, %2 : !t
    %4 = graph.mul %3, %0 : !t
    %5 = graph.add %4, %1 : !t
    return %5 : !t
  }
}

// -----

// Each function's buffers fit (three 2^61-byte tensors), but the caller's frame
// stacked on its callee's does not.
// WS: remark: workspace of @caller on cpu is unknown: more than 9223372036854775807 bytes
// WS: remark: workspace of @callee: {cpu = 6917529027641081856}
!t = tensor<576460752303423488xf32>
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @callee(%a: !t) -> !t {
    %0 = graph.relu %a : !t
    %1 = graph.exp %0 : !t
    %2 = graph.add %0, %1 : !t
    %3 = graph.neg %2 : !t
    return %3 : !t
  }
  // expected-error@+1 {{memory-plan: @caller and its callees need more than 9223372036854775807 bytes in pool 'cpu'}}
  func.func @caller(%a: !t) -> !t {
    %0 = graph.relu %a : !t
    %1 = graph.exp %0 : !t
    %2 = func.call @callee(%1) : (!t) -> !t
    %3 = graph.add %2, %0 : !t
    return %3 : !t
  }
}
