import { buildWebAssetsSync } from "./build-web.mjs";

// The browser panel's files as strings, for the sidecar's HTTP server.
// - In the bundle (dist/agent-panel.mjs), esbuild.config.mjs REPLACES this whole module with one
//   that returns the prebuilt, minified strings (plugin "embed-web-assets"), so the single-file
//   sidecar needs no files on disk and does not contain esbuild.
// - From source (tsx, vitest), the panel is built on first use with esbuild (a devDependency)
//   and cached for the life of the process.
// Keep the exports of this module in sync with the plugin's replacement.

/** The panel's index.html, app.js and app.css. */
export interface WebAssets {
  html: string;
  js: string;
  css: string;
}

let cached: WebAssets | undefined;

/** The panel's files (built on first call when running from source). */
export function webAssets(): WebAssets {
  cached ??= buildWebAssetsSync({ minify: false });
  return cached;
}
