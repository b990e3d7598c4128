#!/usr/bin/env bash
# Prints the path of a pinned Node.js of the given major line (22, the minimum the project
# supports, or 24, the current LTS), installed from the npm registry's `node` package into
# .tmp/tools/node<major>/ (nothing system-wide) on first use. scripts/test.sh runs the suites on both.
#   bash scripts/node-pinned.sh 22    # prints e.g. .tmp/tools/node22/node_modules/.bin/node
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-24}" in
  22) version=22.23.3 ;;
  24) version=24.21.0 ;;
  *) echo "usage: bash scripts/node-pinned.sh 22|24" >&2; exit 2 ;;
esac
dir=.tmp/tools/node${1:-24}
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
