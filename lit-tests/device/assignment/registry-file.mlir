// --device-target-registry=FILE (or registry=FILE): one #device.target per line adds
// or overrides a kind; the kind is the target's first parameter.
// RUN: xopt %s --device-assignment-pipeline --device-target-registry=%S/Inputs/registry.txt | xcheck %s
// RUN: not xopt %s --device-assignment-pipeline 2>&1 | xcheck %s --check-prefix=UNKNOWN
// RUN: not xopt %s --device-assignment-pipeline --device-target-registry=%S/Inputs/registry-not-target.txt 2>&1 | xcheck %s --check-prefix=NOTTARGET
// RUN: not xopt %s --device-assignment-pipeline --device-target-registry=%S/Inputs/registry-twice.txt 2>&1 | xcheck %s --check-prefix=TWICE
// RUN: not xopt %s --device-assignment-pipeline --device-target-registry=%S/Inputs/registry-syntax.txt 2>&1 | xcheck %s --check-prefix=SYNTAX
// RUN: not xopt %s --device-assignment-pipeline --device-target-registry=%S/Inputs/missing.txt 2>&1 | xcheck %s --check-prefix=MISSING
// RUN: not xopt %s --device-materialize --device-target-registry=%S/Inputs/registry.txt 2>&1 | xcheck %s --check-prefix=NOEFFECT

// CHECK: device.global @n = #device.target<"npu", {cores = 4 : i64, ordinal = 2 : i64}, ["npu-bin"]>
// CHECK: device.global @g = #device.target<"vulkan", {spirv_version = "1.6"}, ["spirv", "spirv-khr"]>
// UNKNOWN: error: 'device.global' op unknown device kind 'npu'; known kinds: local, reference, vulkan
// NOTTARGET: xopt: for the --device-target-registry option: {{.*}}registry-not-target.txt:2: expected a #device.target, got '#device.alias<"b">'
// TWICE: xopt: for the --device-target-registry option: {{.*}}registry-twice.txt:2: device kind 'a' is already defined on line 1
// SYNTAX: xopt: for the --device-target-registry option: {{.*}}registry-syntax.txt:1: expected attribute value
// MISSING: xopt: for the --device-target-registry option: cannot read device target registry '{{.*}}missing.txt':
// NOEFFECT: xopt: --device-target-registry has no effect: the pipeline has no device-resolve-aliases pass
module attributes {device.order = [@n, @g], device.targets = {g = #device.alias<"vulkan">, n = #device.alias<"npu"[2]>}} {}
