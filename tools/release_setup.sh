#!/usr/bin/env bash
# Installs what tools/release.sh needs beyond tools/setup.sh: the arm64 cross compiler,
# the arm64 (multiarch) static libraries, qemu-user to run both binaries on foreign and
# older CPUs.
# Idempotent, non-interactive, run as root (or through sudo).
set -euo pipefail

SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive

packages=(
  g++-aarch64-linux-gnu     # cross compiler for the linux-aarch64 binary
  qemu-user                 # qemu-x86_64 -cpu Westmere/Haswell and qemu-aarch64
  libncurses-dev:arm64      # static ncursesw + tinfo for arm64
  libminizip-dev:arm64      # static minizip for arm64 (plan files)
  zlib1g-dev:arm64          # static zlib for arm64 (minizip inflates with it; libprotobuf-dev:arm64 used to pull it in)
  libdeflate-dev:arm64      # static libdeflate for arm64 (plan files)
  libre2-dev:arm64          # static RE2 for arm64 (--mask)
  dpkg-dev                  # dpkg-deb (usually already there)
)

if ! dpkg --print-foreign-architectures | grep -qx arm64; then
  $SUDO dpkg --add-architecture arm64
  updated=""
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
