#!/usr/bin/env bash
# Unpacks Debian's source package of re2, the version installed (with Debian's patches),
# under /usr/local/src/planview/re2: libplanview compiles it position-independent
# (bazel/debian_src/re2.BUILD, capi/library.bzl), because Debian's libre2.a is built as PIE
# and a shared object cannot hold it (local-exec TLS, direct references to libc's data). Reads Debian's archive through a private deb-src list
# made from the system's own sources; changes nothing in the system's apt configuration.
# Idempotent (a source tree of the installed version is kept). Run by tools/setup.sh.
set -euo pipefail

dest=${PLANVIEW_DEBIAN_SRC:-/usr/local/src/planview}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/parts" "$work/lists/partial"

# The system's Debian sources, as deb-src.
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] || continue
  case "$f" in
    *.sources) sed 's/^Types:.*/Types: deb-src/' "$f" >"$work/parts/$(basename "$f")" ;;
    *) sed -n 's/^deb \(.*\)/deb-src \1/p' "$f" >"$work/parts/$(basename "$f")" ;;
  esac
done
apt_opts=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$work/parts"
  -o "Dir::State::Lists=$work/lists" -o APT::Sandbox::User=root)
updated=0

for pair in re2:libre2-dev; do
  src=${pair%%:*}
  version=$(dpkg-query -W -f='${source:Version}' "${pair#*:}")
  if [ "$(cat "$dest/$src/.planview-version" 2>/dev/null)" = "$version" ]; then continue; fi
  if [ "$updated" = 0 ]; then
    apt-get -qq "${apt_opts[@]}" update
    updated=1
  fi
  (cd "$work" && apt-get -qq "${apt_opts[@]}" source --download-only "$src=$version" >/dev/null)
  dpkg-source --no-check -x "$work/${src}_${version#*:}.dsc" "$work/$src" >/dev/null
  # Bazel reads the tree through bazel/debian_src/$src.BUILD alone: upstream's own Bazel
  # files would cut it into packages.
  find "$work/$src" \( -name BUILD -o -name BUILD.bazel -o -name 'WORKSPACE*' -o -name '*.bzl' \) -type f -delete
  echo "$version" >"$work/$src/.planview-version"
  mkdir -p "$dest"
  rm -rf "${dest:?}/$src"
  mv "$work/$src" "$dest/$src"
  echo "debian_sources: $src $version in $dest/$src"
done
