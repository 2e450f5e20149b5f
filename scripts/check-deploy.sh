#!/usr/bin/env bash
# Checks the deployment recipe in deploy/ (run by `make lint`): the image is built where a working
# container tool is at hand, else its Dockerfile is linted with hadolint (and this says which);
# the balancer's configuration is checked by HAProxy itself where it is installed (the
# multi-process tests run that same file); the Compose file must parse.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.venv/bin}

if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
    echo "deploy: building the container image with docker"
    docker build -q -f deploy/Dockerfile -t glyphhall:check . >/dev/null
else
    echo "deploy: no working container tool here, so the Dockerfile is linted (hadolint) instead of built"
    "$BIN/hadolint" deploy/Dockerfile
fi

haproxy=$(command -v haproxy || echo /usr/sbin/haproxy)
if [ -x "$haproxy" ]; then
    GLYPHHALL_LISTEN=127.0.0.1:8000 GLYPHHALL_HALL1=127.0.0.1:8001 GLYPHHALL_HALL2=127.0.0.1:8002 \
        "$haproxy" -q -c -f deploy/haproxy.cfg
    echo "deploy: haproxy.cfg is valid"
else
    echo "deploy: HAProxy is not installed yet (make test installs it), so haproxy.cfg is checked by the tests only"
fi

"$BIN/python" - <<'PY'
import yaml

compose = yaml.safe_load(open("deploy/compose.yaml"))
missing = {"db", "hall1", "hall2", "balancer", "caddy"} - set(compose["services"])
assert not missing, f"compose.yaml lacks {missing}"
print("deploy: compose.yaml parses")
PY
