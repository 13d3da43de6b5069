// Host scalars as arguments and results (no graph op): iree-run-module's
// scalar inputs (`i32=5`, `f32=0.5`, `index=3`, `i1=1`) reach the function,
// host arith runs on them (wrapping), and scalar results print without a
// buffer view as `result[i]: TYPE=VALUE`; an index is an i64 on the host.

// RUN: xrun %s --function=scalars --input=i32=2147483647 --input=f32=0.1 --input=index=3 --input=i1=1 --input=f64=1e-300 --input=i64=-5 | xcheck %s --check-prefix=ALL --match-full-lines
// ALL:      EXEC @scalars
// ALL-NEXT: result[0]: i32=-2147483648
// ALL-NEXT: result[1]: f32=0.1
// ALL-NEXT: result[2]: i64=3
// ALL-NEXT: result[3]: i1=1
// ALL-NEXT: result[4]: f64=1E-300
// ALL-NEXT: result[5]: i64=-5
// ALL-EMPTY:
func.func @scalars(%a: i32, %b: f32, %c: index, %d: i1, %e: f64, %f: i64) -> (i32, f32, index, i1, f64, i64) {
  %one = arith.constant 1 : i32
  %x = arith.addi %a, %one : i32
  return %x, %b, %c, %d, %e, %f : i32, f32, index, i1, f64, i64
}

// Narrow types pass through unchanged.
// RUN: xrun %s --function=narrow --input=i8=-128 --input=f16=0.1 --input=bf16=3 | xcheck %s --check-prefix=NARROW --match-full-lines
// NARROW:      result[0]: i8=-128
// NARROW-NEXT: result[1]: f16=0.0999756
// NARROW-NEXT: result[2]: bf16=3
func.func @narrow(%a: i8, %b: f16, %c: bf16) -> (i8, f16, bf16) {
  return %a, %b, %c : i8, f16, bf16
}

// A scalar and a tensor result side by side.
// RUN: xrun %s --function=mixed --input="3xf32=1 2 3" --input=f32=2.5 | xcheck %s --check-prefix=MIXED --match-full-lines
// MIXED:      result[0]: f32=5
// MIXED-NEXT: result[1]: hal.buffer_view
// MIXED-NEXT: 3xf32=1 2 3
func.func @mixed(%t: tensor<3xf32>, %s: f32) -> (f32, tensor<3xf32>) {
  %d = arith.addf %s, %s : f32
  return %d, %t : f32, tensor<3xf32>
}
