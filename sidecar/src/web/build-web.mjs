// Builds the browser panel (app/) into three strings: index.html, app.js (one IIFE bundle, no
// imports at run time) and app.css. Shared by esbuild.config.mjs (which embeds the result into
// dist/agent-panel.mjs) and by assets.ts when the sidecar runs from source (tsx, vitest).
// Plain .mjs so that `node esbuild.config.mjs` can import it without a TypeScript loader.
import { build, buildSync } from "esbuild";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const app = (name) => fileURLToPath(new URL(`./app/${name}`, import.meta.url));

function jsOptions(minify) {
  return {
    entryPoints: [app("main.ts")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: ["chrome109", "firefox115", "safari16"],
    minify,
    legalComments: "none",
    charset: "utf8",
    logLevel: "silent",
  };
}

function cssOptions(minify) {
  return { entryPoints: [app("styles.css")], bundle: true, write: false, minify, charset: "utf8", logLevel: "silent" };
}

/** Build the panel synchronously: { html, js, css }. */
export function buildWebAssetsSync({ minify = false } = {}) {
  const js = buildSync(jsOptions(minify)).outputFiles[0].text;
  const css = buildSync(cssOptions(minify)).outputFiles[0].text;
  return { html: readFileSync(app("index.html"), "utf8"), js, css };
}

/** Build the panel: { html, js, css }. */
export async function buildWebAssets({ minify = false } = {}) {
  const [js, css] = await Promise.all([build(jsOptions(minify)), build(cssOptions(minify))]);
  return { html: readFileSync(app("index.html"), "utf8"), js: js.outputFiles[0].text, css: css.outputFiles[0].text };
}

/**
 * esbuild plugin for the sidecar bundle: replaces sidecar/src/web/assets.ts with a module whose
 * webAssets() returns `assets` (prebuilt strings), so the bundle needs neither files nor esbuild.
 */
export function embedWebAssetsPlugin(assets) {
  return {
    name: "embed-web-assets",
    setup(b) {
      b.onLoad({ filter: /[\\/]sidecar[\\/]src[\\/]web[\\/]assets\.ts$/ }, () => ({
        contents: `const assets = ${JSON.stringify(assets)};\nexport function webAssets() { return assets; }\n`,
        loader: "js",
      }));
    },
  };
}
