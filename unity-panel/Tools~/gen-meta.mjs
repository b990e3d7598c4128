#!/usr/bin/env node
// Writes a Unity .meta file for every file and folder Unity imports from this package, with a GUID
// that depends only on the package-relative path: MD5("dev.agentpanel.unity/" + path), so the same
// file always gets the same GUID on every machine and no .meta is ever hand-made.
// Unity skips hidden assets: names starting with "." or ending with "~", "cvs", and "*.tmp".
//
//   node unity-panel/Tools~/gen-meta.mjs           write missing/stale .meta files, delete orphans
//   node unity-panel/Tools~/gen-meta.mjs --check   exit 1 and list problems instead of fixing them
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE = "dev.agentpanel.unity";
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const check = process.argv.includes("--check");

const problems = [];
let written = 0;
for (const asset of importedAssets(root)) {
  const meta = `${asset.path}.meta`;
  const expected = metaFor(asset);
  const current = existsSync(meta) ? readFileSync(meta, "utf8") : undefined;
  if (current === expected) continue;
  problems.push(`${current === undefined ? "missing" : "stale"}: ${rel(meta)}`);
  if (!check) {
    writeFileSync(meta, expected);
    written++;
  }
}
for (const meta of metaFiles(root)) {
  const asset = meta.slice(0, -".meta".length);
  if (existsSync(asset) && !hidden(asset.split(sep).pop())) continue;
  problems.push(`orphan: ${rel(meta)}`);
  if (!check) unlinkSync(meta);
}

if (check) {
  if (problems.length > 0) {
    console.error(`${problems.length} .meta problem(s); run \`node unity-panel/Tools~/gen-meta.mjs\`:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(".meta files: all present and current");
} else {
  console.log(problems.length === 0 ? ".meta files: nothing to do" : `.meta files: fixed ${problems.length} (${written} written)`);
}

/** True for names Unity does not import. */
function hidden(name) {
  return name.startsWith(".") || name.endsWith("~") || name.toLowerCase() === "cvs" || name.endsWith(".tmp");
}

/** Every file and folder Unity imports under `dir` (the package root itself excluded). */
function* importedAssets(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (hidden(entry.name) || entry.name.endsWith(".meta")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      yield { path, folder: true };
      yield* importedAssets(path);
    } else {
      yield { path, folder: false };
    }
  }
}

/** Every .meta file inside imported folders. */
function* metaFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (hidden(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* metaFiles(path);
    else if (entry.name.endsWith(".meta")) yield path;
  }
}

function rel(path) {
  return relative(root, path).split(sep).join("/");
}

/** The GUID of a package-relative path. */
export function guidFor(relativePath) {
  return createHash("md5").update(`${PACKAGE}/${relativePath}`, "utf8").digest("hex");
}

function metaFor(asset) {
  const guid = guidFor(rel(asset.path));
  const head = `fileFormatVersion: 2\nguid: ${guid}\n`;
  const tail = "  userData: \n  assetBundleName: \n  assetBundleVariant: \n";
  if (asset.folder) return `${head}folderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n${tail}`;
  const name = asset.path.split(sep).pop();
  const ext = name.includes(".") ? name.slice(name.lastIndexOf(".")).toLowerCase() : "";
  if (name === "package.json" && dirname(asset.path) === root) return `${head}PackageManifestImporter:\n  externalObjects: {}\n${tail}`;
  switch (ext) {
    case ".cs":
      return `${head}MonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n  icon: {instanceID: 0}\n${tail}`;
    case ".asmdef":
    case ".asmref":
      return `${head}AssemblyDefinitionImporter:\n  externalObjects: {}\n${tail}`;
    case ".uxml":
      return `${head}ScriptedImporter:\n  internalIDToNameTable: []\n  externalObjects: {}\n  serializedVersion: 2\n${tail}  script: {fileID: 13804, guid: 0000000000000000e000000000000000, type: 0}\n`;
    case ".uss":
    case ".tss":
      return `${head}ScriptedImporter:\n  internalIDToNameTable: []\n  externalObjects: {}\n  serializedVersion: 2\n${tail}  script: {fileID: 12385, guid: 0000000000000000e000000000000000, type: 0}\n`;
    case ".md":
    case ".txt":
    case ".json":
    case ".xml":
    case ".html":
    case ".yaml":
    case ".bytes":
    case ".csv":
      return `${head}TextScriptImporter:\n  externalObjects: {}\n${tail}`;
    default:
      return `${head}DefaultImporter:\n  externalObjects: {}\n${tail}`;
  }
}
