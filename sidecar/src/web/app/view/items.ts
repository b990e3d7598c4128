import { h, type Child } from "../dom.js";
import { clip, failedLabel, formatDuration, formatTokens, previewJson, shortSummary, turnStatus } from "../format.js";
import type { MediaSource } from "../media.js";
import { permissionLine } from "../permission-words.js";
import type { BlockView, Item, MessageItem, NoticeItem, ResultItem, SubagentItem, ToolItem, UserItem } from "../store.js";
import { composeCard } from "./compose-card.js";
import { renderDiff } from "./diff-view.js";
import { enhanceRendered } from "./code-links.js";
import { renderFiles } from "./files-card.js";

// One transcript entry → one element. Everything is text except a final text block's `html`,
// which the sidecar rendered from markdown and sanitized: it is the only innerHTML in the app.

/** What item rendering needs beyond the item. */
export interface ItemContext {
  /** Keys of <details> the user opened (kept across re-renders). */
  openDetails: Set<string>;
  /** Tool use ids that wait for a permission answer. */
  awaitingApproval: ReadonlySet<string>;
  /** Renders permission cards (they have their own local state). */
  permission(item: Extract<Item, { kind: "permission" }>): HTMLElement;
  /** History only: a control under a subagent card (expand its transcript) and the state it shows. */
  subagent?: { controls(item: SubagentItem): HTMLElement | null; stamp(item: SubagentItem): string };
  /** Fetches compose_mml's audio for its cards (absent: the card shows no player). */
  media?: MediaSource;
  /** Reverts a turn's files (absent in history: the button is disabled). */
  revertFiles?(turnId: string): void;
}

/** Longest tool result shown in a card. */
const MAX_RESULT = 20_000;

/** The element of one transcript item. */
export function renderItem(item: Item, ctx: ItemContext): HTMLElement {
  const el = renderKind(item, ctx);
  el.dataset.key = item.key;
  if ("parentToolUseId" in item && item.parentToolUseId) el.classList.add("nested");
  return el;
}

/** A value that changes when the item must be re-rendered although the item object did not. */
export function renderStamp(item: Item, ctx: ItemContext, permissionStamp: (requestId: string) => string): string {
  if (item.kind === "tool") return ctx.awaitingApproval.has(item.toolUseId) ? "awaiting" : "";
  if (item.kind === "permission") return permissionStamp(item.request.requestId);
  if (item.kind === "subagent") return ctx.subagent?.stamp(item) ?? "";
  return "";
}

function renderKind(item: Item, ctx: ItemContext): HTMLElement {
  switch (item.kind) {
    case "user":
      return renderUser(item);
    case "message":
      return renderMessage(item, ctx);
    case "tool":
      return renderTool(item, ctx);
    case "permission":
      return ctx.permission(item);
    case "subagent":
      return renderSubagent(item, ctx);
    case "notice":
      return renderNotice(item);
    case "result":
      return renderResult(item);
    case "files":
      return renderFiles(item, ctx);
  }
}

function renderUser(item: UserItem): HTMLElement {
  return h(
    "div",
    { class: "item user", attrs: { "aria-label": "You said" } },
    h("div", { class: "bubble" }, item.text),
    item.queued || item.attachments > 0
      ? h("div", { class: "meta" }, item.queued ? "queued" : null, item.attachments > 0 ? ` ${item.attachments} attachment${item.attachments === 1 ? "" : "s"}` : null)
      : null,
  );
}

function renderMessage(item: MessageItem, ctx: ItemContext): HTMLElement {
  const el = h("div", { class: `item assistant${item.final ? "" : " streaming"}`, attrs: { "aria-label": "Claude said", "aria-busy": item.final ? undefined : "true" } });
  for (const block of item.blocks) el.appendChild(block.kind === "thinking" ? renderThinking(item, block, ctx) : renderText(block, item.final));
  if (!item.final && item.blocks.length === 0) el.appendChild(h("div", { class: "md plain" }, h("span", { class: "caret", attrs: { "aria-hidden": "true" } })));
  if (item.aborted) el.appendChild(h("div", { class: "meta" }, "Interrupted"));
  if (item.error) el.appendChild(h("div", { class: "meta error" }, item.error));
  return el;
}

function renderText(block: BlockView, final: boolean): HTMLElement {
  const el = h("div", { class: "md" });
  if (final && block.html !== undefined) {
    el.innerHTML = block.html; // sanitized by the sidecar (the one HTML path of the panel)
    for (const a of el.querySelectorAll("a[href]")) {
      a.setAttribute("target", "_blank");
      a.setAttribute("rel", "noopener noreferrer");
    }
    enhanceRendered(el);
    return el;
  }
  el.classList.add("plain");
  el.textContent = block.text;
  if (!final) el.appendChild(h("span", { class: "caret", attrs: { "aria-hidden": "true" } }));
  return el;
}

function renderThinking(item: MessageItem, block: BlockView, ctx: ItemContext): HTMLElement {
  const label = item.final ? "Thinking" : "Thinking…";
  return details(ctx, `${item.key}:think:${block.index}`, "thinking", [h("span", { class: "label" }, label)], [h("div", { class: "thinking-text" }, block.text)]);
}

function renderTool(item: ToolItem, ctx: ItemContext): HTMLElement {
  const awaiting = item.status === "running" && ctx.awaitingApproval.has(item.toolUseId);
  const status = awaiting ? "awaiting" : item.status;
  const statusLabel = { running: "Running", awaiting: "Waiting for approval", ok: "Succeeded", error: "Failed" }[status];
  const icon = status === "ok" ? "✓" : status === "error" ? "✗" : status === "awaiting" ? "?" : "";
  const permission = permissionLine(item);
  const head: Child[] = [
    h("span", { class: `tool-status ${status}`, attrs: { role: "img", "aria-label": statusLabel } }, icon),
    h("span", { class: "tool-name", attrs: item.title !== undefined ? { title: item.name } : {} }, item.title ?? item.name),
    h("span", { class: "tool-summary", attrs: { title: item.summary } }, shortSummary(item.title ?? item.name, item.summary)),
    permission?.tag ? h("span", { class: `tool-permission ${permission.outcome ?? ""}`, attrs: { title: permission.text } }, permission.tag) : null,
    item.durationMs !== undefined ? h("span", { class: "tool-duration" }, formatDuration(item.durationMs)) : null,
  ];
  const diff = renderDiff(item.name, item.input);
  const body: Child[] = diff ? [h("div", { class: "label" }, "Change"), diff] : [h("div", { class: "label" }, "Input"), h("pre", null, previewJson(item.input))];
  if (item.result !== undefined) body.push(h("div", { class: "label" }, item.status === "error" ? "Error" : "Result"), h("pre", null, clip(item.result, MAX_RESULT)));
  for (const image of item.images ?? []) {
    const picture = resultImage(image);
    if (picture) body.push(picture);
  }
  if (permission) body.push(h("div", { class: "meta tool-permission-line" }, permission.text));
  const el = details(ctx, `${item.key}:details`, "tool-details", head, body);
  const label = `Tool ${item.name}: ${statusLabel}${permission?.tag ? `, ${permission.tag.toLowerCase()}` : ""}`;
  return h(
    "div",
    { class: "item tool", attrs: { "data-status": status, "aria-label": label, ...(item.permission ? { "data-request-id": item.permission.requestId } : {}) } },
    el,
    composeCard(item, ctx.media),
  );
}

/** A tool's picture (raster formats only, as a data URL the panel's CSP allows). */
export function resultImage(image: { mediaType: string; data: string }): HTMLElement | null {
  if (!/^image\/(png|jpeg|gif|webp)$/.test(image.mediaType) || !/^[A-Za-z0-9+/=]+$/.test(image.data)) return null;
  return h("img", { class: "tool-image", attrs: { src: `data:${image.mediaType};base64,${image.data}`, alt: "Image returned by the tool" } });
}

function renderSubagent(item: SubagentItem, ctx: ItemContext): HTMLElement {
  const facts = [
    item.subagentType,
    item.status,
    item.toolUses !== undefined ? `${item.toolUses} tool use${item.toolUses === 1 ? "" : "s"}` : undefined,
    item.tokens !== undefined ? `${formatTokens(item.tokens)} tokens` : undefined,
    item.durationMs !== undefined ? formatDuration(item.durationMs) : undefined,
    item.lastTool ? `last: ${item.lastTool}` : undefined,
  ].filter((x): x is string => Boolean(x));
  return h(
    "div",
    { class: "item subagent", attrs: { "aria-label": "Subagent", "data-status": item.status } },
    h("div", { class: "subagent-head" }, h("span", { class: "badge" }, "Subagent"), " ", item.description ?? item.taskId),
    h("div", { class: "meta" }, facts.join(" · ")),
    item.summary ? h("div", { class: "subagent-summary" }, item.summary) : null,
    ctx.subagent?.controls(item) ?? null,
  );
}

function renderNotice(item: NoticeItem): HTMLElement {
  return h("div", { class: `item notice ${item.level}`, attrs: { role: item.level === "error" ? "alert" : "note", "data-code": item.code } }, item.message);
}

function renderResult(item: ResultItem): HTMLElement {
  const r = item.result;
  const status = turnStatus(r);
  const interrupted = status === "interrupted";
  const parts = [
    // The same words as the Unity panel (Core/View/Chat/CardLines.cs): Done, Interrupted, Failed.
    status === "completed" ? "Done" : interrupted ? "Interrupted" : failedLabel(r.subtype),
    r.durationMs !== undefined ? formatDuration(r.durationMs) : undefined,
    `${formatTokens(r.usage.input + r.usage.cacheRead + r.usage.cacheCreation)} in · ${formatTokens(r.usage.output)} out`,
    // No cost: claude's costUsd is the session's running total, shown in the status bar.
  ].filter((x): x is string => Boolean(x));
  const errors = status === "failed" ? r.errors.filter((e) => e.trim() !== "") : [];
  return h(
    "div",
    { class: `item result ${status === "completed" ? "ok" : interrupted ? "interrupted" : "error"}`, attrs: { role: "note", "aria-label": "Turn result" } },
    h("span", null, parts.join(" · ")),
    ...errors.map((e) => h("div", { class: "error" }, clip(e, 2000))),
  );
}

/** A <details> whose open state survives re-rendering. */
export function details(ctx: ItemContext, id: string, className: string, summary: Child[], body: Child[]): HTMLDetailsElement {
  const el = h("details", { class: className }, h("summary", null, ...summary), h("div", { class: "details-body" }, ...body));
  el.open = ctx.openDetails.has(id);
  el.addEventListener("toggle", () => {
    if (el.open) ctx.openDetails.add(id);
    else ctx.openDetails.delete(id);
  });
  return el;
}
