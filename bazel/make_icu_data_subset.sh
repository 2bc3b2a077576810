#!/usr/bin/env bash
# make_icu_data_subset.sh ITEMS OUT.c: the ICU data items listed in ITEMS (one per line),
# taken from Debian's x86-64 libicudata.a (the build machine's; the data is the same on every
# little-endian platform), as C source defining icuXX_dat. Needs icu-devtools.
set -euo pipefail
items=$1 out=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
archive=/usr/lib/x86_64-linux-gnu/libicudata.a
(cd "$tmp" && ar x "$archive")
object=$(ls "$tmp"/icudt*_dat.o)
name=$(basename "$object" _dat.o)          # icudt72l
symbol=${name%l}_dat                        # icudt72_dat
objcopy -O binary --only-section=.rodata "$object" "$tmp/$name.dat"
mkdir -p "$tmp/items" "$tmp/out"
icupkg -d "$tmp/items" -x "$items" "$tmp/$name.dat" >/dev/null
icupkg --ignore-deps -s "$tmp/items" -a "$items" new "$tmp/out/$name.dat" >/dev/null 2>&1
genccode -d "$tmp/out" "$tmp/out/$name.dat" >/dev/null
sed "s/\b${name}_dat\b/${symbol}/" "$tmp/out/${name}_dat.c" >"$out"
grep -q "} ${symbol}=" "$out"
