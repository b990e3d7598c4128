// Types of build-web.mjs (plain JS so the bundler config can import it).

/** The browser panel's three files. */
export interface BuiltWebAssets {
  html: string;
  js: string;
  css: string;
}

/** Build the panel synchronously. */
export function buildWebAssetsSync(options?: { minify?: boolean }): BuiltWebAssets;

/** Build the panel. */
export function buildWebAssets(options?: { minify?: boolean }): Promise<BuiltWebAssets>;

/** esbuild plugin that embeds `assets` in place of web/assets.ts. */
export function embedWebAssetsPlugin(assets: BuiltWebAssets): { name: string; setup(build: unknown): void };
