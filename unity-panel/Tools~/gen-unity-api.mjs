#!/usr/bin/env node
// Regenerates the Unity API stubs the Editor layer is compile-checked against (Stubs~/<version>/UnityEngine|UnityEditor/*.cs
// and REPORT.md) from Unity's C# reference source, a git clone of Unity-Technologies/UnityCsReference, at the pinned tags.
// Runs Dotnet~/ApiExtractor (Roslyn) on each tag; reads the sources with `git archive`, writes only API signatures.
// With --test-framework-git (a git clone of the com.unity.test-framework package's source, e.g. needle-mirror's), it also
// writes the stubs of the Test Framework's public API (Stubs~/<version>/UnityEditor.TestRunner, TEST-FRAMEWORK-REPORT.md)
// from the package version that Unity version ships, bound against that version's Unity stubs; given alone, only those.
// CI does not run this (no clone there): it compiles the committed output. See docs/unity-api-check.md.
//
//   node unity-panel/Tools~/gen-unity-api.mjs --git <UnityCsReference git dir> [--test-framework-git <dir>] [--only 2022.3|6000.0]
//   (or set UNITY_CS_REFERENCE_GIT / UNITY_TEST_FRAMEWORK_GIT instead of the options)
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The Unity versions the Editor layer supports, each pinned to one reference-source tag. */
export const PINNED_TAGS = { "2022.3": "2022.3.76f1", "6000.0": "6000.0.78f1" };
/** The com.unity.test-framework version each Unity version ships with (its package tag). */
export const PINNED_TEST_FRAMEWORK_TAGS = { "2022.3": "1.1.33", "6000.0": "1.4.6" };

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const gitDir = option("git") ?? process.env.UNITY_CS_REFERENCE_GIT;
const testFrameworkGit = option("test-framework-git") ?? process.env.UNITY_TEST_FRAMEWORK_GIT;
for (const [dir, what] of [[gitDir, "--git"], [testFrameworkGit, "--test-framework-git"]]) {
  if (dir && !existsSync(dir)) {
    console.error(`gen-unity-api: ${what} ${dir} does not exist`);
    process.exit(2);
  }
}
if (!gitDir && !testFrameworkGit) {
  console.error("gen-unity-api: pass --git <dir> (or UNITY_CS_REFERENCE_GIT) pointing at a clone of Unity-Technologies/UnityCsReference with its tags, and/or --test-framework-git <dir> (or UNITY_TEST_FRAMEWORK_GIT), a clone of the com.unity.test-framework package with its tags");
  process.exit(2);
}
const only = option("only");
const versions = Object.keys(PINNED_TAGS).filter((v) => !only || v === only);
if (versions.length === 0) {
  console.error(`gen-unity-api: unknown version ${only}; known: ${Object.keys(PINNED_TAGS).join(", ")}`);
  process.exit(2);
}

const project = join(root, "Dotnet~", "ApiExtractor");
run("dotnet", ["build", project, "-c", "Release", "-nologo", "-v", "q"]);
const extractor = join(project, "bin", "Release", "net10.0", "UnityApiExtractor.dll");
for (const version of versions) {
  const out = join(root, "Stubs~", version);
  if (gitDir) run("dotnet", [extractor, "--git", gitDir, "--tag", PINNED_TAGS[version], "--out", out]);
  // After the Unity stubs: the package's API is bound against them.
  if (testFrameworkGit) run("dotnet", [extractor, "--package-git", testFrameworkGit, "--package-tag", PINNED_TEST_FRAMEWORK_TAGS[version], "--unity-version", version, "--out", out]);
}

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`gen-unity-api: ${command} ${commandArgs.join(" ")} failed (exit ${result.status})`);
    process.exit(1);
  }
}
