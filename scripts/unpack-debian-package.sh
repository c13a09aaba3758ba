#!/usr/bin/env bash
# Sourced by the held-out set builders: unpack_debian_package <package> <version> <dir> downloads
# that exact version from the Debian archive into <dir> (apt-get download: no root install, no
# install at all), prints its sha256, and unpacks it into <dir>/root with dpkg -x.
unpack_debian_package() {
  local package="$1" version="$2" dir="$3" deb
  echo "Downloading $package=$version"
  (cd "$dir" && apt-get download -q "$package=$version")
  deb="$(ls "$dir"/"${package}"_*.deb)"
  echo "Got $(basename "$deb") (sha256 $(sha256sum "$deb" | cut -d' ' -f1))"
  dpkg -x "$deb" "$dir/root"
}
