// Bounds that keep compose_mml's work and output small enough for an editor tool.

/** Longest MML source accepted, in characters. */
export const MAX_MML_CHARS = 200_000;
/** Longest song, in seconds per channel after loops are expanded. */
export const MAX_SONG_SECONDS = 600;
/** Most events per channel after loops are expanded. */
export const MAX_EVENTS_PER_CHANNEL = 200_000;
/** Accepted sample rates in Hz. */
export const SAMPLE_RATE_MIN = 8000;
export const SAMPLE_RATE_MAX = 192_000;
/** Most samples one WAV may have (10 minutes at 48 kHz): bounds memory at high sample rates. */
export const MAX_OUTPUT_SAMPLES = 600 * 48_000;
