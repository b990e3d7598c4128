// `npm run gen:mml` — regenerate the golden IR of the compose_mml templates (fixtures/mml/golden)
// and the IR's JSON Schema (docs/compose-mml). `--check` only compares and exits 1 when they differ.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { generateMmlFiles } from "../sidecar/src/mml/generated.js";

const root = join(import.meta.dirname, "..");
const files = generateMmlFiles();
if (process.argv.includes("--check")) {
  const stale = [...files].filter(([p, c]) => !existsSync(join(root, p)) || readFileSync(join(root, p), "utf8") !== c).map(([p]) => p);
  if (stale.length > 0) {
    console.error(`Generated mml files are out of date; run \`npm run gen:mml\`:\n  ${stale.join("\n  ")}`);
    process.exit(1);
  }
  console.log("Generated mml files are up to date.");
} else {
  for (const [p, c] of files) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), c);
  }
  console.log(`Wrote ${files.size} mml files.`);
}
