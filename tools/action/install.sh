#!/usr/bin/env bash
# Puts the planview release binary for this runner on disk and prints its path: downloads
# planview-VERSION-linux-ARCH and its .sha256 from the Action's repository's release
# vVERSION, checks the checksum, and keeps it in RUNNER_TOOL_CACHE (or a temporary
# directory). Environment: PV_VERSION, PV_REPOSITORY (owner/name), GITHUB_SERVER_URL;
# PV_DOWNLOAD_URL overrides the whole release-download base URL.
set -euo pipefail

version=${PV_VERSION:?PV_VERSION: the release version}
[[ $version =~ ^[0-9A-Za-z.+-]+$ ]] || { echo "planview action: bad version '$version'" >&2; exit 1; }
case $(uname -m) in
  x86_64 | amd64) arch=x86_64 ;;
  aarch64 | arm64) arch=aarch64 ;;
  *) echo "planview action: no release binary for $(uname -m)" >&2; exit 1 ;;
esac
base=${PV_DOWNLOAD_URL:-${GITHUB_SERVER_URL:-https://github.com}/${PV_REPOSITORY:?PV_REPOSITORY: owner/name}/releases/download/v$version}
file=planview-$version-linux-$arch
dir=${RUNNER_TOOL_CACHE:-${TMPDIR:-/tmp}}/planview/$version
if [[ ! -x $dir/planview ]]; then
  mkdir -p "$dir"
  curl -sSfL -o "$dir/$file" "$base/$file"
  curl -sSfL -o "$dir/$file.sha256" "$base/$file.sha256"
  (cd "$dir" && sha256sum -c --quiet "$file.sha256") >&2
  install -m 755 "$dir/$file" "$dir/planview"
fi
echo "$dir/planview"
