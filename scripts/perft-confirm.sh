#!/bin/sh
# A new deep perft count as docs/perft-tables.md publishes it: the tree split into work units,
# counted three times (key seed 0, key seed SEED, and key seed 0 in the table's check mode), each
# run merged; the count stands when the three agree and the check mode found no false hit.
#
#   scripts/perft-confirm.sh VARIANT DEPTH keep|drop SPLIT [SEED] [THREADS] [HASH_MIB]
#
# Needs a build (node scripts/build.mjs). Units and results go to perft-runs/VARIANT-DEPTH-CONV/
# (kept out of git); a stopped run resumes where it stopped. Prints one JSON line per run and
# a sha256 of each results file. On a shared machine run it under `nice -n 10`.
set -eu
variant=$1 depth=$2 conv=$3 split=$4 seed=${5:-24301} threads=${6:-2} hash=${7:-256}
bd="node $(dirname "$0")/../dist/bindings/cli/main.js"
dir=${PERFT_RUNS:-perft-runs}/$variant-$depth-$conv
mkdir -p "$dir"
[ -s "$dir/units.jsonl" ] || $bd perft --variant "$variant" --depth "$depth" --duplicates "$conv" --split "$split" > "$dir/units.jsonl"
for run in seed0 seed$seed check; do
  case $run in
    seed0) keys="" ;;
    check) keys="--check" ;;
    *) keys="--key-seed $seed" ;;
  esac
  start=$(date +%s)
  # shellcheck disable=SC2086
  $bd perft --run-units "$dir/units.jsonl" --results "$dir/$run.results" --threads "$threads" --hash "$hash" $keys > /dev/null
  $bd perft --merge "$dir/$run.results" --json | sed "s/}\$/,\"run\":\"$run\",\"wall_s\":$(($(date +%s) - start)),\"units\":$(wc -l < "$dir/units.jsonl")}/"
  sha256sum "$dir/$run.results"
done
