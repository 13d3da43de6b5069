// Bad device specs, from the flag and from the pass option: each error names the bad
// part, and nothing runs.
// RUN: not xopt %s --target-device='vulkan[x]' 2>&1 | xcheck %s --check-prefix=ORD
// RUN: not xopt %s --target-device='vulkan[1' 2>&1 | xcheck %s --check-prefix=BRACKET
// RUN: not xopt %s --target-device=vulkan,,local 2>&1 | xcheck %s --check-prefix=EMPTYITEM
// RUN: not xopt %s --target-device='a b=local' 2>&1 | xcheck %s --check-prefix=NAME
// RUN: not xopt %s --target-device=x= 2>&1 | xcheck %s --check-prefix=NODEV
// RUN: not xopt %s --target-device=vu/lkan 2>&1 | xcheck %s --check-prefix=KIND
// RUN: not xopt %s --target-device='#device.affinity<@a>' 2>&1 | xcheck %s --check-prefix=NOTDEV
// RUN: not xopt %s --target-device='#device.target<vulkan>' 2>&1 | xcheck %s --check-prefix=LITERAL
// RUN: not xopt %s --target-device= 2>&1 | xcheck %s --check-prefix=EMPTY
// RUN: not xopt %s --target-device=a=local --target-device=a=vulkan 2>&1 | xcheck %s --check-prefix=TWICE
// RUN: not xopt %s --target-device=__device_1=local --target-device=vulkan 2>&1 | xcheck %s --check-prefix=TWICEPOS
// RUN: not xopt %s --pass-pipeline='builtin.module(device-assign-targets{targets=local,,vulkan})' 2>&1 | xcheck %s --check-prefix=OPTEMPTY
// RUN: not xopt %s --pass-pipeline='builtin.module(device-assign-targets{targets=})' 2>&1 | xcheck %s --check-prefix=OPTNONE
// RUN: not xopt %s --pass-pipeline='builtin.module(device-assign-targets{targets=vulkan[x]})' 2>&1 | xcheck %s --check-prefix=OPTORD
// RUN: not xopt %s --target-device=local --pass-pipeline='builtin.module(device-assign-targets{targets=vulkan})' 2>&1 | xcheck %s --check-prefix=CONFLICT

// ORD: xopt: for the --target-device option: bad device ordinal 'x' in 'vulkan[x]'
// BRACKET: xopt: for the --target-device option: expected ']' at the end of 'vulkan[1'
// EMPTYITEM: xopt: for the --target-device option: empty device in select list 'vulkan,,local'
// NAME: xopt: for the --target-device option: bad device name 'a b' in 'a b=local'
// NODEV: xopt: for the --target-device option: no device after '=' in 'x='
// KIND: xopt: for the --target-device option: bad device kind 'vu/lkan' in 'vu/lkan'
// NOTDEV: xopt: for the --target-device option: '#device.affinity<@a>' is not a device attribute
// LITERAL: xopt: for the --target-device option: bad device '#device.target<vulkan>': expected device kind string
// EMPTY: xopt: for the --target-device option: empty device spec
// TWICE: xopt: for the --target-device option: device 'a' is given twice
// TWICEPOS: xopt: for the --target-device option: device '__device_1' is given twice
// OPTEMPTY: xopt: for the --targets option: empty device spec
// OPTEMPTY-NEXT: <unknown>:0: error:
// OPTEMPTY-NEXT: failed to add `device-assign-targets` with options `targets=local,,vulkan`
// OPTNONE: xopt: for the --targets option: expected at least one device
// OPTORD: xopt: for the --targets option: bad device ordinal 'x' in 'vulkan[x]'
// CONFLICT: xopt: --target-device conflicts with the options of device-assign-targets in the pipeline
module {}
