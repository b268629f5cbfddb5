#!/usr/bin/env bash
# The server tests on Node.js 24 (.ci/node-lts.sh) against a real redis-server of their own on loopback, which
# this script starts and shuts down. Arguments go to vitest; none: the services, the gateway, the shared packages
# and the bundles the images are built from (the launcher and the tooling in scripts/ run on development machines).
set -euo pipefail
cd "$(dirname "$0")/.."

redis_port="${REDIS_TEST_PORT:-6391}"
redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --logfile "/tmp/catalyst-ci-redis-$redis_port.log"
trap 'redis-cli -p "$redis_port" shutdown nosave >/dev/null 2>&1 || true' EXIT
for _ in $(seq 1 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
redis-cli -p "$redis_port" ping >/dev/null

if [ "$#" -eq 0 ]; then set -- services/ gateway/ packages/ scripts/bundle-services.test.ts; fi
REDIS_URL="redis://127.0.0.1:$redis_port" bash .ci/node-lts.sh "$@"
