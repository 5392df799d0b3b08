#!/usr/bin/env bash
# Trains the learned evaluation of every dice game, one after the other,
# with each game's settings (train/README.md, "Every game").
#
#   train/train-all.sh [OUT_DIR] [GAME ...]
#
# OUT_DIR (default players/nets) gets GAME.net and GAME.log for each GAME
# (default: all of them); backgammon's is the self-play net taught by gnubg
# (train/distil-backgammon.sh, where gnubg is installed). Single-threaded
# and seeded: the same command gives the same nets, unless a run reaches
# its time limit (--max-seconds, a guard well above its usual time), which
# stops it at a checkpoint.
# Runs under `nice` on the `quick` profile (optimised, no fat LTO).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-players/nets}
shift || true
mkdir -p "$out"

# GAME HIDDEN GAMES LR LR_END MAX_SECONDS [INIT]: a game of three dice
# on 24 points starts from the Seys dos e as net (the same encoding), so
# that its few games refine a net that already plays the tables; its
# HIDDEN is then the Seys net's.
plan="
backgammon        128 400000 0.1  0.01 7200
seys_dos_e_as      80  20000 0.1  0.01 7200
daldos             80 100000 0.1  0.01 7200
daldos_norwegian   80 1000000 0.1 0.01 3600
doze_canes         40   6000 0.1  0.01 300
doblet             40  20000 0.1  0.01 300
fallas             40  20000 0.1  0.01 300
medio_emperador    40  20000 0.1  0.01 300
todas_tablas       40 100000 0.1  0.01 1800
laquet             40  20000 0.1  0.01 300
quinze_tablas      80  10000 0.05 0.01 2400 seys_dos_e_as
emperador          80  20000 0.05 0.01 2400 seys_dos_e_as
pareia_de_entrada  80  10000 0.05 0.01 1200 seys_dos_e_as
cab_e_quinal       80  10000 0.05 0.01 1200 seys_dos_e_as
buffa_de_baldrac   80  10000 0.05 0.01 1200 seys_dos_e_as
reencontrar        80  10000 0.05 0.01 1200 seys_dos_e_as
tablas_de_siete    32   1000 0.1  0.02 300
"

cargo build --quiet --profile quick -p racegames-train
bin=target/quick/racegames-train
wanted=" $* "
echo "$plan" | while read -r game hidden games lr lr_end secs init; do
    [ -n "$game" ] || continue
    if [ $# -gt 0 ] && [[ "$wanted" != *" $game "* ]]; then
        continue
    fi
    start=$(date +%s)
    from=()
    if [ -n "$init" ]; then
        # The shipped net of the related game, not one this run rewrites.
        from=(--init "players/nets/$init.net")
    fi
    # Backgammon's self-play net is the start of the net gnubg teaches
    # (train/distil-backgammon.sh), which is the one shipped.
    dest="$out/$game.net"
    [ "$game" = backgammon ] && dest="$out/backgammon-self-play.net"
    nice -n 10 "$bin" "$game" "${from[@]}" --games "$games" --seed 1 --hidden "$hidden" \
        --lr "$lr" --lr-end "$lr_end" --checkpoint $((games / 10)) \
        --max-seconds "$secs" --out "$dest" >"$out/$game.log" 2>&1
    echo "$game: $(tail -n 1 "$out/$game.log"), $(($(date +%s) - start)) s"
    if [ "$game" = backgammon ]; then
        if [ -x "${GNUBG:-/usr/games/gnubg}" ]; then
            nice -n 10 train/distil-backgammon.sh "$out/distil" "$dest" >"$out/distil.log" 2>&1
            cp "$out/distil/backgammon.net" "$out/backgammon.net"
            echo "backgammon: taught by gnubg, $(tail -n 2 "$out/distil.log" | head -n 1)"
        else
            echo "backgammon: no gnubg, so only the self-play net ($dest)"
        fi
    fi
done
