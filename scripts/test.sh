#!/usr/bin/env bash
# Runs every test of the project: installs what the tests need (npm packages including the real
# claude CLI, Debian's chromium for the browser tests), type-checks, builds the bundle, runs the
# vitest suites (unit, end-to-end against the real claude binary with the project's fake model,
# browser), then the C# tests of the Unity package (dotnet). Ends with one summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp

if [ ! -x node_modules/.bin/claude ] || [ ! -d node_modules/zod ]; then
  npm ci --no-audit --no-fund
fi
if [ ! -x /usr/bin/chromium ] && [ -z "${AGENT_PANEL_CHROMIUM:-}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium > .tmp/apt-chromium.log
  else
    echo "The browser tests need Debian's chromium (apt-get install chromium) or AGENT_PANEL_CHROMIUM=<path>." >&2
    exit 1
  fi
fi

npx tsc -p tsconfig.json --noEmit
node esbuild.config.mjs
npx tsx scripts/gen-protocol.ts --check

status=0
npx vitest run --reporter=default --reporter=json --outputFile=.tmp/vitest.json || status=$?
bash scripts/test-dotnet.sh | tee .tmp/dotnet-summary.log || status=$?

node -e '
  const fs = require("fs");
  const r = JSON.parse(fs.readFileSync(".tmp/vitest.json", "utf8"));
  const d = /dotnet: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?/.exec(fs.readFileSync(".tmp/dotnet-summary.log", "utf8")) ?? [0, 0, 1, 0];
  const passed = r.numPassedTests + Number(d[1]);
  const failed = r.numFailedTests + Number(d[2]);
  const skipped = r.numPendingTests + r.numTodoTests + Number(d[3] ?? 0);
  console.log(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  console.log(`all: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' || true
exit $status
