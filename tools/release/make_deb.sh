#!/usr/bin/env bash
# make_deb.sh BINARY ARCH VERSION OUT.deb: the Debian package of one release binary:
# /usr/bin/planview, README, LICENSE and the notices of the libraries linked into it under
# /usr/share/doc/planview, the man page, bash and zsh completion. Built with dpkg-deb.
set -euo pipefail
binary=$1 arch=$2 version=$3 out=$4
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

install -D -m 755 "$binary" "$stage/usr/bin/planview"
doc="$stage/usr/share/doc/planview"
install -D -m 644 "$root/README.md" "$doc/README.md"
install -D -m 644 "$root/LICENSE" "$doc/LICENSE"
bash "$here/notices.sh" >"$doc/copyright"
chmod 644 "$doc/copyright"
install -D -m 644 "$here/planview.1" "$stage/usr/share/man/man1/planview.1"
gzip -9n "$stage/usr/share/man/man1/planview.1"
install -D -m 644 "$here/planview.bash" "$stage/usr/share/bash-completion/completions/planview"
install -D -m 644 "$here/_planview" "$stage/usr/share/zsh/vendor-completions/_planview"

mkdir -p "$stage/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<CONTROL
Package: planview
Version: $version
Architecture: $arch
Maintainer: planview developers <planview@localhost>
Installed-Size: $size
Section: utils
Priority: optional
Description: render Terraform/OpenTofu plans as tofu show does
 planview turns the JSON of a Terraform or OpenTofu plan, state or JSON log into the
 human-readable diff that tofu show prints, byte for byte, plus summaries, filters,
 Markdown, HTML and JSON presentations and a provider wire-format decoder. Statically
 linked: it needs no other package.
CONTROL
dpkg-deb --root-owner-group -Zxz --build "$stage" "$out" >/dev/null
