#!/usr/bin/env bash
# What the project needs from the machine, started or installed when missing (idempotent):
#   bash scripts/machine.sh postgres redis chromium
# Used by `npm start`, `npm test` and `.ci/run`. Postgres and Redis on their default local ports;
# Debian's Chromium for the browser tests (a test tool's own browser download cannot work here).
# Remote services (DATABASE_URL / REDIS_URL pointing elsewhere) are left alone.
set -uo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo -n "$@"; else return 1; fi; }
is_local() { [[ -z "${1:-}" || "$1" == *"127.0.0.1"* || "$1" == *"localhost"* ]]; }

postgres() {
  is_local "${DATABASE_URL:-}" || return 0
  pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null && return 0
  command -v pg_ctlcluster >/dev/null 2>&1 || { echo "Postgres is not running on 127.0.0.1:5432 (and pg_ctlcluster is not here to start it)" >&2; return 1; }
  echo "Starting Postgres"
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && return 0; sleep 1; done
  echo "Postgres did not start" >&2; return 1
}

redis() {
  is_local "${REDIS_URL:-}" || return 0
  redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && return 0
  command -v redis-server >/dev/null 2>&1 || { echo "Redis is not running on 127.0.0.1:6379 (and redis-server is not here to start it)" >&2; return 1; }
  echo "Starting Redis"
  as_root mkdir -p /var/lib/redis /var/log/redis
  as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && return 0; sleep 1; done
  echo "Redis did not start" >&2; return 1
}

chromium() {
  # The browser tests run in Debian's headless shell (Chromium's old headless mode, the one
  # Playwright's own downloads use for headless runs): the same Blink and V8 as the full browser at
  # about half the CPU per test. Lighthouse and the bench use the full browser.
  local full="${CHROMIUM_PATH:-/usr/bin/chromium}" shell=/usr/bin/chromium-headless-shell
  [ -x "$full" ] && { [ -n "${CHROMIUM_PATH:-}" ] || [ -x "$shell" ]; } && return 0
  echo "Installing Debian's Chromium and its headless shell for the browser tests (once)"
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-dejavu-core >/dev/null && return 0
  echo "Could not install Chromium: run 'apt-get install -y chromium chromium-headless-shell' as root, or set CHROMIUM_PATH" >&2; return 1
}

status=0
for need in "$@"; do "$need" || status=1; done
exit $status
