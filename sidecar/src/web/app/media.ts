// Audio for compose cards. An <audio src> cannot carry the sidecar's token, so the page fetches
// the WAV with it (Authorization header, the token never goes into a URL) and plays a blob: URL.

/** What a compose card asks for. */
export interface MediaSource {
  /** A blob: URL of the WAV at a compose result's wav_path. */
  wavUrl(path: string): Promise<string>;
  /** The note sequence the sidecar kept for that WAV (when the tool's text left it out). */
  noteSequence(path: string): Promise<unknown>;
}

/** Fetches from the sidecar's /mml routes with the token; each WAV once per page. */
export class SidecarMedia implements MediaSource {
  private readonly urls = new Map<string, Promise<string>>();

  constructor(private readonly token: string, private readonly fetchFn: typeof fetch = (...a) => fetch(...a)) {}

  wavUrl(path: string): Promise<string> {
    let url = this.urls.get(path);
    if (!url) {
      url = this.get("/mml/wav", path).then(async (res) => URL.createObjectURL(await res.blob()));
      url.catch(() => this.urls.delete(path));
      this.urls.set(path, url);
    }
    return url;
  }

  async noteSequence(path: string): Promise<unknown> {
    return ((await (await this.get("/mml/notes", path)).json()) as { note_sequence: unknown }).note_sequence;
  }

  private async get(route: string, path: string): Promise<Response> {
    const res = await this.fetchFn(`${route}?path=${encodeURIComponent(path)}`, { headers: { Authorization: `Bearer ${this.token}` } });
    if (res.ok) return res;
    const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
    throw new Error(body.error?.message ?? `the sidecar answered ${res.status}`);
  }
}
