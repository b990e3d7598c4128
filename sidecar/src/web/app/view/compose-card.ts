import { h } from "../dom.js";
import type { MediaSource } from "../media.js";
import { pianoRollSvg, type RollSequence } from "../piano-roll.js";
import type { ToolItem } from "../store.js";

// A successful compose_mml call gets a card under its tool row: an audio player for the WAV and
// the piano roll of the note sequence. The agent sees the tool as mcp__<server>__compose_mml.

/** What the card needs from a compose result. */
export interface ComposeFacts {
  wavPath: string;
  durationSec: number | undefined;
  /** The IR, or null when the tool's text left it out (a long song): then it is fetched. */
  noteSequence: RollSequence | null;
  unityImport: string | undefined;
}

/** True for compose_mml under any MCP server name (or called directly). */
export function isComposeTool(name: string): boolean {
  return name === "compose_mml" || /^mcp__.+__compose_mml$/.test(name);
}

/** The card's facts from a finished tool item, or null when it is no successful compose. */
export function composeFacts(item: ToolItem): ComposeFacts | null {
  if (!isComposeTool(item.name) || item.status !== "ok" || item.result === undefined) return null;
  let r: Record<string, unknown>;
  try {
    // The tool's text is one line of JSON; claude may append notes after it.
    r = JSON.parse(item.result.split("\n", 1)[0]!) as Record<string, unknown>;
  } catch {
    // A result cut by the panel's length limit: the path and length are near its start.
    const path = /"wav_path":"((?:[^"\\]|\\.)+)"/.exec(item.result)?.[1];
    if (!path) return null;
    r = { wav_path: JSON.parse(`"${path}"`), duration_sec: Number(/"duration_sec":([\d.]+)/.exec(item.result)?.[1]) };
  }
  if (typeof r.wav_path !== "string" || r.success === false) return null;
  const seq = r.note_sequence;
  const unity = r.unity_import as { status?: unknown } | undefined;
  return {
    wavPath: r.wav_path,
    durationSec: typeof r.duration_sec === "number" && Number.isFinite(r.duration_sec) ? r.duration_sec : undefined,
    noteSequence: seq && typeof seq === "object" && "channels" in seq ? (seq as RollSequence) : null,
    unityImport: typeof unity?.status === "string" ? unity.status : undefined,
  };
}

/** The compose card of a tool item, or null when the item is not a successful compose. */
export function composeCard(item: ToolItem, media: MediaSource | undefined): HTMLElement | null {
  const facts = composeFacts(item);
  if (!facts) return null;
  const audio = h("audio", { attrs: { controls: true, preload: "auto", "aria-label": `Play ${facts.wavPath}` } });
  const roll = h("div", { class: "roll-host" });
  const status = h("div", { class: "meta compose-status", attrs: { "aria-live": "polite" } });
  const facts1 = [facts.durationSec !== undefined ? `${facts.durationSec.toFixed(2)} s` : undefined, facts.unityImport ? `Unity: ${facts.unityImport}` : undefined].filter(Boolean).join(" · ");
  const card = h(
    "div",
    { class: "compose-card", attrs: { "aria-label": "Composed audio", "data-wav": facts.wavPath } },
    h("div", { class: "compose-head" }, h("span", { class: "compose-path", attrs: { title: facts.wavPath } }, facts.wavPath), facts1 ? h("span", { class: "meta" }, facts1) : null),
    audio,
    roll,
    status,
  );
  const fail = (what: string) => (err: unknown) => {
    status.textContent = `${what}: ${(err as Error).message}`;
    status.classList.add("error");
  };
  if (facts.noteSequence) roll.appendChild(pianoRollSvg(facts.noteSequence));
  else if (media) media.noteSequence(facts.wavPath).then((seq) => roll.appendChild(pianoRollSvg(seq as RollSequence)), fail("No piano roll"));
  if (media) {
    audio.addEventListener("error", () => fail("Cannot play")(new Error(audio.error?.message || "the WAV did not load")));
    media.wavUrl(facts.wavPath).then((url) => (audio.src = url), fail("Cannot play"));
  }
  return card;
}
