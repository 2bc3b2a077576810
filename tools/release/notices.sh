#!/usr/bin/env bash
# notices.sh: the copyright file of the planview package: planview's licence (MPL-2.0)
# and the copyright and licence notices of every library linked into the static binary,
# taken from the Debian packages they come from.
set -euo pipefail
cat <<'HEAD'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: planview

Files: *
License: MPL-2.0
 The full text is /usr/share/doc/planview/LICENSE (also
 /usr/share/common-licenses/MPL-2.0 on Debian systems).

The planview binary is statically linked with the libraries below. Their notices follow,
as each Debian package states them. The GNU C library and libstdc++ are linked under the
LGPL-2.1 and the GCC Runtime Library Exception: planview's complete source and the script
that links it (tools/release.sh) are public, so the binary can be relinked with a
modified library.
HEAD
# package: what planview uses it for
for entry in \
  "libc6:the GNU C library" \
  "libstdc++6:the C++ standard library and GCC's runtime support" \
  "libfmt-dev:fmt, text formatting (header-only)" \
  "zlib1g:zlib (used by minizip)" \
  "libminizip-dev:minizip, reading plan files (ZIP archives)" \
  "libdeflate-dev:libdeflate, inflating the members of plan files" \
  "unicode-data:the Unicode Character Database, which planview's NFC and grapheme-cluster tables are generated from" \
  "libncurses-dev:ncurses, the terminal UI of planview browse" \
  "libre2-dev:RE2, the regular expressions of --mask" \
  "libmsgpack-cxx-dev:msgpack-c++, the provider wire format (header-only)" \
  "nlohmann-json3-dev:nlohmann/json, small JSON documents (header-only)" \
  "libcli11-dev:CLI11, command-line parsing (header-only)"; do
  package=${entry%%:*}
  what=${entry#*:}
  file=/usr/share/doc/$package/copyright
  echo
  echo "=============================================================================="
  echo "$what — Debian package $package"
  echo "=============================================================================="
  if [ -f "$file" ]; then cat "$file"; else echo "(notice not found at $file)" >&2; exit 1; fi
done
