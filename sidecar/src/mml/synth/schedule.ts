import { CHANNEL_NAMES, TICKS_PER_QUARTER, type ChannelName, type EnvelopeDef, type GlideDef, type IrChannel, type LfoDef, type NoteSequence, type Voice } from "../ir.js";

// IR → sample-exact note list for one channel: each note with its start, gate end and full end in
// samples (tempo changes applied), the voice, volume and the envelope, vibrato and glide in force.

/** One note ready to synthesize. */
export interface ScheduledNote {
  start: number;
  /** First sample after the sounding part (start + length × gate). */
  gateEnd: number;
  /** First sample after the note's full length. */
  end: number;
  key: number;
  cents: number;
  voice: Voice;
  volume: number;
  envelope: EnvelopeDef | null;
  lfo: LfoDef | null;
  /** Glide resolved for this note: start offset in cents and length in samples (0 = none). */
  glideCents: number;
  glideSamples: number;
  /** Seconds per tick at the note (envelopes and LFOs in ticks follow the tempo). */
  secPerTick: number;
  /** Start in seconds from the channel's start (free-running vibrato phase). */
  startSec: number;
  /** Slurred from the previous note (no gap, pitch changes without a new attack). */
  legato: boolean;
  /** The envelope goes on from the previous note instead of restarting: a ppmck slur. Pyxel's
   * voice restarts it on every note, legato or not. */
  envelopeContinues: boolean;
}

/** A channel's schedule and its total length in samples. */
export interface ChannelSchedule {
  name: ChannelName;
  notes: ScheduledNote[];
  samples: number;
}

/** Schedule every channel of a note sequence at a sample rate. */
export function scheduleSequence(ir: NoteSequence, sampleRate: number): ChannelSchedule[] {
  return CHANNEL_NAMES.map((name) => ({ name, ...scheduleChannel(ir.channels[name], ir.definitions, sampleRate, ir.mode === "ppmck") }));
}

function scheduleChannel(ch: IrChannel, defs: NoteSequence["definitions"], sr: number, slurHoldsEnvelope: boolean): { notes: ScheduledNote[]; samples: number } {
  const notes: ScheduledNote[] = [];
  let bpm = 120;
  let baseTick = 0;
  let baseSec = 0;
  const secAt = (tick: number) => baseSec + ((tick - baseTick) * 60) / (bpm * TICKS_PER_QUARTER);
  let voice = ch.voice;
  let volume = 15;
  let envelope: EnvelopeDef | null = null;
  let lfo: LfoDef | null = null;
  let glide: GlideDef | null = null;
  let prevPitch: number | null = null;
  let prevSlur = false;
  for (const e of ch.events) {
    switch (e.type) {
      case "tempo":
        baseSec = secAt(e.tick);
        baseTick = e.tick;
        bpm = e.bpm;
        break;
      case "volume":
        volume = e.level;
        break;
      case "voice":
        voice = e.voice;
        break;
      case "envelope":
        envelope = e.id === null ? null : (defs.envelopes[e.id] ?? null);
        break;
      case "lfo":
        lfo = e.id === null ? null : (defs.lfos[e.id] ?? null);
        break;
      case "glide":
        glide = e.id === null ? null : (defs.glides[e.id] ?? null);
        break;
      case "rest":
        prevSlur = false;
        break;
      case "note": {
        const startSec = secAt(e.tick);
        const lengthSec = secAt(e.tick + e.length) - startSec;
        const secPerTick = 60 / (bpm * TICKS_PER_QUARTER);
        const pitch = e.key + e.cents / 100;
        let glideCents = 0;
        let glideSamples = 0;
        if (glide) {
          glideCents = glide.offset_cents === "auto" ? (prevPitch === null ? 0 : (prevPitch - pitch) * 100) : glide.offset_cents;
          glideSamples = Math.round((glide.length === "auto" ? e.length : glide.length) * secPerTick * sr);
        }
        notes.push({
          start: Math.round(startSec * sr),
          // a full gate ends exactly where the next note starts, so the two join (no fade between)
          gateEnd: e.gate >= 1 ? Math.round(secAt(e.tick + e.length) * sr) : Math.round((startSec + lengthSec * e.gate) * sr),
          end: Math.round(secAt(e.tick + e.length) * sr),
          key: e.key,
          cents: e.cents,
          voice,
          volume,
          envelope,
          lfo,
          glideCents,
          glideSamples,
          secPerTick,
          startSec,
          legato: prevSlur,
          envelopeContinues: prevSlur && slurHoldsEnvelope,
        });
        prevPitch = pitch;
        prevSlur = e.slur;
        break;
      }
    }
  }
  return { notes, samples: Math.round(secAt(ch.duration_ticks) * sr) };
}
