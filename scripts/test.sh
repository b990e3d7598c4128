#!/usr/bin/env bash
# Runs every test of the project: installs what the tests need (npm packages including the real
# claude CLI, Debian's chromium for the browser tests, sox for the WAV checks, pinned Node 22 and 24 in
# .tmp/tools, Node 22 with the MCP conformance suite and Inspector CLI in .tmp/tools/mcp), type-checks,
# builds the bundle, runs the vitest suites on Node 22 (unit, end-to-end against the real claude binary
# with the project's fake model, browser), the end-to-end and bridge suites again on Node 24, the C# tests
# of the Unity package (on .NET and on Mono; Mono installed there when missing), and a quick pass of every benchmark (sizes small, targets not
# enforced: it only proves each still runs). Ends with one summary line.
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

if ! command -v sox > /dev/null; then
  # the compose_mml tests read their WAV files back with sox
  if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends sox > .tmp/apt-sox.log
  else
    echo "The compose_mml tests need sox (apt-get install sox)." >&2
    exit 1
  fi
fi

# Everything below runs on a pinned Node 22, the minimum the project supports (whatever node the
# machine has), with the suites that exercise node itself run again on the pinned Node 24 LTS.
node22=$(bash scripts/node-pinned.sh 22)
export PATH="$(dirname "$(readlink -f "$node22")"):$PATH"
echo "Node $(node --version) for the test run"
npx tsc -p tsconfig.json --noEmit
# Lint: type-aware eslint rules, the layer rules (.dependency-cruiser.cjs), the formatter.
npm run lint --silent
node esbuild.config.mjs
# Node 22, the MCP conformance suite and the MCP Inspector CLI in .tmp/tools/mcp (the inspector test uses it).
bash scripts/mcp-tools.sh > /dev/null
npx tsx scripts/gen-protocol.ts --check

status=0
npx vitest run --reporter=default --reporter=json --outputFile=.tmp/vitest.json || status=$?
# The suites that exercise node itself (processes, sockets, the bundle, the /mcp HTTP writes) on the current LTS too.
if lts=$(bash scripts/node-pinned.sh 24); then
  echo "Node LTS $("$lts" --version): end-to-end, bridge and /mcp HTTP suites"
  # node_modules/.bin first on PATH, as npx does for the Node 22 run (the e2e tests find claude there).
  PATH="$PWD/node_modules/.bin:$PATH" "$lts" node_modules/vitest/vitest.mjs run sidecar/test/e2e sidecar/test/bridge sidecar/test/tools/mcp-http.test.ts sidecar/test/tools/mcp-http-wire.test.ts sidecar/test/tools/mcp-hardening.test.ts --reporter=default --reporter=json --outputFile=.tmp/vitest-lts.json || status=$?
else
  echo '{"numPassedTests":0,"numFailedTests":1,"numPendingTests":0,"numTodoTests":0}' > .tmp/vitest-lts.json
  status=1
fi
# MCP conformance: the suite's server scenarios against the sidecar's test mode (see the baseline).
conformance=0
node scripts/mcp-conformance.mjs > .tmp/mcp-conformance.log 2>&1 || { conformance=1; status=1; tail -40 .tmp/mcp-conformance.log; }
tail -1 .tmp/mcp-conformance.log
bash scripts/test-dotnet.sh | tee .tmp/dotnet-summary.log || status=$?
bench=0
npx tsx bench/run.ts --quick > .tmp/bench-quick.log 2>&1 || { bench=1; status=1; tail -30 .tmp/bench-quick.log; }
echo "benchmarks (quick pass): $([ $bench = 0 ] && echo "all ran" || echo "FAILED, see .tmp/bench-quick.log")"

BENCH_FAILED=$bench CONFORMANCE_FAILED=$conformance node -e '
  const fs = require("fs");
  const r = JSON.parse(fs.readFileSync(".tmp/vitest.json", "utf8"));
  const lts = JSON.parse(fs.readFileSync(".tmp/vitest-lts.json", "utf8"));
  const benchFailed = Number(process.env.BENCH_FAILED ?? 0) + Number(process.env.CONFORMANCE_FAILED ?? 0);
  const d = /dotnet: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?/.exec(fs.readFileSync(".tmp/dotnet-summary.log", "utf8")) ?? [0, 0, 1, 0];
  const passed = r.numPassedTests + lts.numPassedTests + Number(d[1]);
  const failed = r.numFailedTests + lts.numFailedTests + Number(d[2]) + benchFailed;
  const skipped = r.numPendingTests + r.numTodoTests + lts.numPendingTests + lts.numTodoTests + Number(d[3] ?? 0);
  // Each failed test by name with the first line of its message, so a CI log that keeps only the tail still says what failed.
  for (const [run, label] of [[r, "Node 22"], [lts, "Node LTS"]]) {
    for (const file of run.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status !== "failed") continue;
        const why = String((t.failureMessages ?? [])[0] ?? "").split("\n")[0].slice(0, 300);
        console.log(`FAILED (${label}) ${file.name.replace(process.cwd() + "/", "")} > ${t.fullName}: ${why}`);
      }
      if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) console.log(`FAILED (${label}) ${file.name.replace(process.cwd() + "/", "")}: ${String(file.message ?? "").split("\n")[0].slice(0, 300)}`);
    }
  }
  console.log(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  console.log(`vitest on the Node LTS: ${lts.numPassedTests} passed, ${lts.numFailedTests} failed`);
  // The C# runs, one line each (.NET and Mono, unit and integration), as scripts/test-dotnet.sh printed them.
  for (const line of fs.readFileSync(".tmp/dotnet-summary.log", "utf8").split("\n")) if (/^  (\.NET|Mono) /.test(line)) console.log(`C#${line.slice(1)}`);
  console.log(`all: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' || true
exit $status
