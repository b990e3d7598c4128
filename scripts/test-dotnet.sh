#!/usr/bin/env bash
# The C# side of the project, without Unity: restores and builds the Unity package's Core (netstandard2.1 + net48),
# compiles the Editor layer against the Unity API stubs (Dotnet~/CompileCheck), runs the NUnit 3 tests (the same
# sources Unity's Test Runner runs, plus repository checks), then the integration tests against the real sidecar
# and claude binary with the project's fake model. Ends with one line: "dotnet: N passed, N failed[, N skipped]".
#
#   bash scripts/test-dotnet.sh                    # everything
#   bash scripts/test-dotnet.sh --no-integration   # skip the real-sidecar tests (they need dist/ and node_modules/)
set -uo pipefail
cd "$(dirname "$0")/.."

integration=1
for arg in "$@"; do
  case "$arg" in
    --no-integration) integration=0 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1
tests=unity-panel/Dotnet~/Tests
mkdir -p .tmp
passed=0 failed=0 skipped=0 status=0

# Adds the counts of a `dotnet test` summary ("Passed!  - Failed: 0, Passed: 158, Skipped: 4, Total: 162 …").
count() {
  local line
  line=$(grep -E '(Passed|Failed)!  - Failed:' "$1" | tail -1)
  if [ -z "$line" ]; then failed=$((failed + 1)); return; fi
  failed=$((failed + $(sed -E 's/.*Failed: +([0-9]+).*/\1/' <<<"$line")))
  passed=$((passed + $(sed -E 's/.*Passed: +([0-9]+).*/\1/' <<<"$line")))
  skipped=$((skipped + $(sed -E 's/.*Skipped: +([0-9]+).*/\1/' <<<"$line")))
}

build_flags=(-nologo --disable-build-servers -v q -p:NodeReuse=false)
if ! dotnet build "$tests" "${build_flags[@]}"; then
  echo "dotnet build failed (Core, Editor compile check against the Unity stubs, or tests)" >&2
  echo "dotnet: 0 passed, 1 failed"
  exit 1
fi

dotnet test "$tests" --no-build -nologo --filter "Category!=Integration" 2>&1 | tee .tmp/dotnet-unit.log
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
count .tmp/dotnet-unit.log

if [ "$integration" = 1 ]; then
  if [ -f dist/agent-panel.mjs ] && [ -d node_modules/@anthropic-ai/claude-code ]; then
    npx tsx "unity-panel/Tools~/integration-env.mts" 2>&1 | tee .tmp/dotnet-integration.log
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
    count .tmp/dotnet-integration.log
  else
    echo "integration tests skipped: build the sidecar first (npm ci && npm run build)"
  fi
fi

summary="dotnet: $passed passed, $failed failed"
[ "$skipped" -gt 0 ] && summary="$summary, $skipped skipped"
[ "$failed" -gt 0 ] && status=1
echo "$summary"
exit $status
