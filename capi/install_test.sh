#!/usr/bin/env bash
# libplanview as people install it: capi/install_lib.sh lays the released library (built
# by capi/library.bzl from the build that asks) into a scratch root; then, without Bazel's help:
# - libplanview.so.0 has its SONAME, needs only libc, libm, libstdc++ and libgcc, and
#   exports exactly capi/exported_symbols.txt (so does libplanview.a);
# - examples/c/render_plan.c built with cc and `pkg-config --cflags --libs planview`
#   (PKG_CONFIG_SYSROOT_DIR), also under AddressSanitizer (leaks too), prints the golden;
# - the CMake example (find_package(planview)) builds and runs, shared and static.
set -euo pipefail
src=$PWD  # the runfiles' workspace directory
scratch=${TEST_TMPDIR:-$(mktemp -d)}/install
rm -rf "$scratch"
mkdir -p "$scratch"
root="$scratch/root"
version=$(tr -d '[:space:]' <VERSION)
# The released libraries in the runfiles, or PLANVIEW_LIB_DIR (a --config=lib bazel-bin/capi,
# to run this script by hand from the workspace root).
lib_dir=${PLANVIEW_LIB_DIR:-$(dirname "$(find -L capi -name libplanview.so -path '*capi*' | head -n 1)")}
fail() { echo "FAIL: $*" >&2; exit 1; }

bash capi/install_lib.sh "$root" /usr --prebuilt "$lib_dir" >/dev/null
for f in include/planview.h "lib/libplanview.so.$version" lib/libplanview.so.0 lib/libplanview.so lib/libplanview.a \
  lib/pkgconfig/planview.pc lib/cmake/planview/planviewConfig.cmake lib/cmake/planview/planviewConfigVersion.cmake; do
  [ -e "$root/usr/$f" ] || fail "not installed: $f"
done
so="$root/usr/lib/libplanview.so.$version"

soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = libplanview.so.0 ] || fail "SONAME is '$soname'"
needed=$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
for lib in $needed; do
  case "$lib" in
    libc.so.6 | libm.so.6 | libstdc++.so.6 | libgcc_s.so.1 | ld-linux-*.so.*) ;;
    *) fail "libplanview.so needs $lib (needed: $needed)" ;;
  esac
done
nm -D --defined-only "$so" | awk '{print $3}' | sed 's/@.*//' | grep -v '^PLANVIEW_0$' | sort >"$scratch/so_symbols"
diff -u capi/exported_symbols.txt "$scratch/so_symbols" || fail "libplanview.so exports other symbols"
# The .a: its strong global symbols are exactly the API; the weak ones are C++'s vague
# linkage (inline functions, template instantiations, exception type references), which a program's
# own copies merge with and libstdc++.a takes from its users in a -static link.
nm -g --defined-only "$root/usr/lib/libplanview.a" | awk 'NF == 3 && $2 ~ /^[TDBRG]$/ {print $3}' | sort >"$scratch/a_symbols"
diff -u capi/exported_symbols.txt "$scratch/a_symbols" || fail "libplanview.a has other strong global symbols"
nm -g --defined-only "$root/usr/lib/libplanview.a" | awk 'NF == 3 && $2 !~ /^[TDBRG]$/ && $3 !~ /^(_Z|DW\.ref\.)/ {print $3}' >"$scratch/a_weak"
[ ! -s "$scratch/a_weak" ] || fail "libplanview.a has weak symbols that are not C++: $(head -3 "$scratch/a_weak")"

export PKG_CONFIG_PATH="$root/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root"
[ "$(pkg-config --modversion planview)" = "$version" ] || fail "pkg-config --modversion"
flags=$(pkg-config --cflags --libs planview)
flags=${flags% }  # pkg-config ends its line with a space
[ "$flags" = "-I$root/usr/include -L$root/usr/lib -lplanview" ] || fail "pkg-config flags: $flags"
plan=testdata/examples/plan.json schemas=testdata/examples/schemas.json golden=testdata/capi/render_plan.txt
export LD_LIBRARY_PATH="$root/usr/lib"

# run NAME PROGRAM: the example on the bundled plan, then misuse, against the golden.
run() {
  local name=$1 program=$2 status=0
  "$program" "$plan" "$schemas" >"$scratch/$name.out" 2>"$scratch/$name.err" || status=$?
  [ "$status" = 0 ] || fail "$name: status $status: $(cat "$scratch/$name.err")"
  diff -u "$golden" "$scratch/$name.out" || fail "$name: output differs from $golden"
  status=0
  "$program" "$plan" --bogus >"$scratch/$name.out" 2>"$scratch/$name.err" || status=$?
  [ "$status" = 2 ] || fail "$name --bogus: status $status"
  printf "planview: unknown option --bogus\nRun 'planview --help' for usage.\n" | diff -u - "$scratch/$name.err" ||
    fail "$name --bogus: messages"
}

cc -std=c11 -Wall -Wextra -Werror examples/c/render_plan.c $flags -o "$scratch/render_plan"
run cc "$scratch/render_plan"
cc -std=c11 -g -fsanitize=address,undefined -fno-omit-frame-pointer examples/c/render_plan.c $flags -o "$scratch/render_plan_asan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1 run asan "$scratch/render_plan_asan"

# A fully static program (no libstdc++.so either).
cc -std=c11 -static examples/c/render_plan.c $flags -lstdc++ -lm -lpthread -o "$scratch/render_plan_static_all"
LD_LIBRARY_PATH= run static_all "$scratch/render_plan_static_all"

cmake -S examples/c -B "$scratch/cmake" -DCMAKE_PREFIX_PATH="$root/usr" -DCMAKE_BUILD_TYPE=Release >"$scratch/cmake.log" 2>&1 ||
  { cat "$scratch/cmake.log"; fail "cmake configure"; }
cmake --build "$scratch/cmake" >>"$scratch/cmake.log" 2>&1 || { cat "$scratch/cmake.log"; fail "cmake build"; }
run cmake "$scratch/cmake/render_plan"
unset LD_LIBRARY_PATH
run cmake_static "$scratch/cmake/render_plan_static"
readelf -d "$scratch/cmake/render_plan_static" | grep -q 'NEEDED.*libplanview' && fail "render_plan_static needs libplanview.so"
echo PASS
