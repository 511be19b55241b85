#!/usr/bin/env bash
# Interop check: an MCP client from another implementation (the official TypeScript SDK, from npm)
# drives `bin/gather mcp`: tools/list, a tool error, and a gathering of simulated agents when the
# daemon offers one (MCP_INTEROP_REQUIRE_GATHERING=1 makes that mandatory). Exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."

SDK_VERSION=1.32.2
npm_dir=target/npm

command -v node >/dev/null 2>&1 || { echo "mcp-interop: node is missing (apt-get install nodejs npm)" >&2; exit 1; }
[ -f target/gather.jar ] || make build
if [ ! -f "$npm_dir/node_modules/@modelcontextprotocol/sdk/package.json" ] ||
   ! grep -q "\"version\": \"$SDK_VERSION\"" "$npm_dir/node_modules/@modelcontextprotocol/sdk/package.json"; then
  echo "mcp-interop: installing @modelcontextprotocol/sdk@$SDK_VERSION into $npm_dir"
  mkdir -p "$npm_dir"
  npm install --prefix "$npm_dir" --no-audit --no-fund --loglevel=error "@modelcontextprotocol/sdk@$SDK_VERSION" >/dev/null
fi

# Private state and a private tmux server: never the user's daemon or tmux.
home=$(mktemp -d)
socket="gather-test-interop-$$-$RANDOM"
export GATHER_HOME="$home/state" GATHER_TMUX_SOCKET="$socket"
# The agents' panes go first: a turn that ends after the daemon stopped brings a daemon back (by
# design), and that one would outlive the home removed below.
cleanup() {
  tmux -L "$socket" kill-server >/dev/null 2>&1 || true
  bin/gather daemon --stop >/dev/null 2>&1 || true
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$socket"
  rm -rf "$home"
}
trap cleanup EXIT
tmux -L "$socket" new-session -d -s interop -x 120 -y 30 cat

# The script is copied beside the SDK so that Node resolves the package from there.
cp .ci/mcp-interop.mjs "$npm_dir/mcp-interop.mjs"
node "$npm_dir/mcp-interop.mjs" "$PWD/bin/gather"
