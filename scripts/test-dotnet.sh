#!/usr/bin/env bash
# The C# side of the project, without Unity: restores and builds the Unity package's Core (netstandard2.1 + net48),
# compiles the Editor layer against Unity 2022.3's and 6000.0's whole public API (Dotnet~/CompileCheck/<version>, generated
# stubs in Stubs~/<version>, docs/unity-api-check.md) and Editor/TestRunner also against the Test Framework package's API
# (Dotnet~/CompileCheck/TestRunner/<version>), builds the NUnit 3 tests twice (the same sources Unity's Test Runner
# runs; net10.0 also gets the repository checks) and runs them on two runtimes: .NET (`dotnet test`) and Mono (the
# runtime family of the Unity Editor; net48 build, NUnit console runner), first the unit tests, then the integration
# tests against the real sidecar and claude binary with the project's fake model. Also runs the turn-compile bench
# (Dotnet~/Bench: refreshes of a 10-file agent turn, batched and not). Installs Debian's mono-complete when
# `mono` is missing. Prints one line per run, then one summary line counting both runtimes:
# "dotnet: N passed, N failed[, N skipped]" (scripts/test.sh reads it).
#
#   bash scripts/test-dotnet.sh                    # everything
#   bash scripts/test-dotnet.sh --no-integration   # skip the real-sidecar tests (they need dist/ and node_modules/)
#   bash scripts/test-dotnet.sh --no-mono          # .NET only
set -uo pipefail
cd "$(dirname "$0")/.."

integration=1 mono=1
for arg in "$@"; do
  case "$arg" in
    --no-integration) integration=0 ;;
    --no-mono) mono=0 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1
tests=unity-panel/Dotnet~/Tests
net48="$tests/bin/Debug/net48"
mkdir -p .tmp
tmp="$(pwd)/.tmp"
passed=0 failed=0 skipped=0 status=0
runs=()

if [ "$mono" = 1 ] && ! command -v mono > /dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
    echo "installing Debian's mono-complete (the C# tests also run on Mono, the Unity Editor's runtime)"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mono-complete; } > .tmp/apt-mono.log 2>&1; then
      echo "installing mono-complete failed; see .tmp/apt-mono.log" >&2
      echo "dotnet: 0 passed, 1 failed"
      exit 1
    fi
  else
    echo "The C# tests also run on Mono: install Debian's mono-complete (apt-get install mono-complete) or pass --no-mono." >&2
    echo "dotnet: 0 passed, 1 failed"
    exit 1
  fi
fi

# Records one run: its label, counts and seconds, and adds the counts to the totals.
record() {
  runs+=("$(printf '%-20s %s passed, %s failed, %s skipped (%s s)' "$1" "$2" "$3" "$4" "$5")")
  passed=$((passed + $2)) failed=$((failed + $3)) skipped=$((skipped + $4))
}

# Counts a `dotnet test` summary ("Passed!  - Failed: 0, Passed: 158, Skipped: 4, Total: 162 …"); none = 1 failure.
count_dotnet() {
  local line
  line=$(grep -E '(Passed|Failed)!  - Failed:' "$2" | tail -1)
  if [ -z "$line" ]; then record "$1" 0 1 0 "$3"; return; fi
  record "$1" "$(sed -E 's/.*Passed: +([0-9]+).*/\1/' <<<"$line")" "$(sed -E 's/.*Failed: +([0-9]+).*/\1/' <<<"$line")" \
    "$(sed -E 's/.*Skipped: +([0-9]+).*/\1/' <<<"$line")" "$3"
}

# Counts an NUnit 3 result file (the <test-run total= passed= failed= …> element); none = 1 failure.
count_nunit() {
  local head
  head=$(grep -m1 -o '<test-run [^>]*>' "$2" 2>/dev/null)
  if [ -z "$head" ]; then record "$1" 0 1 0 "$3"; return; fi
  n() { sed -E "s/.* $1=\"([0-9]+)\".*/\1/" <<<"$head"; }
  # inconclusive counts as not run, like `dotnet test` does.
  record "$1" "$(n passed)" "$(n failed)" "$(( $(n skipped) + $(n inconclusive) ))" "$3"
}

build_flags=(-nologo --disable-build-servers -v q -p:NodeReuse=false)
if ! dotnet build "$tests" "${build_flags[@]}"; then
  echo "dotnet build failed (Core, the Editor compile check against Unity 2022.3/6000.0, or tests)" >&2
  echo "dotnet: 0 passed, 1 failed"
  exit 1
fi

# The turn-compile bench (Dotnet~/Bench, docs/turn-compile.md): built and run so it keeps compiling; it prints one line.
if ! { dotnet build unity-panel/Dotnet~/Bench "${build_flags[@]}" && dotnet run --no-build --project unity-panel/Dotnet~/Bench; }; then
  echo "the turn-compile bench failed (unity-panel/Dotnet~/Bench)" >&2
  status=1
fi

# The Mono runs: the net48 test assembly in the NUnit console runner (in-process: its agents want a real .NET Framework).
runner=$(cat "$net48/nunit3-console.path" 2>/dev/null)
mono_tests() { # <result file> <where> [runner prefix…]
  local result=$1 where=$2; shift 2
  rm -f "$result"
  "$@" mono "$runner" "$(pwd)/$net48/AgentPanel.Core.Tests.dll" --inprocess --noheader --where "$where" --result="$result"
}
have_integration=0
[ -f dist/agent-panel.mjs ] && [ -d node_modules/@anthropic-ai/claude-code ] && have_integration=1

start=$SECONDS
dotnet test "$tests" -f net10.0 --no-build -nologo --filter "Category!=Integration" 2>&1 | tee .tmp/dotnet-unit.log
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
count_dotnet ".NET unit" .tmp/dotnet-unit.log $((SECONDS - start))

if [ "$integration" = 1 ] && [ "$have_integration" = 1 ]; then
  start=$SECONDS
  npx tsx "unity-panel/Tools~/integration-env.mts" 2>&1 | tee .tmp/dotnet-integration.log
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  count_dotnet ".NET integration" .tmp/dotnet-integration.log $((SECONDS - start))
fi

if [ "$mono" = 1 ]; then
  start=$SECONDS
  mono_tests "$tmp/mono-unit.xml" "cat != Integration" 2>&1 | tee .tmp/mono-unit.log
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  count_nunit "Mono unit" "$tmp/mono-unit.xml" $((SECONDS - start))
  if [ "$integration" = 1 ] && [ "$have_integration" = 1 ]; then
    start=$SECONDS
    mono_tests "$tmp/mono-integration.xml" "cat == Integration" npx tsx "unity-panel/Tools~/integration-env.mts" -- 2>&1 | tee .tmp/mono-integration.log
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
    count_nunit "Mono integration" "$tmp/mono-integration.xml" $((SECONDS - start))
  fi
fi

[ "$integration" = 1 ] && [ "$have_integration" = 0 ] && echo "integration tests skipped: build the sidecar first (npm ci && npm run build)"
echo "$(dotnet --version | sed 's/^/.NET SDK /'), $(mono --version 2>/dev/null | head -1 | sed -E 's/.*version ([0-9.]+).*/Mono \1/')"
for line in "${runs[@]}"; do echo "  $line"; done
summary="dotnet: $passed passed, $failed failed"
[ "$skipped" -gt 0 ] && summary="$summary, $skipped skipped"
[ "$failed" -gt 0 ] && status=1
echo "$summary"
exit $status
