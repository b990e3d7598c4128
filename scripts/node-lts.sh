#!/usr/bin/env bash
# Prints the path of a pinned current-LTS node (installed from the npm registry's `node` package into
# .tmp/tools/, nothing system-wide), installing it on first use. Used by scripts/test.sh to run the
# sidecar's suites on the LTS line users run, beside the Node 20 the project supports as a minimum.
#   bash scripts/node-lts.sh          # prints e.g. .tmp/tools/node24/node_modules/node/bin/node
set -euo pipefail
cd "$(dirname "$0")/.."
version=24.21.0
dir=.tmp/tools/node24
bin=$dir/node_modules/.bin/node
if [ ! -x "$bin" ] || [ "$("$bin" --version 2>/dev/null)" != "v$version" ]; then
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"private":true}' > "$dir/package.json"
  if ! npm install --prefix "$dir" --no-audit --no-fund "node@$version" > "$dir/install.log" 2>&1; then
    echo "Could not install node $version from the npm registry (see $dir/install.log)." >&2
    exit 1
  fi
fi
echo "$bin"
