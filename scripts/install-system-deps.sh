#!/usr/bin/env bash
# Installs what the test suite needs from Debian on a fresh machine (Chromium for Playwright,
# PostgreSQL for the second server-test run) and makes sure PostgreSQL is running. Idempotent.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -d /usr/lib/postgresql ] || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  echo "Starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432
