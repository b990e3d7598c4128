import { closeSync, constants, createReadStream, fstatSync, openSync, readlinkSync, realpathSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isAbsolute, join, relative, resolve } from "node:path";
import { mediaProof, proofMatches } from "../shared/ws-challenge.js";
import type { GeneratedAudio } from "./generated-audio.js";
import { GENERATED_DIR } from "./output.js";
import { FOLDER_MODE } from "./safe-write.js";

// The browser panel's compose card plays the WAV and draws the piano roll from these two routes:
//   GET|HEAD /mml/wav?path=<wav_path>    the WAV bytes
//   GET      /mml/notes?path=<wav_path>  {note_sequence} of a WAV composed since the sidecar started
// Each request carries the token (Authorization header, checked by the server before `route`) or
// `&proof=` = mediaProof(token, port, path), checked here in `proofRoute`: an <audio src> cannot
// send a header, and the proof, unlike the token, opens only that path on that port.
// Only WAV files compose_mml wrote in this sidecar's lifetime, or files inside the project's
// Assets/Audio/Generated or the state directory's mml folder, are served; never any other path.

/** Where compose_mml writes, and what it wrote; the token checks proofs. */
export interface MediaRouteOptions {
  projectRoot: string | null;
  stateDir: string;
  generated: GeneratedAudio;
  token: string;
}

/** A route handler of the bridge server: true when the request was one of these routes (it is answered). */
type Route = (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;

/** The two handlers for startServer: `route` (token already checked) and `proofRoute` (requests with &proof=). */
export function mmlMediaRoutes(opts: MediaRouteOptions): { route: Route; proofRoute: Route } {
  return {
    route: (req, res, pathname) => isMedia(pathname) && serve(opts, req, res, pathname),
    proofRoute: (req, res, pathname) => {
      if (!isMedia(pathname)) return false;
      const params = new URL(req.url ?? "/", "http://127.0.0.1").searchParams;
      const proof = params.get("proof");
      if (proof === null) return false; // the token path: the server checks the header, then `route`
      if (!proofMatches(proof, mediaProof(opts.token, req.socket.localPort ?? 0, params.get("path") ?? "")))
        return reply(res, 401, "wrong_proof", "The media proof does not match this path and port; reload the panel.");
      return serve(opts, req, res, pathname);
    },
  };
}

function isMedia(pathname: string): boolean {
  return pathname === "/mml/wav" || pathname === "/mml/notes";
}

function serve(opts: MediaRouteOptions, req: IncomingMessage, res: ServerResponse, pathname: string): true {
  const wav = pathname === "/mml/wav";
  if (req.method !== "GET" && !(wav && req.method === "HEAD")) return reply(res, 405, "method_not_allowed", `Use GET${wav ? " or HEAD" : ""} for ${pathname}.`);
  const found = allowedFile(opts, new URL(req.url ?? "/", "http://127.0.0.1").searchParams.get("path"));
  if ("error" in found) return reply(res, found.status, found.error, found.message);
  if (!wav) {
    const noteSequence = opts.generated.noteSequence(found.real);
    if (!noteSequence) return reply(res, 404, "not_found", "This WAV was not composed since the sidecar started, so its note sequence is gone; compose it again to see the piano roll.");
    return json(res, 200, { note_sequence: noteSequence });
  }
  // Open what was checked, not a path a link may have been swapped into since (see openChecked).
  const fd = openChecked(found.real);
  if (fd === null) return reply(res, 404, "not_found", `The WAV at ${found.real} changed while it was opened; compose it again.`);
  res.writeHead(200, { "Content-Type": "audio/wav", "Content-Length": String(found.size), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  if (req.method === "HEAD") return (closeSync(fd), res.end(), true);
  createReadStream("", { fd })
    .on("error", () => res.destroy())
    .pipe(res);
  return true;
}

type Found = { real: string; size: number } | { status: number; error: string; message: string };

/** The real path of a servable WAV named by a compose result's wav_path, or why not. */
export function allowedFile(opts: MediaRouteOptions, path: string | null): Found {
  if (!path || path.includes("\0")) return { status: 400, error: "bad_request", message: "Give the compose result's wav_path as ?path=." };
  if (!/\.wav$/i.test(path)) return { status: 403, error: "forbidden", message: "Only .wav files written by compose_mml are served." };
  const base = opts.projectRoot ?? join(opts.stateDir, "mml");
  let real: string;
  let size: number;
  try {
    real = realpathSync(isAbsolute(path) ? path : resolve(base, path));
    const stat = statSync(real);
    if (!stat.isFile()) throw new Error("not a file");
    size = stat.size;
  } catch {
    return { status: 404, error: "not_found", message: `There is no WAV at ${path}; compose it again.` };
  }
  // The real path must be inside the real project (or output folder) whatever links lie between:
  // the generated folder is joined to the real root, never resolved itself, so a Generated folder
  // that is a link to elsewhere does not widen what is served (issue #29, item 7).
  const stateHome = realOrNull(join(opts.stateDir, "mml"));
  const projectHome = opts.projectRoot ? realOrNull(opts.projectRoot) : null;
  const homes = [stateHome, projectHome].filter((r): r is string => r !== null);
  const generatedDirs = [stateHome, projectHome && join(projectHome, GENERATED_DIR)].filter((r): r is string => typeof r === "string");
  if (!homes.some((home) => inside(home, real))) {
    return { status: 403, error: "forbidden", message: `${path} resolves to a file outside the project; the sidecar serves only generated audio inside it.` };
  }
  if (!opts.generated.has(real) && !generatedDirs.some((dir) => inside(dir, real))) {
    return { status: 403, error: "forbidden", message: `${path} was not written by compose_mml and is outside ${GENERATED_DIR}; the sidecar serves only its generated audio.` };
  }
  return { real, size };
}

function inside(root: string, file: string): boolean {
  const r = relative(root, file);
  return r !== "" && !r.startsWith("..") && !isAbsolute(r);
}

/** The file opened without following a link, still at `real` (checked through /proc on Linux), or null. */
function openChecked(real: string): number | null {
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return null;
  }
  try {
    const now = FOLDER_MODE === "proc" ? readlinkSync(`/proc/self/fd/${fd}`) : realpathSync(real);
    if (now === real && fstatSync(fd).isFile()) return fd;
  } catch {
    // fall through: refuse
  }
  closeSync(fd);
  return null;
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function reply(res: ServerResponse, status: number, code: string, message: string): true {
  return json(res, status, { error: { code, message } });
}

function json(res: ServerResponse, status: number, body: unknown): true {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(Buffer.byteLength(text)), "Cache-Control": "no-store" });
  res.end(text);
  return true;
}
