#!/usr/bin/env bash
# The server tests on Node.js 24 (.ci/node-lts.sh, arguments go to vitest) against a real redis-server of their
# own (REDIS_URL), started here on loopback without persistence and shut down when they end.
set -euo pipefail
cd "$(dirname "$0")/.."
redis_port="${NODE_LTS_REDIS_PORT:-6391}"
redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --logfile /tmp/catalyst-ci-redis.log
trap 'redis-cli -p "$redis_port" shutdown nosave >/dev/null 2>&1 || true' EXIT
for _ in $(seq 1 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
REDIS_URL="redis://127.0.0.1:$redis_port" bash .ci/node-lts.sh "$@"
