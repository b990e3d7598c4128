#!/usr/bin/env bash
# Runs every test of the project: installs what the tests need (npm packages, including the real
# claude CLI), type-checks, builds the bundle, then runs the vitest suites (unit and end-to-end
# against the real claude binary with the project's fake model).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x node_modules/.bin/claude ] || [ ! -d node_modules/zod ]; then
  npm ci --no-audit --no-fund
fi
npx tsc -p tsconfig.json --noEmit
node esbuild.config.mjs
mkdir -p .tmp
status=0
npx vitest run --reporter=default --reporter=json --outputFile=.tmp/vitest.json || status=$?
node -e '
  const r = JSON.parse(require("fs").readFileSync(".tmp/vitest.json", "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ""));
' || true
exit $status
