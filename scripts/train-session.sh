#!/usr/bin/env bash
# One session's share of the model's training: the model trains a little in every session.
#
#   scripts/train-session.sh start            # data if missing, then resume in the background
#   scripts/train-session.sh status           # the run's last log lines
#   scripts/train-session.sh finish NAME      # stop, cool down a copy, export models/NAME,
#                                             # evaluate it beside models/default, keep the checkpoint
#
# The run resumes from runs/session/ckpt.pt when this machine has one, else from
# checkpoints/current.pt (committed, compact: bf16 weights and AdamW state, step, tokens, data position) at a constant learning rate, so any number of sessions chain
# into one run. The weights that ship come from a short linear cool-down of a copy
# (--schedule decay); the committed checkpoint stays the undecayed one. Without a
# checkpoint the run starts from the shipped model's weights (--init-onnx).
# Settings (environment): PY, LR, PROGRAMS, LONG_PROGRAMS, MIX_PROGRAMS, MIX, DECAY_MIN, PER_ACTION,
# THREADS, DATA (comma-separated data dirs; default data/corpus,data/longtrain,data/mix, which start
# builds when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PY:-/usr/bin/python3}
LR=${LR:-6e-4}
PROGRAMS=${PROGRAMS:-8000}
DECAY_MIN=${DECAY_MIN:-8}
PER_ACTION=${PER_ACTION:-200}
THREADS=${THREADS:-$(nproc)}
LONG_PROGRAMS=${LONG_PROGRAMS:-4000}
MIX_PROGRAMS=${MIX_PROGRAMS:-8000}
MIX=${MIX:-short=0.55,classes=0.45}
DATA=${DATA:-data/corpus,data/longtrain,data/mix}
RUN=runs/session
CKPT=checkpoints/current.pt
export PYTHONPATH=$ROOT/python

train() { "$PY" -m ndbg.train "$@"; }

case "${1:-}" in
start)
  mkdir -p runs
  if [ -f "$RUN/pid" ] && kill -0 "$(cat "$RUN/pid")" 2>/dev/null; then
    echo "a run is already going (pid $(cat "$RUN/pid")); scripts/train-session.sh status" >&2
    exit 1
  fi
  if [ ! -f data/corpus/meta.json ]; then
    echo "building data/corpus ($PROGRAMS programs, the shipped tokenizer)" >&2
    "$PY" -m ndbg.data build --programs "$PROGRAMS" --out data/corpus \
      --tokenizer "models/$(cat models/default)/tokenizer.json" --seed "$(date +%s)" > runs/data.out 2>&1
  fi
  if [[ ",$DATA," == *,data/longtrain,* && ! -f data/longtrain/meta.json ]]; then
    # long programs composed of generated ones (docs/training.md, "Long generated programs")
    echo "building data/longtrain ($LONG_PROGRAMS long programs)" >&2
    "$PY" -m ndbg.data build --programs "$LONG_PROGRAMS" --long-share 1 --out data/longtrain \
      --tokenizer "models/$(cat models/default)/tokenizer.json" --seed "$(($(date +%s) + 1))" > runs/data-long.out 2>&1
  fi
  if [[ ",$DATA," == *,data/mix,* && ! -f data/mix/meta.json ]]; then
    # short functions and class scripts (docs/generator.md, "Extra shapes")
    echo "building data/mix ($MIX_PROGRAMS programs: $MIX)" >&2
    "$PY" -m ndbg.data build --programs "$MIX_PROGRAMS" --mix "$MIX" --out data/mix \
      --tokenizer "models/$(cat models/default)/tokenizer.json" --seed "$(($(date +%s) + 2))" > runs/data-mix.out 2>&1
  fi
  if [ -f "$RUN/ckpt.pt" ]; then
    from=(--resume "$RUN/ckpt.pt")        # this machine's run, stopped and started again
  elif [ -f "$CKPT" ]; then
    from=(--resume "$CKPT")
  else
    from=(--init-onnx "models/$(cat models/default)/model.onnx")
  fi
  mkdir -p "$RUN"
  nohup "$PY" -m ndbg.train --data "$DATA" --out "$RUN" "${from[@]}" --schedule constant --lr "$LR" \
    --warmup 50 --minutes 100000 --threads "$THREADS" --quiet --eval-every 900 --ckpt-every 300 \
    > "$RUN.out" 2>&1 &
  echo $! > "$RUN/pid"
  echo "training in the background (pid $!): tail -f $RUN/log.jsonl" >&2
  ;;
status)
  tail -n 3 "$RUN/log.jsonl"
  ;;
finish)
  name=${2:?usage: scripts/train-session.sh finish NAME}
  if [ -f "$RUN/pid" ] && kill -0 "$(cat "$RUN/pid")" 2>/dev/null; then
    kill -TERM "$(cat "$RUN/pid")"          # the trainer checkpoints and exits
    while kill -0 "$(cat "$RUN/pid")" 2>/dev/null; do sleep 2; done
  fi
  rm -rf "$RUN-decay"
  train --data "$DATA" --out "$RUN-decay" --resume "$RUN/ckpt.pt" --schedule decay \
    --decay-minutes "$DECAY_MIN" --lr "$LR" --threads "$THREADS" --quiet --eval-every 1e9
  # the resumable checkpoint first: whatever fails after, the run can go on
  mkdir -p checkpoints
  "$PY" -m ndbg.learn.checkpoint compact "$RUN/ckpt.pt" "$CKPT"   # bf16: half the bytes in history
  echo "checkpoint for the next session: $CKPT (commit it when the run has moved on)" >&2
  "$PY" -m ndbg.export --ckpt "$RUN-decay/ckpt.pt" --out "models/$name"
  old=$(cat models/default)
  for m in "$name" "$old"; do
    # reading the ONNX weights back needs Python's onnx package (Debian: python3-onnx)
    if ! "$PY" -m ndbg.evaluate --model "models/$m" --data data/corpus --split test --per-action "$PER_ACTION" \
      --out "runs/eval-$m" > "runs/eval-$m.out" 2>&1; then
      echo "evaluating models/$m failed: runs/eval-$m.out" >&2
    fi
  done
  echo "models/$name and models/$old on the same test states: runs/eval-$name/eval.md, runs/eval-$old/eval.md" >&2
  echo "on programs people wrote: scripts/runtime-card.py measured models/$name --run" >&2
  ;;
*)
  sed -n '2,15p' "$0" >&2
  exit 2
  ;;
esac
