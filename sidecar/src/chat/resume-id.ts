import { AgentPanelError } from "../shared/errors.js";

// What `chat.open {resume}` accepts: a session id (a UUID) of this project, or the first characters
// of one as `agent-panel sessions` and the history list print them. Nothing else ever reaches
// claude's argv (a value such as "-h" or "--dangerously-skip-permissions" would become a flag), and
// an id the project does not have gets our message instead of the CLI's raw error.

/** The shape of a Claude Code session id. */
export const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A prefix of a session id: at least 4 of its characters (hex digits and the dashes between them). */
const PREFIX = /^[0-9a-f][0-9a-f-]{3,35}$/i;
/** Most matches an ambiguous prefix lists. */
const LIST_AT_MOST = 8;

/**
 * The full session id `given` stands for, among `known` (the project's session ids). Throws a typed
 * error: invalid_session_id (not an id or prefix), session_not_found, or ambiguous_session_id.
 */
export function resolveResumeId(given: string, known: readonly string[]): string {
  const text = given.trim();
  if (!SESSION_ID.test(text) && !PREFIX.test(text)) {
    throw new AgentPanelError(
      "invalid_session_id",
      `"${clip(text)}" is not a session id. Resume with an id from the history list or \`agent-panel sessions\` (a UUID such as 2c54866b-7cd0-4caf-b231-cd4dc52df7b3, or its first characters).`,
    );
  }
  const lower = text.toLowerCase();
  const matches = known.filter((id) => id.toLowerCase().startsWith(lower));
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) {
    throw new AgentPanelError(
      "session_not_found",
      `This project has no session ${SESSION_ID.test(text) ? text : `starting with "${text}"`}. Pick one from the history list (or \`agent-panel sessions\`); sessions of other folders cannot be resumed here.`,
    );
  }
  const exact = matches.find((id) => id.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  const shown = matches.slice(0, LIST_AT_MOST).join(", ") + (matches.length > LIST_AT_MOST ? `, and ${matches.length - LIST_AT_MOST} more` : "");
  throw new AgentPanelError("ambiguous_session_id", `"${text}" starts ${matches.length} sessions (${shown}); give more of the id.`, { details: { matches } });
}

/** Without a history index (tests, no transcript folder): only a full session id is accepted. */
export function requireSessionId(given: string): string {
  const text = given.trim();
  if (SESSION_ID.test(text)) return text;
  throw new AgentPanelError("invalid_session_id", `"${clip(text)}" is not a full session id; resume with a UUID such as 2c54866b-7cd0-4caf-b231-cd4dc52df7b3 from the history list.`);
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
