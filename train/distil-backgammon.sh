#!/usr/bin/env bash
# Backgammon's shipped net, taught by GNU Backgammon (train/README.md,
# "Backgammon: taught by gnubg"): from a self-play net, three rounds of
# self-play positions labelled with gnubg's 0-ply evaluation, and a net of
# 256 hidden units fitted to them (the last fits with Adam).
#
#   train/distil-backgammon.sh [OUT_DIR] [SELF_PLAY_NET]
#
# OUT_DIR (default /tmp/racegames-distil) gets the labels (about 350 MB),
# each round's net and backgammon.net; SELF_PLAY_NET defaults to
# train/nets/backgammon-self-play.net (the TD net that backgammon's plan
# in train-all.sh trains). Needs gnubg (/usr/games/gnubg, or GNUBG). Seeded
# and deterministic: the same gnubg gives the same net. About 55 minutes
# on two cores (the labelling runs 16 gnubg processes side by side; each
# answer waits about 10 ms in gnubg, so they share a core).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/racegames-distil}
td=${2:-train/nets/backgammon-self-play.net}
gnubg=${GNUBG:-/usr/games/gnubg}
mkdir -p "$out"
cargo build --quiet --profile quick -p racegames-train
bin=target/quick/racegames-train
label() { "$bin" label --gnubg "$gnubg" --workers 16 "$@"; }

label --net "$td" --games 6000 --seed 1 --out "$out/labels1.tsv"
"$bin" fit --labels "$out/labels1.tsv" --hidden 256 --epochs 20 --lr 0.05 --lr-end 0.002 \
    --seed 1 --out "$out/round1.net"
label --net "$out/round1.net" --games 8000 --seed 2 --out "$out/labels2.tsv"
cat "$out/labels1.tsv" "$out/labels2.tsv" >"$out/labels.tsv"
"$bin" fit --labels "$out/labels.tsv" --init "$out/round1.net" --epochs 15 --lr 0.02 \
    --lr-end 0.001 --seed 1 --out "$out/round2.net"
label --net "$out/round2.net" --games 16000 --seed 3 --out "$out/labels3.tsv"
cat "$out/labels.tsv" "$out/labels3.tsv" >"$out/labels-all.tsv"
"$bin" fit --labels "$out/labels-all.tsv" --init "$out/round2.net" --optimizer adam --epochs 16 \
    --lr 0.001 --lr-end 0.00002 --seed 1 --out "$out/round3.net"
"$bin" fit --labels "$out/labels-all.tsv" --init "$out/round3.net" --optimizer adam --epochs 12 \
    --lr 0.0003 --lr-end 0.00001 --seed 1 --out "$out/backgammon.net"
