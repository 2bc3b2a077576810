#!/usr/bin/env bash
# Unpacks the Debian source packages planview compiles itself, each at the version of the
# installed -dev package (with Debian's patches), under /usr/local/src/planview/NAME
# (PLANVIEW_DEBIAN_SRC to change it):
#   re2                        libplanview (bazel/debian_src/re2.BUILD): Debian's libre2.a is
#                              PIE (local-exec TLS, direct references to libc's data), which
#                              a shared object cannot hold; and the WebAssembly build
#   zlib, minizip, libdeflate  the WebAssembly build (//js:planview_wasm, bazel/debian_src):
#                              the wasm cannot use Debian's x86-64 archives, and emscripten's
#                              own ports would be downloaded at build time
# Reads Debian's archive through a private deb-src list made from the system's own sources;
# changes nothing in the system's apt configuration. Idempotent: a tree of the wanted
# version is kept. Run by tools/setup.sh; the builds themselves are offline.
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

# source package:the installed package whose version it must match
for pair in re2:libre2-dev zlib:zlib1g-dev minizip:libminizip-dev libdeflate:libdeflate-dev; do
  src=${pair%%:*}
  # The native package's version (with :arm64 installed too, dpkg-query lists both).
  want=$(dpkg-query -W -f='${source:Version}' "${pair#*:}:$(dpkg --print-architecture)")
  if [ "$(cat "$dest/$src/.planview-version" 2>/dev/null)" = "$want" ]; then continue; fi
  if [ "$updated" = 0 ]; then
    apt-get -qq "${apt_opts[@]}" update
    updated=1
  fi
  # A security update's source may be missing from the mirror: then the newest version
  # the archive does have (said, and recorded as such).
  version=$want
  if ! (cd "$work" && apt-get -qq "${apt_opts[@]}" source --download-only "$src=$version" >/dev/null 2>&1); then
    version=""
    for v in $(apt-cache "${apt_opts[@]}" showsrc "$src" | sed -n 's/^Version: //p' | sort -Vru); do
      if (cd "$work" && apt-get -qq "${apt_opts[@]}" source --download-only "$src=$v" >/dev/null 2>&1); then
        version=$v
        break
      fi
    done
    [ -n "$version" ] || { echo "debian_sources: no source of $src in the archive" >&2; exit 1; }
    echo "debian_sources: $src $want is not in the archive's sources; using $version" >&2
  fi
  dpkg-source --no-check -x "$work/${src}_${version#*:}.dsc" "$work/$src" >/dev/null
  # Bazel reads the tree through bazel/debian_src/NAME.BUILD alone: upstream's own Bazel
  # files would cut it into packages.
  find "$work/$src" \( -name BUILD -o -name BUILD.bazel -o -name 'WORKSPACE*' -o -name '*.bzl' \) -type f -delete
  echo "$want" >"$work/$src/.planview-version"
  echo "$version" >"$work/$src/.planview-source-version"
  mkdir -p "$dest"
  rm -rf "${dest:?}/$src"
  mv "$work/$src" "$dest/$src"
  echo "debian_sources: $src $version in $dest/$src"
done
