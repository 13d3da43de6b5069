import os, sys, subprocess, shlex, tempfile, re
cases = sys.argv[1]; XC = sys.argv[2]; FC = "/usr/lib/llvm-22/bin/FileCheck"
only = sys.argv[3] if len(sys.argv) > 3 else None
def parse(path):
    t = open(path, newline="").read()
    hdr, rest = t.split("--- check\n", 1)
    check, inp = rest.split("--- input\n", 1)
    h = {}
    for l in hdr.splitlines():
        k, _, v = l[2:].partition(":"); h[k.strip()] = v.strip()
    if "input-no-eol" in h: inp = inp[:-1]
    return h, check, inp
def run(tool, args, check, inp):
    d = tempfile.mkdtemp()
    open(os.path.join(d, "check.txt"), "w", newline="").write(check)
    r = subprocess.run([tool, "check.txt"] + shlex.split(args), input=inp.encode(), cwd=d, capture_output=True)
    return r.returncode, r.stderr.decode(errors="replace")
bad_rc = bad_err = 0
for f in sorted(os.listdir(cases)):
    if not f.endswith(".txt") or (only and only not in f): continue
    h, check, inp = parse(os.path.join(cases, f))
    r1, e1 = run(FC, h["args"], check, inp)
    r2, e2 = run(XC, h["args"], check, inp)
    e1n = e1.replace("/usr/lib/llvm-22/bin/FileCheck", "xcheck").replace("FileCheck", "xcheck")
    if r1 != r2:
        bad_rc += 1
        print(f"RC MISMATCH {f}: FC={r1} XC={r2}")
        print("--- FC\n" + e1 + "--- XC\n" + e2)
    elif e1n != e2:
        bad_err += 1
        if only or "-v" in sys.argv[4:]:
            print(f"STDERR MISMATCH {f}")
            print("--- FC\n" + e1 + "--- XC\n" + e2)
        else:
            print(f"STDERR MISMATCH {f}")
print("rc mismatches", bad_rc, "stderr mismatches", bad_err)
