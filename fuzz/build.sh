#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/*_fuzzer.cc) with Debian's clang, AddressSanitizer
# and UndefinedBehaviorSanitizer, straight from the sources (Bazel's toolchain is g++,
# which has no libFuzzer). Also builds make_seeds and writes the seed corpora.
#
#   bash fuzz/build.sh            # everything, into fuzz/out/ (or $FUZZ_OUT)
#   bash fuzz/build.sh TARGET...  # only these targets
#
# Needs clang and libclang-rt-14-dev (apt-get install clang libclang-rt-14-dev) besides
# what tools/setup.sh installs. Objects are rebuilt only when a source or header changed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${FUZZ_OUT:-$root/fuzz/out}
cxx=${CXX:-clang++}
jobs=${JOBS:-2}

common=(-std=c++20 -ffp-contract=off -O1 -g -fno-omit-frame-pointer -I"$root" -I"$out/gen"
        -DMSGPACK_NO_BOOST "-DPLANVIEW_SOURCE_ROOT=\"$root\"")
sanitize=(-fsanitize=address,undefined -fno-sanitize-recover=all)
libs=(-lfmt -lprotobuf -lminizip -ldeflate -lzip -lz -lre2 -lpthread)

# The library sources the targets link: every non-test .cc of these packages, without
# programs (files defining main) and without the tfplugin5 glue; the plan-file reader with
# its generated protobuf code (planproto, generated into $out/gen) and the plan-file
# writer the planfile fuzzer wraps its input with.
library_sources() {
  local f
  echo "$out/gen/planproto/planfile.pb.cc"
  echo planfile/testing/plan_file_writer.cc
  for f in $(find base structured wire change differ renderer planfile -name '*.cc' -not -path '*/testing/*' | sort); do
    case "$f" in
      *_test.cc | *bench*.cc | */plugin_proto.cc | */diff_from_dump.cc) continue ;;
    esac
    grep -q '^int main(' "$f" && continue
    echo "$f"
  done
}

# Compiles $1 into $2 unless $2 is newer than $1 and every header it included.
compile() {
  local src=$1 obj=$2 extra=$3
  local dep=${obj%.o}.d
  if [ -f "$obj" ] && [ -f "$dep" ]; then
    local stale=0 f
    for f in $(sed -e 's/^[^:]*://' -e 's/\\$//' "$dep"); do
      if [ ! -e "$f" ] || [ "$f" -nt "$obj" ]; then stale=1; break; fi
    done
    [ "$stale" = 0 ] && return 0
  fi
  mkdir -p "$(dirname "$obj")"
  echo "compile $src"
  # shellcheck disable=SC2086
  "$cxx" "${common[@]}" "${sanitize[@]}" $extra -MMD -MF "$dep" -c "$src" -o "$obj"
}

# Runs compile jobs, at most $jobs at a time; a failed one leaves a marker file.
failed_marker="$out/.compile_failed"
run_job() {
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  { compile "$@" || touch "$failed_marker"; } &
}
wait_all() {
  wait
  if [ -e "$failed_marker" ]; then
    rm -f "$failed_marker"
    echo "fuzz/build.sh: compilation failed" >&2
    exit 1
  fi
}

if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for f in fuzz/*_fuzzer.cc; do targets+=("$(basename "$f" .cc)"); done
fi

mkdir -p "$out/obj" "$out/gen/planproto"
rm -f "$failed_marker"
if [ ! -f "$out/gen/planproto/planfile.pb.cc" ] || [ planproto/planfile.proto -nt "$out/gen/planproto/planfile.pb.cc" ]; then
  echo "protoc planproto/planfile.proto"
  protoc --proto_path=planproto --cpp_out="$out/gen/planproto" planproto/planfile.proto
fi
objects=()
for src in $(library_sources) fuzz/fuzz_support.cc fuzz/render_check.cc; do
  rel=${src#"$out/"}
  obj="$out/obj/${rel%.cc}.o"
  objects+=("$obj")
  extra="-fsanitize=fuzzer-no-link"
  # Built as C++23, as structured/BUILD says (std::string::resize_and_overwrite).
  [ "$src" = structured/read_input.cc ] && extra="$extra -std=c++2b"
  run_job "$src" "$obj" "$extra"
done
for t in "${targets[@]}"; do
  run_job "fuzz/$t.cc" "$out/obj/fuzz/$t.o" "-fsanitize=fuzzer-no-link"
done
wait_all

for t in "${targets[@]}"; do
  echo "link $t"
  "$cxx" "${sanitize[@]}" -fsanitize=fuzzer "$out/obj/fuzz/$t.o" "${objects[@]}" "${libs[@]}" -o "$out/$t"
done

# The seed corpora (plain build: it only reads JSON).
if [ ! -x "$out/make_seeds" ] || [ fuzz/make_seeds.cc -nt "$out/make_seeds" ]; then
  echo "compile fuzz/make_seeds.cc"
  "$cxx" -std=c++20 -O1 fuzz/make_seeds.cc -o "$out/make_seeds"
fi
rm -rf "$out/seeds"
"$out/make_seeds" "$root" "$out/seeds"
# The plan-file reader starts from its saved inputs (real tfplan members and a whole plan
# file under testdata/fuzz/planfile_read_fuzzer, which run.sh adds).
mkdir -p "$out/seeds/planfile_read_fuzzer"
echo "fuzz targets in $out: ${targets[*]}"
