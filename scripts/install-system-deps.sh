#!/usr/bin/env bash
# Installs what the test suite needs on a fresh machine: a supported Node.js (scripts/install-node.sh)
# and, from Debian, Chromium for Playwright, PostgreSQL for the second server-test run, Redis and
# nginx (tests/deploy-nginx.test.ts runs docs/deploy/nginx.conf in an nginx of its own;
# nginx-light is enough); then makes sure PostgreSQL and Redis are running. Idempotent.
set -euo pipefail

bash "$(dirname "$0")/install-node.sh"

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -d /usr/lib/postgresql ] || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || need+=(nginx-light)
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

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "Starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/listsmith.log
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi
redis-cli -h 127.0.0.1 -p 6379 ping
