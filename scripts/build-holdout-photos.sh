#!/usr/bin/env bash
# Builds the held-out photo set (eval/holdout/README.md): downloads the Debian package of Tux Paint
# stamps into a temporary directory (no root install), unpacks it there, and composites the stamps
# that eval/holdout-labels.json names onto white JPEGs in eval/holdout/photos/ (or the directory
# given as the first argument). Idempotent; the package is pinned so the photos are reproducible
# (override with HOLDOUT_PACKAGE_VERSION, e.g. when the archive no longer carries that version).
set -euo pipefail

package=tuxpaint-stamps-default
version="${HOLDOUT_PACKAGE_VERSION:-2022.06.04-1}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(realpath -m "${1:-$repo/eval/holdout/photos}")"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=scripts/unpack-debian-package.sh
source "$repo/scripts/unpack-debian-package.sh"
unpack_debian_package "$package" "$version" "$tmp"

cd "$repo"
npx tsx scripts/build-holdout-photos.ts --root "$tmp/root" --out "$out" \
  --labels eval/holdout-labels.json
