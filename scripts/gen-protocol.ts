// `npm run gen:protocol` — regenerate docs/protocol/ (JSON Schema + golden samples) from the zod
// schemas in sidecar/src/protocol/panel. `--check` only compares and exits 1 when files differ.

import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { preloadHtmlRenderer, renderBlocks } from "../sidecar/src/bridge/hubs/hub-render.js";
import { checkProtocolFiles, generateProtocolFiles, listedFiles } from "./protocol/generate.js";

// Samples include rendered HTML, so the (lazily loaded) HTML renderer must be ready first.
await preloadHtmlRenderer();

const dir = join(import.meta.dirname, "../docs/protocol");

if (process.argv.includes("--check")) {
  const problems = checkProtocolFiles(dir, renderBlocks);
  if (problems.length > 0) {
    console.error(`docs/protocol is out of date; run \`npm run gen:protocol\`:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log("docs/protocol is up to date.");
} else {
  const files = generateProtocolFiles(renderBlocks);
  for (const stale of listedFiles(dir)) if (!files.has(stale)) rmSync(join(dir, stale));
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  console.log(`Wrote ${files.size} files to docs/protocol.`);
}
