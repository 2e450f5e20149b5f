#!/usr/bin/env bash
# System packages the test suite needs beyond Python (browser, database server).
# Each step is idempotent and skips itself when the thing is already there.
set -euo pipefail
