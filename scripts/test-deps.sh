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

# --- RL training tests: the CPU build of PyTorch where this machine keeps its wheel (PyPI's Linux
# wheel brings gigabytes of GPU libraries); without it those tests say they need torch and skip ---
# (the wheel file itself, so the GPU build is never chosen; its own needs come from the index)
_torch_cpu=$(compgen -G "/opt/wheels/torch-*+cpu-cp311-*.whl" | head -n 1 || true)
if ! .venv/bin/python -c "import torch" 2>/dev/null && [ -n "$_torch_cpu" ]; then
    .venv/bin/pip install --quiet "$_torch_cpu" || true
fi
