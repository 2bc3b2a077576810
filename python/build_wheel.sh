#!/usr/bin/env bash
# Builds the Python wheel dist/planview-VERSION-py3-none-manylinux_2_N_ARCH.whl: the
# python/ package with LIB (a libplanview.so.0 of ARCH) bundled as planview/libplanview.so.0.
# Offline, from Debian's python3-setuptools and python3-wheel (setup.py bdist_wheel).
#
#   bash python/build_wheel.sh LIB ARCH [OUTDIR]      ARCH: x86_64 or aarch64; OUTDIR: dist
#
# The platform tag is manylinux_2_N_ARCH where glibc 2.N is the newest glibc symbol version
# LIB needs, at least 2.17 (read with readelf, which reads either architecture's ELF); a LIB of another
# machine than ARCH is refused. VERSION comes from the file VERSION; PYTHON overrides
# /usr/bin/python3. Prints the wheel's path.
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: bash python/build_wheel.sh LIB ARCH [OUTDIR]" >&2
  exit 2
fi
lib=$1 arch=$2 out=${3:-dist}
root=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-/usr/bin/python3}

case "$arch" in
  x86_64) machine="Advanced Micro Devices X86-64" ;;
  aarch64) machine="AArch64" ;;
  *) echo "build_wheel.sh: unknown ARCH $arch (want x86_64 or aarch64)" >&2; exit 2 ;;
esac
[ -f "$lib" ] || { echo "build_wheel.sh: no library at $lib" >&2; exit 1; }
if ! readelf -h "$lib" | grep -q "Machine: *$machine\$"; then
  echo "build_wheel.sh: $lib is not a $arch library ($(readelf -h "$lib" | sed -n 's/^ *Machine: *//p'))" >&2
  exit 1
fi
soname=$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ "$soname" = libplanview.so.0 ] || { echo "build_wheel.sh: $lib has SONAME '$soname', not libplanview.so.0" >&2; exit 1; }
glibc=$(readelf --dyn-syms -W "$lib" | grep -o '@GLIBC_2\.[0-9]*' | sed 's/@GLIBC_2\.//' | sort -n | tail -1)
# manylinux tags start at glibc 2.17 (manylinux2014) on both architectures.
if [ -z "$glibc" ] || [ "$glibc" -lt 17 ]; then glibc=17; fi
plat="manylinux_2_${glibc}_${arch}"
version=$(tr -d '[:space:]' <"$root/VERSION")

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/src/planview" "$out"
cp "$root/python/setup.py" "$root/python/README.md" "$stage/src/"
cp "$root"/python/planview/*.py "$stage/src/planview/"
cp "$lib" "$stage/src/planview/libplanview.so.0"
chmod 755 "$stage/src/planview/libplanview.so.0"
out_abs=$(cd "$out" && pwd)
(
  cd "$stage/src"
  PLANVIEW_VERSION=$version SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-315532800} \
    "$python" setup.py -q bdist_wheel --plat-name "$plat" --bdist-dir "$stage/bdist" \
    --dist-dir "$out_abs" >"$stage/log" 2>&1 || { cat "$stage/log" >&2; exit 1; }
)
wheel="$out_abs/planview-$version-py3-none-$plat.whl"
[ -f "$wheel" ] || { echo "build_wheel.sh: setup.py made no $wheel" >&2; cat "$stage/log" >&2; exit 1; }
echo "$wheel"
