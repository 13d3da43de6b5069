import os, sys, subprocess, shlex, tempfile
sys.path.insert(0, os.path.dirname(__file__))
from cases import C
FC = "/usr/lib/llvm-22/bin/FileCheck"
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for f in os.listdir(out):
    if f.endswith(".txt"): os.remove(os.path.join(out, f))
def run(tool, args, check, inp):
    d = tempfile.mkdtemp()
    open(os.path.join(d, "check.txt"), "w", newline="").write(check)
    r = subprocess.run([tool, "check.txt"] + shlex.split(args), input=inp.encode(), cwd=d, capture_output=True)
    return r.returncode, r.stderr.decode(errors="replace")
for i, (name, args, check, inp) in enumerate(C, 1):
    rc, err = run(FC, args, check, inp)
    hdr = [f"# args: {args}", f"# exit: {rc}"]
    noeol = inp and not inp.endswith("\n")
    if noeol: hdr.append("# input-no-eol")
    body = "\n".join(hdr) + "\n--- check\n" + check + "--- input\n" + inp + ("\n" if noeol else "")
    open(os.path.join(out, f"{i:03d}-{name}.txt"), "w", newline="").write(body)
print(len(C))
