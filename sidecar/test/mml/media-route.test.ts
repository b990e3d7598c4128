import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../src/bridge/server/server.js";
import { composeMml, type ComposeResult } from "../../src/mml/compose.js";
import { GeneratedAudio } from "../../src/mml/generated-audio.js";
import { mmlMediaRoutes } from "../../src/mml/media-route.js";
import { mediaProof } from "../../src/shared/ws-challenge.js";

// The compose card's routes: /mml/wav serves only WAV files compose_mml wrote (or that sit in the
// generated folders), with the token; /mml/notes gives the note sequence of a recent compose.

const TOKEN = "media-token-0123456789";
const dirs: string[] = [];
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close(500);
  server = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "mml-media-"));
  dirs.push(d);
  return d;
};

async function setup() {
  const project = tmp();
  const stateDir = tmp();
  mkdirSync(join(project, "Assets"), { recursive: true });
  const generated = new GeneratedAudio();
  const media = mmlMediaRoutes({ projectRoot: project, stateDir, generated, token: TOKEN });
  server = await startServer({ port: 0, token: TOKEN, version: "0", onClient: () => ({ onText: () => {}, onClose: () => {} }), health: () => ({}), route: media.route, proofRoute: media.proofRoute });
  const env = { projectRoot: project, stateDir, onWritten: generated.record };
  const get = (route: string, path: string, auth = true) =>
    fetch(`${server!.url.replace(/\/$/, "")}${route}?path=${encodeURIComponent(path)}`, { headers: auth ? { Authorization: `Bearer ${TOKEN}` } : {} });
  const withProof = (route: string, path: string, proof = mediaProof(TOKEN, server!.port, path)) => fetch(`${server!.url.replace(/\/$/, "")}${route}?path=${encodeURIComponent(path)}&proof=${proof}`);
  return { project, env, get, withProof };
}

describe("the /mml media routes", () => {
  it("open one path with its proof (no token): another path, port or token's proof is refused", async () => {
    const { env, withProof } = await setup();
    const a = (await composeMml({ action: "compose", mode: "pyxel", mml: "0: C" }, env)) as ComposeResult;
    const b = (await composeMml({ action: "compose", mode: "pyxel", mml: "0: D" }, env)) as ComposeResult;
    const ok = await withProof("/mml/wav", a.wav_path!);
    expect([ok.status, ok.headers.get("content-type")]).toEqual([200, "audio/wav"]);
    expect((await withProof("/mml/notes", a.wav_path!)).status).toBe(200);
    expect((await withProof("/mml/wav", b.wav_path!, mediaProof(TOKEN, server!.port, a.wav_path!))).status).toBe(401);
    expect((await withProof("/mml/wav", a.wav_path!, mediaProof(TOKEN, server!.port + 1, a.wav_path!))).status).toBe(401);
    expect((await withProof("/mml/wav", a.wav_path!, mediaProof("another-token-0123456789", server!.port, a.wav_path!))).status).toBe(401);
    // A proof opens only what the route would serve with the token too.
    expect((await withProof("/mml/wav", "Assets/../ProjectSettings/secret.wav")).status).toBe(404);
  });

  it("serve a composed WAV (default folder or a custom path) and its note sequence, with the token only", async () => {
    const { env, get } = await setup();
    const r = (await composeMml({ action: "compose", mode: "pyxel", mml: "0: T120 L4 C D E" }, env)) as ComposeResult;
    const wav = await get("/mml/wav", r.wav_path!);
    expect([wav.status, wav.headers.get("content-type")]).toEqual([200, "audio/wav"]);
    expect(
      Buffer.from(await wav.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe("RIFF");
    expect((await get("/mml/wav", r.wav_path!, false)).status).toBe(401);
    const notes = (await (await get("/mml/notes", r.wav_path!)).json()) as { note_sequence: unknown };
    expect(notes.note_sequence).toEqual(r.note_sequence);

    const custom = (await composeMml({ action: "compose", mode: "pyxel", mml: "0: C", output_path: "Assets/Sfx/blip.wav" }, env)) as ComposeResult;
    expect((await get("/mml/wav", custom.wav_path!)).status).toBe(200);
  });

  it("refuse files compose_mml did not write, other types, escapes through .. or links, and unknown notes", async () => {
    const { project, get } = await setup();
    mkdirSync(join(project, "Assets/Audio/Generated"), { recursive: true });
    writeFileSync(join(project, "Assets/other.wav"), "RIFF");
    writeFileSync(join(project, "Assets/Audio/Generated/old.wav"), "RIFF");
    const outside = tmp();
    writeFileSync(join(outside, "secret.wav"), "RIFF");
    symlinkSync(outside, join(project, "Assets/Audio/Generated/link"));

    expect((await get("/mml/wav", "Assets/other.wav")).status).toBe(403);
    expect((await get("/mml/wav", "ProjectSettings/../Assets/other.wav")).status).toBe(403);
    expect((await get("/mml/wav", join(outside, "secret.wav"))).status).toBe(403);
    expect((await get("/mml/wav", "Assets/Audio/Generated/link/secret.wav")).status).toBe(403);
    expect((await get("/mml/wav", "Assets/Audio/Generated/../../../ProjectSettings/x.txt")).status).toBe(403);
    expect((await get("/mml/wav", "Assets/Audio/Generated/missing.wav")).status).toBe(404);
    // A WAV already in the generated folder (e.g. from before a restart) plays; its notes are gone.
    expect((await get("/mml/wav", "Assets/Audio/Generated/old.wav")).status).toBe(200);
    const notes = await get("/mml/notes", "Assets/Audio/Generated/old.wav");
    expect(notes.status).toBe(404);
    expect(((await notes.json()) as { error: { message: string } }).error.message).toContain("compose it again");
  });

  it("refuse a file outside the project when Assets/Audio/Generated itself is a link to elsewhere (issue #29, item 7)", async () => {
    const { project, get, withProof } = await setup();
    const outside = tmp();
    writeFileSync(join(outside, "secret.wav"), "RIFF");
    mkdirSync(join(project, "Assets/Audio"), { recursive: true });
    symlinkSync(outside, join(project, "Assets/Audio/Generated"));
    expect((await get("/mml/wav", "Assets/Audio/Generated/secret.wav")).status).toBe(403);
    expect((await withProof("/mml/wav", "Assets/Audio/Generated/secret.wav")).status).toBe(403);
  });
});
