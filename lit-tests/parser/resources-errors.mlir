// Malformed file metadata: mlir-opt 22's diagnostics at its places (stderr
// compared byte for byte), and a zero alignment, on which mlir-opt crashes,
// rejected as not a power of two.
// REQUIRES: mlir-opt
// RUN: sed -e '/expected-error/d' -e '/ALIGN0/,$d' %s > %t.in
// RUN: not xopt %t.in --split-input-file --allow-unregistered-dialect 2> %t.x
// RUN: not mlir-opt %t.in --split-input-file --allow-unregistered-dialect 2> %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics

// expected-error@+2 {{unknown key 'bogus' in file metadata dictionary}}
{-#
bogus: {}
#-}
// -----
// expected-error@+2 {{dialect 'foo' is unknown}}
{-#
dialect_resources: { foo: { x: "0x0100000001" } }
#-}
// -----
// expected-error@+2 {{unexpected 'resource' section for dialect 'func'}}
{-#
dialect_resources: { func: { x: "0x0100000001" } }
#-}
// -----
// expected-error@+2 {{expected hex string blob for key 'b'}}
{-#
dialect_resources: { builtin: { b: true } }
#-}
// -----
// expected-error@+2 {{expected hex string blob for key 'b' to encode alignment in first 4 bytes}}
{-#
dialect_resources: { builtin: { b: "0x01" } }
#-}
// -----
// expected-error@+2 {{expected hex string blob for key 'b' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3}}
{-#
dialect_resources: { builtin: { b: "0x0300000001" } }
#-}
// -----
// expected-error@+2 {{expected identifier key for 'resource' entry}}
{-#
dialect_resources: { builtin: { 9b: "0x0100000001" } }
#-}
// -----
// expected-error@+2 {{expected string value for key 'x'}}
{-#
external_resources: { tool: { x: 1 } }
#-}
// -----
// expected-error@+2 {{expected ':'}}
{-#
dialect_resources { }
#-}
// -----
// expected-error@+2 {{expected ',' or '}'}}
{-#
dialect_resources: { builtin: { b: "0x0100000001" extra } }
#-}
// -----
// ALIGN0
// expected-error@+2 {{expected hex string blob for key 'b' to encode alignment in first 4 bytes, but got non-power-of-2 value: 0}}
{-#
dialect_resources: { builtin: { b: "0x0000000001" } }
#-}
