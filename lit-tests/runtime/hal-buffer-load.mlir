// hal.buffer.load in a hal-level program written by hand: the host reads an
// i32 of a buffer (sign-extended, cast to index); a read past the buffer is
// an error at the op, not a stray read.

// RUN: xrun %s --function=load --input="2xi32=-7 9" --input="index=0" | xcheck %s --check-prefix=FIRST --match-full-lines
// FIRST: result[0]: i64=-7
// RUN: xrun %s --function=load --input="2xi32=-7 9" --input="index=4" | xcheck %s --check-prefix=SECOND --match-full-lines
// SECOND: result[0]: i64=9
// RUN: not xrun %s --function=load --input="2xi32=-7 9" --input="index=6" 2>&1 | xcheck %s --check-prefix=PAST
// PAST: error: range [6, 6+4) is outside a buffer of 8 bytes (at {{.*}}hal-buffer-load.mlir:[[#@LINE+6]]:10)

module attributes {device.default = #device.affinity<@cpu>} {
  device.global @cpu = #device.target<"local", {cpu = "host"}, ["cranelift"]>
  func.func @load(%v: !hal.buffer_view, %o: index) -> index {
    %b = hal.buffer_view.buffer %v : !hal.buffer
    %x = hal.buffer.load %b[%o] : i32
    %i = arith.index_cast %x : i32 to index
    return %i : index
  }
}
