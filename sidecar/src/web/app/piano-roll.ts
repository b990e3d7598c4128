// The piano roll of a compose_mml note sequence: one rectangle per note, time (ticks) on x, pitch
// on y, the three pitched channels sharing the pitch axis and the noise channel in its own lane
// at the bottom (its "pitch" is a noise period, not a note). The same layout as the Unity card's
// (Core/View/PianoRollLayout.cs), so both panels draw the same picture.

/** The part of IR v2 the picture needs. */
export interface RollSequence {
  channels: Record<string, { events: { type: string; tick: number; length?: number; key?: number }[]; duration_ticks: number }>;
}

/** One note's rectangle in picture coordinates (origin top left). */
export interface RollRect {
  channel: string;
  key: number;
  tick: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The channels drawn, in order; Noise goes to the bottom lane. */
export const ROLL_CHANNELS = ["Pulse1", "Pulse2", "Triangle", "Noise"] as const;
/** Share of the height the noise lane takes when there are noise notes. */
const NOISE_LANE = 0.18;

/** Rectangles for every note of `seq` in a `width` × `height` picture. */
export function pianoRollLayout(seq: RollSequence, width: number, height: number): RollRect[] {
  const notes = ROLL_CHANNELS.flatMap((channel) =>
    (seq.channels[channel]?.events ?? []).flatMap((e) =>
      e.type === "note" && typeof e.key === "number" && typeof e.length === "number" ? [{ channel, key: e.key, tick: e.tick, length: e.length }] : [],
    ),
  );
  const total = Math.max(1, ...ROLL_CHANNELS.map((c) => seq.channels[c]?.duration_ticks ?? 0), ...notes.map((n) => n.tick + n.length));
  const pitched = notes.filter((n) => n.channel !== "Noise");
  const noise = notes.filter((n) => n.channel === "Noise");
  const laneH = noise.length > 0 ? (pitched.length > 0 ? height * NOISE_LANE : height) : 0;
  const pitchH = height - laneH;
  const lo = Math.min(...pitched.map((n) => n.key));
  const hi = Math.max(...pitched.map((n) => n.key));
  const rowH = pitched.length > 0 ? pitchH / (hi - lo + 1) : 0;
  const x = (tick: number) => (tick / total) * width;
  return notes.map((n) => {
    const w = Math.max(1, x(n.length));
    if (n.channel === "Noise") return { channel: n.channel, key: n.key, tick: n.tick, x: x(n.tick), y: pitchH, w, h: laneH };
    return { channel: n.channel, key: n.key, tick: n.tick, x: x(n.tick), y: (hi - n.key) * rowH, w, h: rowH };
  });
}

const SVG = "http://www.w3.org/2000/svg";

/** An SVG of the piano roll; colours come from CSS (.roll-Pulse1 … classes using theme variables). */
export function pianoRollSvg(seq: RollSequence, width = 600, height = 120): SVGSVGElement {
  const rects = pianoRollLayout(seq, width, height);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "piano-roll");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("role", "img");
  const channels = ROLL_CHANNELS.filter((c) => rects.some((r) => r.channel === c));
  svg.setAttribute("aria-label", `Piano roll: ${rects.length} note${rects.length === 1 ? "" : "s"}${channels.length ? ` on ${channels.join(", ")}` : ""}`);
  for (const r of rects) {
    const el = document.createElementNS(SVG, "rect");
    el.setAttribute("class", `note roll-${r.channel}`);
    el.setAttribute("x", r.x.toFixed(2));
    el.setAttribute("y", r.y.toFixed(2));
    el.setAttribute("width", r.w.toFixed(2));
    el.setAttribute("height", Math.max(1, r.h - 0.5).toFixed(2));
    svg.appendChild(el);
  }
  return svg;
}
