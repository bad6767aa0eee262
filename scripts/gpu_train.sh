#!/usr/bin/env bash
# One prepared GPU run: build data with all cores, train, export, evaluate, write the card.
# For a lent machine with PyTorch, CUDA and no network (e.g. one H200); see docs/training.md.
#
#   OUT=/path/to/out bash scripts/gpu_train.sh          # from the repository root
#
# Everything that should come back is written under $OUT (the model in <= 16 MiB parts,
# its card, eval.json, the training log, the data's meta.json); data and checkpoints stay
# in $WORK. Settings (environment, defaults for one H200 and a 10-minute device limit):
#   PY=python3  CONFIG=large  MINUTES=10  PROGRAMS=60000  BATCH=32  LR=1e-3
#   EVAL_PER_ACTION=500  DEVICE=cuda  NAME=gpu-$CONFIG  WORK=/tmp/ndbg-gpu
#   TOKENIZER=path/tokenizer.json   reuse a tokenizer (needed to continue a shipped model)
#   INIT_ONNX=models/X/model.onnx   start from a shipped model's weights (same tokenizer!)
#   STAGES="data train export eval"  run only some stages (later ones reuse $WORK)
#   DEADLINE=570   seconds for the whole script: training is shortened so that export
#                  and evaluation (RESERVE=150 s) still fit (for a device command limit)
# CPU smoke test (tiny sizes, what the tests run):
#   OUT=/tmp/o DEVICE=cpu CONFIG=tiny MINUTES=0.2 PROGRAMS=300 BATCH=4 EVAL_PER_ACTION=5 bash scripts/gpu_train.sh
set -euo pipefail

: "${OUT:?set OUT to the output directory}"
PY=${PY:-python3}
CONFIG=${CONFIG:-large}
MINUTES=${MINUTES:-10}
PROGRAMS=${PROGRAMS:-60000}
BATCH=${BATCH:-32}
LR=${LR:-1e-3}
WARMUP=${WARMUP:-200}
EVAL_PER_ACTION=${EVAL_PER_ACTION:-500}
DEVICE=${DEVICE:-cuda}
NAME=${NAME:-gpu-$CONFIG}
WORK=${WORK:-/tmp/ndbg-gpu}
STAGES=${STAGES:-data train export eval}
TOKENIZER=${TOKENIZER:-}
INIT_ONNX=${INIT_ONNX:-}
DEADLINE=${DEADLINE:-0}
RESERVE=${RESERVE:-150}
T0=$(date +%s)

ROOT=$(cd "$(dirname "$0")/.." && pwd)
export PYTHONPATH="$ROOT/python${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONHASHSEED=0
DATA=$WORK/data
RUN=$WORK/run-$NAME
MODEL=$OUT/$NAME
mkdir -p "$OUT" "$WORK"
LOG=$OUT/gpu_train.log
exec > >(tee -a "$LOG") 2>&1
stage() { [[ " $STAGES " == *" $1 "* ]]; }
say() { echo "[gpu_train $(date +%H:%M:%S)] $*"; }

say "host $(hostname), $(nproc) cores; python $($PY -c 'import sys; print(sys.version.split()[0])')"
$PY -c 'import torch; print("torch", torch.__version__, "cuda", torch.cuda.is_available(),
        torch.cuda.get_device_name(0) if torch.cuda.is_available() else "")'
if [[ $DEVICE == cuda ]] && ! $PY -c 'import torch, sys; sys.exit(not torch.cuda.is_available())'; then
  say "no CUDA device; set DEVICE=cpu for a smoke test"; exit 1
fi

if stage data; then
  say "building data: $PROGRAMS programs with all cores -> $DATA"
  rm -rf "$DATA"
  $PY -m ndbg.data build --programs "$PROGRAMS" --out "$DATA" ${TOKENIZER:+--tokenizer "$TOKENIZER"}
  cp "$DATA/meta.json" "$OUT/data-meta.json"
fi

if stage train; then
  if [[ $DEADLINE -gt 0 ]]; then
    MINUTES=$($PY -c "print(round(max(0.5, min($MINUTES, ($DEADLINE - ($(date +%s) - $T0) - $RESERVE) / 60)), 2))")
  fi
  say "training $CONFIG for $MINUTES minutes on $DEVICE -> $RUN"
  rm -rf "$RUN"
  NGPU=1
  if [[ $DEVICE == cuda ]]; then NGPU=$($PY -c 'import torch; print(torch.cuda.device_count())'); fi
  if [[ -n $INIT_ONNX ]]; then SIZE=(--init-onnx "$INIT_ONNX"); else SIZE=(--config "$CONFIG"); fi
  ARGS=(--data "$DATA" --out "$RUN" "${SIZE[@]}" --minutes "$MINUTES" --batch-size "$BATCH"
        --lr "$LR" --warmup "$WARMUP" --device "$DEVICE" --eval-every 60 --ckpt-every 120 --quiet)
  if [[ $NGPU -gt 1 ]]; then
    $PY -m torch.distributed.run --standalone --nproc_per_node "$NGPU" -m ndbg.train "${ARGS[@]}"
  else
    $PY -m ndbg.train "${ARGS[@]}"
  fi
  cp "$RUN/log.jsonl" "$OUT/train-log.jsonl"
fi

if stage export; then
  # node (for the onnxruntime-node check) may be missing here: then check after fetching,
  # with `python -m ndbg.export --check <model dir>`.
  CHECK=(); command -v node >/dev/null && [[ -d "$ROOT/node_modules/onnxruntime-node" ]] || CHECK=(--no-check)
  say "exporting -> $MODEL (parts of <= 16 MiB) ${CHECK[*]:-with the onnxruntime-node check}"
  rm -rf "$MODEL"
  $PY -m ndbg.export --ckpt "$RUN/ckpt.pt" --out "$MODEL" --weights auto --parts-mb 16 ${CHECK[@]+"${CHECK[@]}"}
fi

if stage eval; then
  say "evaluating the exported weights on the test split"
  $PY -m ndbg.evaluate --model "$MODEL" --data "$DATA" --split test --per-action "$EVAL_PER_ACTION" \
      --device "$DEVICE" --card
fi

say "done; $OUT:"
ls -la "$OUT" "$MODEL" 2>/dev/null || true
say "join the model with: cat $NAME/model.onnx.part-* > $NAME/model.onnx (or ship the parts; see models/README.md)"
