#!/usr/bin/env bash
# Installs the MCP test tools into .tmp/tools/mcp (nothing system-wide, no global install) and prints
# that folder: a pinned Node 22 (the conformance suite needs it), @modelcontextprotocol/conformance
# and @modelcontextprotocol/inspector-cli, all from the npm registry at fixed versions.
#   bash scripts/mcp-tools.sh        # prints .tmp/tools/mcp
set -euo pipefail
cd "$(dirname "$0")/.."
node_version=22.23.3
conformance=0.1.16
inspector=1.0.3
dir=.tmp/tools/mcp
want="node@$node_version @modelcontextprotocol/conformance@$conformance @modelcontextprotocol/inspector-cli@$inspector"
if [ ! -x "$dir/node_modules/.bin/node" ] || [ "$(cat "$dir/installed" 2>/dev/null)" != "$want" ]; then
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"private":true}' > "$dir/package.json"
  # shellcheck disable=SC2086
  if ! npm install --prefix "$dir" --no-audit --no-fund $want > "$dir/install.log" 2>&1; then
    echo "Could not install the MCP test tools from the npm registry (see $dir/install.log)." >&2
    exit 1
  fi
  echo "$want" > "$dir/installed"
fi
echo "$dir"
