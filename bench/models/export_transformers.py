"""Exports the small transformer models of the judge with torch.onnx.export.
Run by hand (CI has no torch): needs torch, transformers, onnx, onnxscript.

    export_transformers.py [--out DIR] [--models a,b,...] [--exporters ts17,dynamo18]
                           [--shapes static,dynamic]

Random weights (torch.manual_seed(0) before each model is built, models made
from config objects, never from_pretrained, so no network), eval mode, no KV
cache. Each model returns its last_hidden_state only (a wrapper drops the
rest of the ModelOutput). Each model is exported four ways:

  ts17      the TorchScript exporter (dynamo=False) at opset 17,
  dynamo18  the dynamo exporter (dynamo=True) at opset 18, weights inside
            the file (external_data=False),

each `static` (batch 1, seq 16) and `dynamic` (batch and sequence axes
symbolic: dynamic_axes for TorchScript, torch.export.Dim for dynamo; vit's
image size is fixed, so only its batch is). Files are
DIR/<model>.<exporter>.<static|dynamic>.onnx (DIR:
/work/models-export/transformers); a way that fails is reported and skipped.

bert_bench is a larger BERT (hidden 512, 4 layers) for a benchmark at seq 128.
"""
import argparse
import sys
import time
import traceback
from pathlib import Path

EXPORTERS = {"ts17": (False, 17), "dynamo18": (True, 18)}
SHAPES = ["static", "dynamic"]
MODELS = ["bert", "bert_bench", "gpt2", "llama", "distilbert", "t5_encoder", "vit"]
STATIC = (1, 16)  # batch, seq
# Dynamic exports trace at batch 2: torch.export specializes an example size
# of 1 (0/1 specialization), which would pin the batch axis to 1.
DYNAMIC = (2, 16)
VOCAB = 1000

# The small configs: 2 layers, hidden 128, 4 heads (cheap in a debug build).
SMALL = dict(vocab_size=VOCAB, hidden_size=128, num_hidden_layers=2, num_attention_heads=4,
             intermediate_size=512, max_position_embeddings=512)
BERT_BENCH = dict(SMALL, hidden_size=512, num_hidden_layers=4, num_attention_heads=8,
                  intermediate_size=2048)
GPT2 = dict(vocab_size=VOCAB, n_embd=128, n_layer=2, n_head=4, n_inner=512, n_positions=512,
            use_cache=False)
LLAMA = dict(vocab_size=VOCAB, hidden_size=128, num_hidden_layers=2, num_attention_heads=4,
             num_key_value_heads=2, intermediate_size=256, max_position_embeddings=512,
             use_cache=False)
DISTILBERT = dict(vocab_size=VOCAB, dim=128, n_layers=2, n_heads=4, hidden_dim=512,
                  max_position_embeddings=512)
T5 = dict(vocab_size=VOCAB, d_model=128, d_kv=32, d_ff=256, num_layers=2, num_heads=4,
          use_cache=False)
VIT = dict(hidden_size=128, num_hidden_layers=2, num_attention_heads=4, intermediate_size=512,
           image_size=32, patch_size=8, num_channels=3)

# Which inputs each model takes (in the wrapper's positional order).
INPUTS = {
    "bert": ["input_ids", "attention_mask", "token_type_ids"],
    "bert_bench": ["input_ids", "attention_mask", "token_type_ids"],
    "gpt2": ["input_ids", "attention_mask"],
    "llama": ["input_ids", "attention_mask"],
    "distilbert": ["input_ids", "attention_mask"],
    "t5_encoder": ["input_ids", "attention_mask"],
    "vit": ["pixel_values"],
}


def hidden_state_of(model, names):
    """model, taking `names` positionally and returning last_hidden_state only."""
    import torch

    class LastHidden(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.m = model

        def forward(self, *args):
            return self.m(**dict(zip(names, args))).last_hidden_state

    return LastHidden()


def build(name):
    """The wrapped model for a name, weights from seed 0."""
    import torch
    import transformers as tf

    torch.manual_seed(0)
    if name in ("bert", "bert_bench"):
        m = tf.BertModel(tf.BertConfig(**(SMALL if name == "bert" else BERT_BENCH)),
                         add_pooling_layer=False)
    elif name == "gpt2":
        m = tf.GPT2Model(tf.GPT2Config(**GPT2))
    elif name == "llama":
        m = tf.LlamaModel(tf.LlamaConfig(**LLAMA))
    elif name == "distilbert":
        m = tf.DistilBertModel(tf.DistilBertConfig(**DISTILBERT))
    elif name == "t5_encoder":
        m = tf.T5EncoderModel(tf.T5Config(**T5))
    elif name == "vit":
        m = tf.ViTModel(tf.ViTConfig(**VIT), add_pooling_layer=False)
    else:
        raise ValueError(f"unknown model {name}")
    return hidden_state_of(m.eval(), INPUTS[name]).eval()


def example(name, batch, seq, seed=1):
    """Inputs for a model: token ids, an all-ones attention mask with the last
    position of the last row masked (so the mask is not constant-foldable by
    value), zero token types; or an image for vit. Numpy arrays."""
    import numpy as np

    rng = np.random.default_rng(seed)
    if name == "vit":
        return [rng.standard_normal((batch, VIT["num_channels"], VIT["image_size"],
                                     VIT["image_size"])).astype(np.float32)]
    out = []
    for n in INPUTS[name]:
        if n == "input_ids":
            out.append(rng.integers(0, VOCAB, (batch, seq), dtype=np.int64))
        elif n == "attention_mask":
            mask = np.ones((batch, seq), dtype=np.int64)
            mask[-1, -1] = 0
            out.append(mask)
        else:
            out.append(np.zeros((batch, seq), dtype=np.int64))
    return out


def dynamic_spec(name, dynamo):
    """The dynamic axes: batch always, seq for token inputs."""
    names = INPUTS[name]
    if not dynamo:
        axes = {n: ({0: "batch"} if name == "vit" else {0: "batch", 1: "seq"}) for n in names}
        axes["last_hidden_state"] = {0: "batch"} if name == "vit" else {0: "batch", 1: "seq"}
        return axes
    from torch.export import Dim

    batch = Dim("batch", min=1, max=64)
    seq = Dim("seq", min=2, max=512)
    # One entry: the wrapper's forward has a single parameter, *args.
    if name == "vit":
        return (({0: batch},),)
    return (tuple({0: batch, 1: seq} for _ in names),)


def export(name, exporter, shapes, out):
    import torch

    dynamo, opset = EXPORTERS[exporter]
    m = build(name)
    batch, seq = STATIC if shapes == "static" else DYNAMIC
    args = tuple(torch.from_numpy(a) for a in example(name, batch, seq))
    path = out / f"{name}.{exporter}.{shapes}.onnx"
    kw = dict(opset_version=opset, dynamo=dynamo, input_names=list(INPUTS[name]),
              output_names=["last_hidden_state"])
    if dynamo:
        kw.update(external_data=False)
        if shapes == "dynamic":
            kw.update(dynamic_shapes=dynamic_spec(name, True))
    elif shapes == "dynamic":
        kw.update(dynamic_axes=dynamic_spec(name, False))
    with torch.no_grad():
        torch.onnx.export(m, args, str(path), **kw)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/work/models-export/transformers")
    ap.add_argument("--models", default=",".join(MODELS), help="comma list (default all)")
    ap.add_argument("--exporters", default="ts17,dynamo18")
    ap.add_argument("--shapes", default="static,dynamic")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    failed = []
    for name in [m for m in args.models.split(",") if m]:
        for exporter in args.exporters.split(","):
            for shapes in args.shapes.split(","):
                tag = f"{name}.{exporter}.{shapes}"
                t = time.time()
                try:
                    path = export(name, exporter, shapes, out)
                except Exception as e:  # one way's failure is reported, the rest go on
                    failed.append(tag)
                    msg = str(e).strip()
                    print(f"{tag}: EXPORT FAILED: {type(e).__name__}: "
                          f"{msg.splitlines()[0][:300] if msg else ''}", flush=True)
                    traceback.print_exc(limit=3, file=sys.stderr)
                    continue
                extra = [p.name for p in out.glob(path.name + "*") if p != path]
                print(f"{path.name}: {path.stat().st_size / 1e6:.1f} MB in "
                      f"{time.time() - t:.1f} s" + (f" (also {extra})" if extra else ""),
                      flush=True)
    if failed:
        print(f"export failed for: {', '.join(failed)}")


if __name__ == "__main__":
    main()
