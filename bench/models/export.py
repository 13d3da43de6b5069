"""Exports the real models of the judge and the census with torch.onnx.export.
Run by hand (CI has no torch): needs torch, torchvision, transformers, onnx,
onnxscript and numpy.

    export.py [--out DIR] [--models a,b,...] [--exporters ts17,dynamo18] [--dynamic-batch] [--skeletons]

Random weights (torch.manual_seed(0) before each model is built), batch 1,
eval mode. Each model is exported twice: `ts17` is the TorchScript exporter
(dynamo=False) at opset 17, which folds BatchNormalization into the convs;
`dynamo18` is the dynamo exporter (dynamo=True) at opset 18, which keeps it
(with a recent onnxscript, 0.7.2 here, only because export.py drops that
optimizer's BatchNormalization folding rule; see keep_batchnorm).
Files are DIR/<model>.<exporter>.onnx (DIR: /work/models-export); a model or
exporter that fails is reported and skipped. --dynamic-batch exports with a
dynamic batch dim (`dim_param` "batch"), as <model>.<exporter>.dynamic.onnx. --skeletons also writes the
skeletons (skeleton.py) of the judged models to bench/models/skeletons/.

The judged models (JUDGED) have skeletons checked in and run in CI
(frontends/onnx/tests/models.rs); the others are the census's
(census.py): other torchvision families, classification and segmentation.
"""
import argparse
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
JUDGED = ["resnet18", "mobilenet_v2", "squeezenet1_1", "vit", "whisper_encoder"]
EXPORTERS = {"ts17": (False, 17), "dynamo18": (True, 18)}

# The small transformer configs (cheap to run in a debug build).
VIT = dict(hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128,
           image_size=32, patch_size=8, num_channels=3)
WHISPER = dict(d_model=64, encoder_layers=2, encoder_attention_heads=4, encoder_ffn_dim=128,
               decoder_layers=1, decoder_attention_heads=4, decoder_ffn_dim=128,
               num_mel_bins=16, max_source_positions=32, max_target_positions=32)


def torchvision_model(name):
    import torchvision.models as tv
    import torchvision.models.segmentation as seg

    kw = {"weights": None}
    if name == "googlenet":
        kw.update(aux_logits=False, init_weights=True)
    if name in ("fcn_resnet50", "deeplabv3_mobilenet_v3_large", "lraspp_mobilenet_v3_large"):
        kw.update(weights_backbone=None)
        if name != "lraspp_mobilenet_v3_large":
            kw.update(aux_loss=False)
        return fields_of(getattr(seg, name)(**kw), ["out"])
    return getattr(tv, name)(**kw)


def fields_of(model, fields):
    """model, returning the listed fields of its dict or ModelOutput result
    (one tensor, or a tuple)."""
    import torch

    class Fields(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.m = model

        def forward(self, x):
            r = self.m(x)
            out = tuple(r[f] for f in fields)
            return out[0] if len(out) == 1 else out

    return Fields()


CLASSIFIERS = [
    "resnet18", "mobilenet_v2", "squeezenet1_1",
    "shufflenet_v2_x0_5", "mnasnet0_5", "efficientnet_b0", "regnet_x_400mf", "googlenet",
    "densenet121", "vgg11", "alexnet", "convnext_tiny", "mobilenet_v3_small", "resnext50_32x4d",
]
SEGMENTATION = ["fcn_resnet50", "deeplabv3_mobilenet_v3_large", "lraspp_mobilenet_v3_large"]
ALL = JUDGED + [m for m in CLASSIFIERS + SEGMENTATION if m not in JUDGED]


def build(name):
    """(module, example input) for a model name, weights from seed 0."""
    import torch

    torch.manual_seed(0)
    if name == "vit":
        from transformers import ViTConfig, ViTModel

        m = fields_of(ViTModel(ViTConfig(**VIT)), ["last_hidden_state", "pooler_output"])
        x = torch.randn(1, VIT["num_channels"], VIT["image_size"], VIT["image_size"])
    elif name == "whisper_encoder":
        from transformers import WhisperConfig
        from transformers.models.whisper.modeling_whisper import WhisperEncoder

        m = fields_of(WhisperEncoder(WhisperConfig(**WHISPER)), ["last_hidden_state"])
        # The encoder takes exactly 2 * max_source_positions frames (two convs, the second stride 2).
        x = torch.randn(1, WHISPER["num_mel_bins"], 2 * WHISPER["max_source_positions"])
    else:
        m = torchvision_model(name)
        x = torch.randn(1, 3, 224, 224)
    return m.eval(), x


def export(name, exporter, out, dynamic_batch=False):
    import torch

    dynamo, opset = EXPORTERS[exporter]
    m, x = build(name)
    suffix = ".dynamic" if dynamic_batch else ""
    path = out / f"{name}.{exporter}{suffix}.onnx"
    kw = dict(opset_version=opset, dynamo=dynamo, input_names=["input"])
    if dynamic_batch:
        # An example batch of 2: dynamo would fix an axis exported at 1.
        x = torch.cat([x, x])
        if dynamo:
            kw.update(dynamic_shapes=({0: torch.export.Dim("batch")},))
        else:
            kw.update(dynamic_axes={"input": {0: "batch"}})
    if dynamo:
        kw.update(external_data=False)
    with torch.no_grad(), keep_batchnorm(dynamo):
        torch.onnx.export(m, (x,), str(path), **kw)
    return path


class keep_batchnorm:
    """While exporting with dynamo, leaves BatchNormalization nodes alone:
    recent onnxscript optimizers (0.7.2 here, which torch.onnx's dynamo
    exporter runs) fold them into the convs, as the TorchScript exporter
    always did; older ones kept them, and the judge wants one exporter that
    does (xir folds them itself). Only that rewrite rule is dropped; the
    rest of the exporter's optimization runs as it would."""

    def __init__(self, active):
        self.active, self.saved = active, None

    def __enter__(self):
        if not self.active:
            return self
        try:
            from onnxscript import rewriter
            from onnxscript.rewriter.rules.common import _fuse_batchnorm
        except ImportError:
            return self
        self.saved = rewriter._DEFAULT_REWRITE_RULES
        drop = set(map(id, _fuse_batchnorm.rules))
        rewriter._DEFAULT_REWRITE_RULES = tuple(r for r in self.saved if id(r) not in drop)
        return self

    def __exit__(self, *exc):
        if self.saved is not None:
            from onnxscript import rewriter

            rewriter._DEFAULT_REWRITE_RULES = self.saved
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/work/models-export")
    ap.add_argument("--models", default=",".join(ALL),
                    help=f"comma list (default all: {','.join(ALL)}); 'judged' for the five")
    ap.add_argument("--exporters", default="ts17,dynamo18")
    ap.add_argument("--dynamic-batch", action="store_true",
                    help="export with a dynamic batch dim named 'batch' (<model>.<exporter>.dynamic.onnx)")
    ap.add_argument("--skeletons", action="store_true",
                    help="also write the judged models' skeletons to bench/models/skeletons/")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    models = JUDGED if args.models == "judged" else [m for m in args.models.split(",") if m]
    failed = []
    for name in models:
        for exporter in args.exporters.split(","):
            t = time.time()
            try:
                path = export(name, exporter, out, args.dynamic_batch)
            except Exception as e:  # one model's failure is reported, the rest go on
                failed.append(f"{name}.{exporter}")
                print(f"{name}.{exporter}: EXPORT FAILED: {type(e).__name__}: "
                      f"{str(e).strip().splitlines()[0][:300] if str(e).strip() else ''}",
                      flush=True)
                traceback.print_exc(limit=3, file=sys.stderr)
                continue
            size = path.stat().st_size
            print(f"{path.name}: {size / 1e6:.1f} MB in {time.time() - t:.1f} s", flush=True)
            if args.skeletons and name in JUDGED:
                import onnx

                sys.path.insert(0, str(HERE))
                import skeleton

                model = onnx.load(str(path))
                skeleton.skeletonize(model)
                dst = HERE / "skeletons" / path.name
                dst.parent.mkdir(exist_ok=True)
                onnx.save(model, str(dst))
                print(f"  skeleton {dst.relative_to(HERE.parent.parent)}: "
                      f"{dst.stat().st_size / 1e3:.1f} kB", flush=True)
    if failed:
        print(f"export failed for: {', '.join(failed)}")


if __name__ == "__main__":
    main()
