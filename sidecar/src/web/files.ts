import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { webAssets } from "./assets.js";

// The panel as URL path → file, for whoever serves it: `/` and `/index.html` (the page), `/app.js`
// and `/app.css`. The page's CSP allows scripts and styles only from these same-origin files.

/** One servable file. */
export interface WebFile {
  contentType: string;
  body: string;
}

/** The panel's files by URL path. */
export function webFiles(): ReadonlyMap<string, WebFile> {
  const a = webAssets();
  const page: WebFile = { contentType: "text/html; charset=utf-8", body: a.html };
  return new Map([
    ["/", page],
    ["/index.html", page],
    ["/app.js", { contentType: "text/javascript; charset=utf-8", body: a.js }],
    ["/app.css", { contentType: "text/css; charset=utf-8", body: a.css }],
  ]);
}

/** Write index.html, app.js and app.css into `dir` (for a server that serves a directory). */
export function writeWebFiles(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const a = webAssets();
  writeFileSync(path.join(dir, "index.html"), a.html);
  writeFileSync(path.join(dir, "app.js"), a.js);
  writeFileSync(path.join(dir, "app.css"), a.css);
  return dir;
}
