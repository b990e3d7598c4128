import { AgentPanelError, guarded } from "../shared/errors.js";
import type { ChatEvent } from "../protocol/chat-events.js";

// Idle chats give their claude process back: after a quiet spell with nothing running (no turn,
// no permission card, no background subagent) the chat stops claude, stays listed, and its next
// message starts claude again with --resume. A resident claude holds some 100-200 MB; a user
// with a dozen chats open in the Editor would otherwise keep them all alive for the whole day.

/** Default quiet time before a chat's claude process is ended: 30 minutes. */
export const DEFAULT_IDLE_MS = 30 * 60_000;

/** The environment variable that sets the idle time in minutes (0 = never end idle processes). */
export const IDLE_MINUTES_ENV = "AGENT_PANEL_IDLE_MINUTES";

/** The idle time `env` asks for, in ms (0 = never); a value that is not a number of minutes is an error that says so. */
export function idleMsFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env[IDLE_MINUTES_ENV]?.trim();
  if (raw === undefined || raw === "") return DEFAULT_IDLE_MS;
  const minutes = Number(raw);
  if (!Number.isFinite(minutes) || minutes < 0) {
    throw new AgentPanelError("invalid_idle_minutes", `${IDLE_MINUTES_ENV}="${raw}" is not a number of minutes; set it to 0 (never end idle claude processes) or a positive number such as 30.`);
  }
  return Math.round(minutes * 60_000);
}

/** One chat's idle countdown, and the background subagents that keep it awake. */
export class IdleTimer {
  private timer: NodeJS.Timeout | undefined;
  private readonly tasks = new Set<string>();

  constructor(
    readonly ms: number,
    private readonly onIdle: () => void,
  ) {}

  /** Follow the chat's events: a background subagent still running keeps claude alive. */
  observe(event: ChatEvent): void {
    if (event.type !== "subagent") return;
    if (event.status === "running") this.tasks.add(event.taskId);
    else this.tasks.delete(event.taskId);
  }

  /** Subagents are gone with their process (crash, idle end). */
  forgetTasks(): void {
    this.tasks.clear();
  }

  /** Start the countdown when the chat is quiet (`quiet`), stop it otherwise. Re-arming a running countdown keeps it. */
  update(quiet: boolean): void {
    if (!quiet || this.ms <= 0 || this.tasks.size > 0) return this.clear();
    if (this.timer) return;
    this.timer = setTimeout(
      guarded("idle timer", () => {
        this.timer = undefined;
        this.onIdle();
      }),
      this.ms,
    );
    this.timer.unref();
  }

  /** Stop the countdown. */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
