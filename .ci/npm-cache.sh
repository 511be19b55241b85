#!/usr/bin/env bash
# Installs the npm packages the tests run (the real harnesses, ~865 MB, and the MCP SDK) into the
# build's cache before the suite starts, saying what it fetches and showing npm's progress, so a first
# `make test` is not minutes of silence. The tests find the same folders (NpmCache: the cache key is
# the hash of each package.json); a later run finds them installed and says nothing.
set -euo pipefail
cache=${XDG_CACHE_HOME:-$HOME/.cache}/gather
# The pinned Claude Code asks for Node 22 (its engines field); Debian's and this image's node may be older.
# npm then runs, for these installs only, under Node 22 from the npm registry's own `node` package, so its
# engines check passes (no EBADENGINE). The harnesses' binaries run as they are: Claude's is native, Codex
# and Gemini ask for Node 16 and 20.
node_pin=22.23.3
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
  node_dir=$cache/node/$node_pin
  if [ ! -x "$node_dir/node_modules/.bin/node" ]; then
    echo "gather: installing Node $node_pin for npm with npm into $node_dir (first run only)" >&2
    mkdir -p "$node_dir"
    npm install --prefix "$node_dir" --no-audit --no-fund --no-update-notifier --loglevel=error "node@$node_pin" >&2
  fi
  export PATH=$node_dir/node_modules/.bin:$PATH
fi
for pins in src/test/resources/harnesses/package.json src/test/resources/mcp-sdk/package.json; do
  name=$(basename "$(dirname "$pins")")
  dir=$cache/$name/$(sha256sum "$pins" | cut -c1-16)
  [ -f "$dir/.installed" ] && continue
  echo "gather: installing the pinned $name for the tests with npm into $dir (first run only; log: $dir/npm-install.log)" >&2
  mkdir -p "$dir"
  cp "$pins" "$dir/package.json"
  if (cd "$dir" && npm install --no-audit --no-fund --no-update-notifier --loglevel=warn 2>&1 | tee npm-install.log >&2); then
    echo ok > "$dir/.installed"
  else
    echo "gather: npm install of $name failed; see $dir/npm-install.log" >&2
    exit 1
  fi
done
