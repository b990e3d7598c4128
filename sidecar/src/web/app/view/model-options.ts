import { h } from "../dom.js";
import type { ChatView } from "../store.js";

// The model choices of the Settings view, from the same list the composer's picker shows: the
// models claude offered a chat of this page (its initialize answer). Before any chat has started,
// the aliases every Claude Code accepts stand in. The CLI's "default" entry is the empty value
// ("Claude Code's default": no --model).

/** One model a picker offers. */
export interface ModelChoice {
  value: string;
  displayName?: string;
  description?: string;
}

/** What claude accepts as --model whatever its version, for when no chat has said more. */
export const MODEL_ALIASES: readonly ModelChoice[] = [
  { value: "opus", displayName: "Opus" },
  { value: "sonnet", displayName: "Sonnet" },
  { value: "haiku", displayName: "Haiku" },
];

/** The models claude offered in any chat view of this page, else the aliases. */
export function knownModels(views: Iterable<ChatView>): readonly ModelChoice[] {
  for (const v of views) if (v.info.models && v.info.models.length > 0) return v.info.models;
  return MODEL_ALIASES;
}

/** The <option>s of a default-model picker: the default first (value ""), each model as the composer labels it, and `saved` kept when the list lacks it. */
export function modelOptions(models: readonly ModelChoice[], saved: string): HTMLOptionElement[] {
  const fallback = models.find((m) => m.value === "default");
  const options = [h("option", { attrs: { value: "", title: fallback?.description } }, fallback?.displayName ?? "Claude Code's default")];
  for (const m of models) if (m.value !== "default") options.push(h("option", { attrs: { value: m.value, title: m.description } }, m.displayName ?? m.value));
  if (saved !== "" && !models.some((m) => m.value === saved)) options.push(h("option", { attrs: { value: saved } }, saved));
  return options as HTMLOptionElement[];
}
