// The sidecar token for the browser page: it arrives once in the URL fragment (`#token=…`, never
// sent to the server in a URL), is removed from the address bar at once, and is kept in this
// tab's sessionStorage so a reload still works.

const KEY = "agent-panel.token";

/** Minimal window surface used here (tests can pass a stand-in). */
export interface TokenHost {
  location: { hash: string; pathname: string; search: string };
  history: { replaceState(data: unknown, unused: string, url?: string): void };
  sessionStorage?: { getItem(k: string): string | null; setItem(k: string, v: string): void };
}

/** Take the token from the fragment (and scrub it) or from session storage. */
export function takeToken(host: TokenHost): string | undefined {
  const fromHash = parseHashToken(host.location.hash);
  if (fromHash !== undefined) {
    host.history.replaceState(null, "", host.location.pathname + host.location.search);
    try {
      host.sessionStorage?.setItem(KEY, fromHash);
    } catch {
      // Storage may be disabled; the token still works for this page load.
    }
    return fromHash;
  }
  try {
    return host.sessionStorage?.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The `token` parameter of a fragment like `#token=abc&x=1`. */
export function parseHashToken(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("token")?.trim();
  return token ? token : undefined;
}
