import type { DiagnosticSink } from "./diagnostics.js";
import { DEFAULT_VOICES, TICKS_PER_QUARTER, type ChannelName, type IrChannel, type IrEvent, type NoteEvent, type Voice } from "./ir.js";
import { MAX_EVENTS_PER_CHANNEL, MAX_SONG_SECONDS } from "./limits.js";

// Builds one channel's IR events while a dialect parser reads its commands: keeps the tick and
// the song time, merges ties, expands repeats, and stops (with SONG_TOO_LONG) past the limits.

type Frame = { start: number; startTick: number; startSec: number; breakAt: number | null; offset: number };

/** The per-channel parse state both dialects share (octave, default length, gate, repeats). */
export class ChannelBuilder {
  readonly events: IrEvent[] = [];
  tick = 0;
  octave = 4;
  lengthTicks = TICKS_PER_QUARTER;
  gate = 1;
  volume = 15;
  transpose = 0;
  detuneCents = 0;
  loopTick: number | null = null;
  /** ppmck: an @v envelope is on (a plain `v` turns it off). */
  envelopeOn = false;
  /** ppmck: selected definition ids and where each was first selected, checked once parsing ends. */
  readonly selectionRefs = new Map<string, { offset: number; name: string }>();
  /** The last note, while a tie or slur may still extend or connect it. */
  private lastNote: NoteEvent | null = null;
  private tieOffset = -1;
  private seconds = 0;
  private bpm = 120;
  private readonly frames: Frame[] = [];
  private full = false;

  /** The channel's waveform so far (a noise note's key picks a rate, not a pitch). */
  private wave: Voice["wave"];
  private nyquistWarned = false;

  /** `maxHz`: half the sample rate the song is for; a pitched note at or above it gets a warning. */
  constructor(
    readonly name: ChannelName,
    private readonly sink: DiagnosticSink,
    private readonly maxHz = Infinity,
  ) {
    this.wave = DEFAULT_VOICES[name].wave;
  }

  /** A setting event (tempo, volume, voice, selections) at the current tick. */
  set(event: IrEvent, offset: number): void {
    if (event.type === "tempo") this.bpm = event.bpm;
    if (event.type === "voice") this.wave = event.voice.wave;
    this.push(event, offset);
  }

  /** A note of `ticks` length; `tie` marks a following `&`/slur that connects it to the next note. */
  note(key: number, ticks: number, offset: number): NoteEvent {
    const note: NoteEvent = { type: "note", tick: this.tick, length: ticks, key: key + this.transpose, cents: this.detuneCents, gate: this.gate, slur: false };
    if (this.wave !== "noise" && !this.nyquistWarned) this.checkNyquist(note, offset);
    this.push(note, offset);
    this.advance(ticks, offset);
    this.lastNote = note;
    return note;
  }

  /** Connect the last note to what follows (pyxel `&` before a note, ppmck `&`). */
  slurLast(offset: number): void {
    if (this.lastNote === null) {
      this.sink.error(offset, "TIE_WITHOUT_NOTE", "A tie or slur has no note before it.", "Put '&' right after a note, e.g. 'c4&c8'.");
      return;
    }
    this.lastNote.slur = true;
    this.lastNote.gate = 1;
    this.tieOffset = offset;
  }

  /** If the last note is slurred into a note of the same key, lengthen it instead; true when merged. */
  mergeTie(key: number, ticks: number): boolean {
    const last = this.lastNote;
    if (last === null || !last.slur || last.key !== key + this.transpose || last.cents !== this.detuneCents) return false;
    last.length += ticks;
    last.slur = false;
    last.gate = this.gate;
    this.advance(ticks, -1);
    this.tieOffset = -1;
    return true;
  }

  /** Lengthen the last note by `ticks` (ppmck `^`, pyxel `&<len>`). */
  extendLast(ticks: number, offset: number): void {
    if (this.lastNote === null || this.events[this.events.length - 1] !== this.lastNote) {
      this.sink.error(offset, "TIE_WITHOUT_NOTE", "A length tie has no note right before it.", "Write the tie straight after a note, e.g. 'c4^8'.");
      return;
    }
    this.lastNote.length += ticks;
    this.advance(ticks, offset);
  }

  /** A rest of `ticks` length. */
  rest(ticks: number, offset: number): void {
    this.checkDanglingTie();
    const last = this.events[this.events.length - 1];
    if (last?.type === "rest") last.length += ticks;
    else this.push({ type: "rest", tick: this.tick, length: ticks }, offset);
    this.advance(ticks, offset);
    this.lastNote = null;
  }

  /** A note started after a slur that was not merged: the slur stays as legato. */
  noteStarted(): void {
    this.tieOffset = -1;
  }

  /** `[`: a repeated section starts. */
  repeatStart(): void {
    this.frames.push({ start: this.events.length, startTick: this.tick, startSec: this.seconds, breakAt: null, offset: this.tick });
    this.lastNote = null;
  }

  /** `|` inside a repeat (ppmck): the last pass stops here. False when not inside a repeat. */
  repeatBreak(offset: number): boolean {
    const f = this.frames[this.frames.length - 1];
    if (!f) return false;
    if (f.breakAt !== null) {
      this.sink.error(offset, "REPEAT_BREAK_DUPLICATE", "This repeat already has a '|'; only the first one ends the last pass.", "Keep one '|' per repeat, or nest a repeat, e.g. '[c [d | e]2 ]2'.");
      return true;
    }
    f.breakAt = this.events.length;
    f.offset = this.tick;
    return true;
  }

  /** `]n`: play the section n times in all (n = 0: endless, played once and marked as the loop point). */
  repeatEnd(count: number, offset: number): void {
    const f = this.frames.pop();
    if (!f) {
      this.sink.error(offset, "REPEAT_UNMATCHED_END", "']' closes no '['.", "Add the '[' where the repeated part starts, or remove this ']'.");
      return;
    }
    this.checkDanglingTie();
    this.lastNote = null;
    if (count === 0) {
      this.loopTick = f.startTick;
      this.sink.warn(offset, "REPEAT_INFINITE", "An endless repeat is rendered once; the channel's loop_tick marks its start.", "Give the repeat a count, e.g. ']2', to hear it more than once.");
      count = 1;
    }
    const section = this.events.splice(f.start);
    const sectionTicks = this.tick - f.startTick;
    const sectionSec = this.seconds - f.startSec;
    const headLen = f.breakAt === null ? section.length : f.breakAt - f.start;
    const headTicks = f.breakAt === null ? sectionTicks : f.offset - f.startTick;
    const totalSec = sectionSec * count;
    if (f.startSec + totalSec > MAX_SONG_SECONDS || f.start + section.length * count > MAX_EVENTS_PER_CHANNEL) return this.tooLong(offset);
    for (let pass = 0; pass < count; pass++) {
      const n = pass === count - 1 ? headLen : section.length;
      for (let i = 0; i < n; i++) this.events.push({ ...section[i]!, tick: section[i]!.tick + pass * sectionTicks } as IrEvent);
    }
    this.tick = f.startTick + sectionTicks * (count - 1) + headTicks;
    this.seconds = f.startSec + totalSec;
  }

  /** Close the channel: report an unclosed repeat or a dangling tie and return its IR. */
  finish(offsetAtEnd: number): IrChannel {
    this.checkDanglingTie();
    while (this.frames.length > 0) {
      this.frames.pop();
      this.sink.error(offsetAtEnd, "REPEAT_UNCLOSED", `A '[' on channel ${this.name} is never closed.`, "Close the repeated part with ']' and a count, e.g. ']2'.");
    }
    return { voice: DEFAULT_VOICES[this.name], events: this.events, duration_ticks: this.tick, loop_tick: this.loopTick };
  }

  private checkNyquist(note: NoteEvent, offset: number): void {
    const hz = 440 * Math.pow(2, (note.key - 69) / 12 + note.cents / 1200);
    if (!(hz >= this.maxHz)) return;
    this.nyquistWarned = true;
    const sr = Math.round(this.maxHz * 2);
    this.sink.warn(
      offset,
      "NOTE_ABOVE_NYQUIST",
      `This note (${hz < 1e7 ? Math.round(hz) : hz.toExponential(1)} Hz) is at or above half the sample rate (${sr / 2} Hz at ${sr} Hz); it is silent, as are later notes this high on channel ${this.name}.`,
      "Lower the note (octave, K or transposition), or compose at a higher sample_rate.",
    );
  }

  private checkDanglingTie(): void {
    if (this.tieOffset >= 0 && this.lastNote?.slur && this.events[this.events.length - 1] === this.lastNote) {
      this.sink.error(this.tieOffset, "TIE_WITHOUT_NOTE", "A tie or slur is not followed by a note.", "Follow '&' with a note, or remove it.");
      this.lastNote.slur = false;
    }
    this.tieOffset = -1;
  }

  private push(event: IrEvent, offset: number): void {
    if (this.full) return;
    if (this.events.length >= MAX_EVENTS_PER_CHANNEL) return this.tooLong(offset);
    this.events.push(event);
  }

  private advance(ticks: number, offset: number): void {
    this.tick += ticks;
    this.seconds += (ticks * 60) / (this.bpm * TICKS_PER_QUARTER);
    if (this.seconds > MAX_SONG_SECONDS && !this.full) this.tooLong(offset);
  }

  private tooLong(offset: number): void {
    if (this.full) return;
    this.full = true;
    this.sink.error(
      Math.max(offset, 0),
      "SONG_TOO_LONG",
      `Channel ${this.name} is longer than ${MAX_SONG_SECONDS} s or ${MAX_EVENTS_PER_CHANNEL} events once repeats are expanded.`,
      "Shorten the song or lower the repeat counts.",
    );
  }
}
