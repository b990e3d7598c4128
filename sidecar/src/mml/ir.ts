import { z } from "zod";

// IR v2, the note_sequence compose_mml returns and synthesizes from. Both dialects parse into it,
// so the synthesizer and the piano roll know nothing of MML syntax. Shared envelope, LFO (vibrato)
// and glide shapes live once under `definitions`; each channel's `events` select or release them
// and carry the timed notes. Times are in ticks (48 per quarter note) from the channel's start.

/** Ticks per quarter note in every IR (a whole note is 192 ticks). */
export const TICKS_PER_QUARTER = 48;

/** The four voices of the APU, in channel order. */
export const CHANNEL_NAMES = ["Pulse1", "Pulse2", "Triangle", "Noise"] as const;
/** One channel name. */
export type ChannelName = (typeof CHANNEL_NAMES)[number];

/** Time unit of a definition: MML ticks (tempo-relative) or 1/60 s frames (fixed, NES style). */
const Unit = z.enum(["tick", "frame"]);

/** A volume envelope: starts at `initial`, then each segment moves to `level` over `length` units. */
export const EnvelopeDefSchema = z.object({
  id: z.string(),
  unit: Unit,
  initial: z.number().min(0).max(15),
  segments: z.array(z.object({ length: z.number().int().min(0), level: z.number().min(0).max(15), ramp: z.boolean() })),
  /** Index of the segment the envelope jumps back to after the last one (null: hold the last level). */
  loop: z.number().int().min(0).nullable(),
});
/** A volume envelope definition. */
export type EnvelopeDef = z.infer<typeof EnvelopeDefSchema>;

/** A vibrato LFO: triangle shape, after `delay` units, one cycle every `period` units, ±depth_cents. */
export const LfoDefSchema = z.object({
  id: z.string(),
  unit: Unit,
  delay: z.number().int().min(0),
  period: z.number().int().min(0),
  depth_cents: z.number(),
});
/** A vibrato LFO definition. */
export type LfoDef = z.infer<typeof LfoDefSchema>;

/** A pitch glide: each note starts `offset_cents` away and slides to its pitch over `length` ticks;
 * "auto" takes the offset from the previous note and the length from the note itself. */
export const GlideDefSchema = z.object({
  id: z.string(),
  offset_cents: z.union([z.number(), z.literal("auto")]),
  length: z.union([z.number().int().min(0), z.literal("auto")]),
});
/** A pitch glide definition. */
export type GlideDef = z.infer<typeof GlideDefSchema>;

/** The waveform a channel plays (any channel may switch; each starts with its own). */
export const VoiceSchema = z.object({
  wave: z.enum(["pulse", "triangle", "noise"]),
  /** Pulse duty cycle: 0.125, 0.25, 0.5 or 0.75. */
  duty: z.number().optional(),
  /** Noise mode: the 15-bit LFSR's long (32767 steps) or short (93 steps) sequence. */
  noise_mode: z.enum(["long", "short"]).optional(),
});
/** A waveform selection. */
export type Voice = z.infer<typeof VoiceSchema>;

/** One channel event; `tick` is its start. */
export const EventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("tempo"), tick: z.number().int(), bpm: z.number().positive() }),
  z.object({ type: z.literal("volume"), tick: z.number().int(), level: z.number().min(0).max(15) }),
  z.object({ type: z.literal("voice"), tick: z.number().int(), voice: VoiceSchema }),
  z.object({ type: z.literal("envelope"), tick: z.number().int(), id: z.string().nullable() }),
  z.object({ type: z.literal("lfo"), tick: z.number().int(), id: z.string().nullable() }),
  z.object({ type: z.literal("glide"), tick: z.number().int(), id: z.string().nullable() }),
  z.object({
    type: z.literal("note"),
    tick: z.number().int(),
    /** Length in ticks until the next event on this channel. */
    length: z.number().int().positive(),
    /** MIDI key (60 = C4, 69 = A4 = 440 Hz), transposition applied. */
    key: z.number().int(),
    /** Fine pitch offset in cents. */
    cents: z.number(),
    /** Fraction of the length that sounds (1 = no gap). */
    gate: z.number().min(0).max(1),
    /** Slurred into the next note: no gap, no new attack; a ppmck envelope goes on through the next
     * note, a pyxel one restarts on it (as Pyxel's voice does). */
    slur: z.boolean(),
  }),
  z.object({ type: z.literal("rest"), tick: z.number().int(), length: z.number().int().positive() }),
]);
/** One channel event. */
export type IrEvent = z.infer<typeof EventSchema>;
/** A note event. */
export type NoteEvent = Extract<IrEvent, { type: "note" }>;

/** One channel: its events in time order, its length and where an endless loop would restart. */
export const ChannelSchema = z.object({
  voice: VoiceSchema,
  events: z.array(EventSchema),
  duration_ticks: z.number().int().min(0),
  loop_tick: z.number().int().min(0).nullable(),
});
/** One channel of the IR. */
export type IrChannel = z.infer<typeof ChannelSchema>;

/** The whole IR v2 document. */
export const NoteSequenceSchema = z.object({
  version: z.literal(2),
  mode: z.enum(["ppmck", "pyxel"]),
  ticks_per_quarter: z.literal(TICKS_PER_QUARTER),
  definitions: z.object({
    envelopes: z.record(z.string(), EnvelopeDefSchema),
    lfos: z.record(z.string(), LfoDefSchema),
    glides: z.record(z.string(), GlideDefSchema),
  }),
  channels: z.object({ Pulse1: ChannelSchema, Pulse2: ChannelSchema, Triangle: ChannelSchema, Noise: ChannelSchema }),
});
/** A note sequence (IR v2). */
export type NoteSequence = z.infer<typeof NoteSequenceSchema>;

/** The default waveform of each channel. */
export const DEFAULT_VOICES: Record<ChannelName, Voice> = {
  Pulse1: { wave: "pulse", duty: 0.5 },
  Pulse2: { wave: "pulse", duty: 0.5 },
  Triangle: { wave: "triangle" },
  Noise: { wave: "noise", noise_mode: "long" },
};
