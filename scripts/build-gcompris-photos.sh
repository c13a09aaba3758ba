#!/usr/bin/env bash
# Builds the second held-out photo set (eval/holdout-gcompris/README.md): downloads the Debian
# package gcompris-qt-data into a temporary directory (no root install), unpacks it there, and
# copies the photos eval/holdout-gcompris-labels.json names out of its categorization activity's
# Qt resource file into eval/holdout-gcompris/photos/ (or the directory given as the first
# argument). Idempotent; the package is pinned so the photos are reproducible (override with
# GCOMPRIS_PACKAGE_VERSION, e.g. when the archive no longer carries that version).
set -euo pipefail

package=gcompris-qt-data
version="${GCOMPRIS_PACKAGE_VERSION:-3.1-2}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(realpath -m "${1:-$repo/eval/holdout-gcompris/photos}")"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=scripts/unpack-debian-package.sh
source "$repo/scripts/unpack-debian-package.sh"
unpack_debian_package "$package" "$version" "$tmp"

cd "$repo"
npx tsx scripts/build-gcompris-photos.ts --root "$tmp/root" --out "$out" \
  --labels eval/holdout-gcompris-labels.json
