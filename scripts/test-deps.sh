#!/usr/bin/env bash
# System packages the test suite needs beyond Python (browser, database server).
# Each step is idempotent and skips itself when the thing is already there.
set -euo pipefail

# --- server tests: Chromium for the Playwright browser tests, PostgreSQL for the store tests ---
_server_need=()
[ -x /usr/bin/chromium ] || _server_need+=(chromium chromium-driver)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || _server_need+=(postgresql)
# HAProxy: the balancer of deploy/haproxy.cfg, which the multi-process tests run
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || _server_need+=(haproxy)
if [ ${#_server_need[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then _sudo=(); else _sudo=(sudo); fi
    "${_sudo[@]}" apt-get update -q
    DEBIAN_FRONTEND=noninteractive "${_sudo[@]}" apt-get install -y -q --no-install-recommends "${_server_need[@]}"
fi
