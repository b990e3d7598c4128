// The sidecar's version, reported by `--version`, `doctor` and (later) the health endpoint.
// esbuild replaces __AGENT_PANEL_VERSION__ with package.json's version in the bundle.

declare const __AGENT_PANEL_VERSION__: string | undefined;

/** Version of this build ("dev" when run from source). */
export const VERSION: string = typeof __AGENT_PANEL_VERSION__ === "string" ? __AGENT_PANEL_VERSION__ : "0.1.0-dev";
