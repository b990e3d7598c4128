import { mediaProof } from "./challenge.js";

// Audio for compose cards. An <audio src> cannot carry a header, and the token never goes into a
// URL (nor to a server that has not proved it holds it), so each media URL carries a proof that
// opens only that file on this sidecar's port: HMAC(token, "agent-panel media v1", port, path).

/** What a compose card asks for. */
export interface MediaSource {
  /** A URL the <audio> element can load for the WAV at a compose result's wav_path. */
  wavUrl(path: string): Promise<string>;
  /** The note sequence the sidecar kept for that WAV (when the tool's text left it out). */
  noteSequence(path: string): Promise<unknown>;
}

/** Builds proof URLs for the sidecar's /mml routes on the page's own origin. */
export class SidecarMedia implements MediaSource {
  constructor(
    private readonly token: string,
    private readonly port: number,
    private readonly fetchFn: typeof fetch = (...a) => fetch(...a),
  ) {}

  wavUrl(path: string): Promise<string> {
    return this.url("/mml/wav", path);
  }

  async noteSequence(path: string): Promise<unknown> {
    const res = await this.fetchFn(await this.url("/mml/notes", path));
    const body = (await res.json().catch(() => ({}))) as { note_sequence?: unknown; error?: { message?: string } };
    if (!res.ok) throw new Error(body.error?.message ?? `the sidecar answered ${res.status}`);
    return body.note_sequence;
  }

  private async url(route: string, path: string): Promise<string> {
    return `${route}?path=${encodeURIComponent(path)}&proof=${await mediaProof(this.token, this.port, path)}`;
  }
}
