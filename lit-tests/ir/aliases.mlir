// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic --split-input-file | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope --split-input-file | xcheck %s --check-prefix=LOCAL

// Affine maps are numbered #map, #map1, ... in order of first use.
"t.a"() {x = affine_map<(d0) -> (d0 + 1)>, y = affine_map<(d0) -> (d0 * 2)>} : () -> ()
"t.b"() {z = affine_map<(d0) -> (d0 + 1)>} : () -> ()
// CHECK: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   "t.a"() {x = #map, y = #map1} : () -> ()
// CHECK-NEXT:   "t.b"() {z = #map} : () -> ()
// CHECK-NEXT: }) : () -> ()
// LOCAL: "builtin.module"() ({
// LOCAL-NEXT:   "t.a"() {x = affine_map<(d0) -> (d0 + 1)>, y = affine_map<(d0) -> (d0 * 2)>} : () -> ()
// LOCAL-NEXT:   "t.b"() {z = affine_map<(d0) -> (d0 + 1)>} : () -> ()
// LOCAL-NEXT: }) : () -> ()
// -----
// Affine sets use #set.
"t.a"() {x = affine_set<(d0) : (d0 >= 0)>, y = affine_set<(d0) : (d0 == 0)>} : () -> ()
// CHECK: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: #set1 = affine_set<(d0) : (d0 == 0)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   "t.a"() {x = #set, y = #set1} : () -> ()
// CHECK-NEXT: }) : () -> ()
// LOCAL: "builtin.module"() ({
// LOCAL-NEXT:   "t.a"() {x = affine_set<(d0) : (d0 >= 0)>, y = affine_set<(d0) : (d0 == 0)>} : () -> ()
// LOCAL-NEXT: }) : () -> ()
// -----
// Big tuples become !tuple aliases, numbered too.
"t.a"() : () -> (tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>, tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>)
// CHECK: !tuple = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
// CHECK-NEXT: !tuple1 = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   %0:2 = "t.a"() : () -> (!tuple, !tuple1)
// CHECK-NEXT: }) : () -> ()
// LOCAL: "builtin.module"() ({
// LOCAL-NEXT:   %0:2 = "t.a"() : () -> (tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>, tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>)
// LOCAL-NEXT: }) : () -> ()
// -----
// A 16-element tuple stays inline.
"t.a"() : () -> tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0 = "t.a"() : () -> tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
// CHECK-NEXT: }) : () -> ()
// LOCAL: "builtin.module"() ({
// LOCAL-NEXT:   %0 = "t.a"() : () -> tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
// LOCAL-NEXT: }) : () -> ()
// -----
// Aliases nested in other aliases are printed first.
"t.a"() : () -> memref<4xf32, affine_map<(d0) -> (d0 + 3)>>
"t.b"() {t = tuple<memref<4xf32, affine_map<(d0) -> (d0 + 3)>>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>} : () -> ()
// CHECK: #map = affine_map<(d0) -> (d0 + 3)>
// CHECK-NEXT: !tuple = tuple<memref<4xf32, #map>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   %0 = "t.a"() : () -> memref<4xf32, #map>
// CHECK-NEXT:   "t.b"() {t = !tuple} : () -> ()
// CHECK-NEXT: }) : () -> ()
// LOCAL: "builtin.module"() ({
// LOCAL-NEXT:   %0 = "t.a"() : () -> memref<4xf32, affine_map<(d0) -> (d0 + 3)>>
// LOCAL-NEXT:   "t.b"() {t = tuple<memref<4xf32, affine_map<(d0) -> (d0 + 3)>>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>} : () -> ()
// LOCAL-NEXT: }) : () -> ()
// -----
// User-written alias names are not kept.
#mine = affine_map<(d0) -> (d0 floordiv 2)>
!mine = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
"t.a"() {m = #mine} : () -> !mine
// CHECK: !tuple = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 floordiv 2)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   %0 = "t.a"() {m = #map} : () -> !tuple
// CHECK-NEXT: }) : () -> ()
// LOCAL: "builtin.module"() ({
// LOCAL-NEXT:   %0 = "t.a"() {m = affine_map<(d0) -> (d0 floordiv 2)>} : () -> tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
// LOCAL-NEXT: }) : () -> ()
// -----
// Aliases are used inside regions too.
"t.r"() ({
  "t.in"() {m = affine_map<(d0) -> (d0 mod 5)>} : () -> ()
}) : () -> ()
// CHECK: #map = affine_map<(d0) -> (d0 mod 5)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   "t.r"() ({
// CHECK-NEXT:     "t.in"() {m = #map} : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// LOCAL: "builtin.module"() ({
// LOCAL-NEXT:   "t.r"() ({
// LOCAL-NEXT:     "t.in"() {m = affine_map<(d0) -> (d0 mod 5)>} : () -> ()
// LOCAL-NEXT:   }) : () -> ()
// LOCAL-NEXT: }) : () -> ()
