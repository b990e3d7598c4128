import type { SearchHit, SessionSummary } from "../../../protocol/panel/history.js";
import { h, replaceChildren, setText } from "../dom.js";
import { relativeTime, sessionDetails } from "../format.js";
import type { HistoryModel, HistoryState } from "../history-model.js";
import type { MediaSource } from "../media.js";
import type { SubagentItem } from "../store.js";
import { PermissionCards } from "./permission.js";
import { TranscriptView } from "./transcript.js";

// The History view (in place of the live chat): a search box over titles and prompts (or, with
// "Full text" ticked, over whole transcripts: hits with their snippet), the list of past sessions
// (title, relative time, last prompt), and one session opened read-only with the live chat's
// transcript components, "Load older" for paging, subagent cards that load their transcript when
// expanded, and Resume.

/** The history pane. */
export class HistoryView {
  readonly el: HTMLElement;
  private readonly search: HTMLInputElement;
  private readonly fullText: HTMLInputElement;
  private readonly list: HTMLUListElement;
  private readonly listPane: HTMLElement;
  private readonly sessionPane: HTMLElement;
  private readonly sessionTitle: HTMLElement;
  private readonly older: HTMLButtonElement;
  private readonly transcript: TranscriptView;
  private listKey = "";
  private olderPages = 0;

  constructor(
    private readonly model: HistoryModel,
    media?: MediaSource,
  ) {
    this.search = h("input", {
      attrs: { type: "search", "aria-label": "Search sessions", placeholder: "Search titles and prompts", spellcheck: "false", autocomplete: "off" },
      on: { input: () => model.search(this.search.value) },
    });
    this.fullText = h("input", { attrs: { type: "checkbox" }, on: { change: () => model.setFullText(this.fullText.checked) } });
    const toggle = h("label", { class: "full-text meta", attrs: { title: "Search prompts, replies, thinking and tool calls of every session" } }, this.fullText, " Full text");
    this.list = h("ul", { class: "session-list", attrs: { "aria-label": "Past sessions" } });
    this.listPane = h("div", { class: "history-list" }, h("div", { class: "history-bar" }, this.search, toggle), this.list);
    // Read-only: no permission card can be answered here, so its answers go nowhere.
    this.transcript = new TranscriptView(
      new PermissionCards(
        async () => undefined,
        () => undefined,
      ),
      {
        subagent: { controls: (item) => this.subagentControls(item), stamp: (item) => this.model.state.selected?.subagents[item.taskId]?.status ?? "" },
        media,
      },
    );
    this.older = h("button", { class: "load-older", attrs: { type: "button" }, on: { click: () => void model.loadOlder() } }, "Load older");
    this.transcript.el.prepend(this.older);
    this.sessionTitle = h("h2", { class: "session-title" });
    this.sessionPane = h(
      "div",
      { class: "history-session", attrs: { hidden: true } },
      h(
        "div",
        { class: "history-bar" },
        h("button", { attrs: { type: "button" }, on: { click: () => model.closeSession() } }, "← All sessions"),
        this.sessionTitle,
        h("span", { class: "meta" }, "Read-only"),
        h("button", { attrs: { type: "button", title: "Continue in a new session id; the original stays as it is" }, on: { click: () => void model.resume(undefined, true) } }, "Resume as fork"),
        h("button", { class: "primary", attrs: { type: "button" }, on: { click: () => void model.resume() } }, "Resume session"),
      ),
    );
    this.el = h("section", { class: "history", attrs: { "aria-label": "History", hidden: true } }, this.listPane, this.sessionPane);
  }

  /** Show the model's state. */
  render(s: HistoryState): void {
    this.el.hidden = !s.open;
    if (!s.open) return void this.transcript.el.remove();
    if (document.activeElement !== this.search && this.search.value !== s.query) this.search.value = s.query;
    this.fullText.checked = s.fullText;
    this.search.placeholder = s.fullText ? "Search everything that was said" : "Search titles and prompts";
    const sel = s.selected;
    this.listPane.hidden = sel !== undefined;
    this.sessionPane.hidden = sel === undefined;
    this.renderList(s);
    // The read-only transcript is in the page only while a session is open (one .transcript otherwise).
    if (!sel) return void this.transcript.el.remove();
    if (!this.transcript.el.isConnected) this.sessionPane.append(this.transcript.el);
    setText(this.sessionTitle, sel.title);
    this.older.hidden = sel.cursor === null;
    this.older.disabled = sel.loading;
    setText(this.older, sel.loading && sel.events.length > 0 ? "Loading…" : "Load older");
    const scroller = this.transcript.el;
    const fromBottom = scroller.scrollHeight - scroller.scrollTop;
    this.transcript.render(`history:${sel.sessionId}`, sel.view);
    // Older events were prepended: keep what the user was looking at in place.
    if (sel.olderPages !== this.olderPages) scroller.scrollTop = scroller.scrollHeight - fromBottom;
    this.olderPages = sel.olderPages;
  }

  private renderList(s: HistoryState): void {
    const text = s.fullText && s.query.trim() !== "" ? s.text : undefined;
    if (text || (s.fullText && s.query.trim() !== "")) return this.renderHits(text);
    const minute = Math.floor(Date.now() / 60_000); // relative times refresh at most once a minute
    const key = JSON.stringify([s.sessions.map((x) => [x.id, x.lastActivity, x.title, x.lastPrompt]), s.loading, minute]);
    if (key === this.listKey) return;
    this.listKey = key;
    replaceChildren(this.list, ...s.sessions.map((x) => this.entry(x)));
    if (s.sessions.length === 0) this.list.append(h("li", { class: "meta" }, s.loading ? "Loading…" : s.query.trim() ? "No session matches." : "No past sessions in this project yet."));
  }

  /** Full-text hits: the session's title, where the match is, and the snippet around it. */
  private renderHits(text: HistoryState["text"]): void {
    const key = JSON.stringify(["hits", text?.query, text?.searching, text?.hits.length, text?.stopped]);
    if (key === this.listKey) return;
    this.listKey = key;
    replaceChildren(this.list, ...(text?.hits ?? []).map((hit) => this.hitEntry(hit)));
    if (!text || text.hits.length === 0) this.list.append(h("li", { class: "meta" }, !text || text.searching ? "Searching…" : "Nothing found."));
    else if (text.stopped === "max_hits") this.list.append(h("li", { class: "meta" }, "Showing the first matches; refine the search for more."));
  }

  private hitEntry(hit: SearchHit): HTMLLIElement {
    const where = `${hit.role === "user" ? "You" : "Claude"} · ${hit.kind.replace("_", " ")}`;
    return h(
      "li",
      null,
      h(
        "button",
        {
          class: "session-entry search-hit",
          attrs: { type: "button", "data-session": hit.sessionId, title: `Session ${hit.sessionId}` },
          on: { click: () => void this.model.openSession(hit.sessionId, hit.title) },
        },
        h("span", { class: "session-name" }, hit.title ?? `Session ${hit.sessionId.slice(0, 8)}`),
        h("span", { class: "session-time meta", attrs: { title: hit.timestamp ?? "" } }, hit.timestamp ? relativeTime(hit.timestamp) : ""),
        h("span", { class: "session-preview meta" }, h("span", { class: "hit-where" }, where), " ", h("span", { class: "hit-snippet" }, hit.snippet)),
      ),
    );
  }

  /** Under a subagent card: show or hide its transcript (loaded on first show), or say it is gone. */
  private subagentControls(item: SubagentItem): HTMLElement | null {
    const state = this.model.state.selected?.subagents[item.taskId];
    if (state?.status === "missing") return h("div", { class: "meta subagent-missing" }, "Its transcript is no longer on disk; the summary above is all that is left.");
    const label = state?.status === "loading" ? "Loading…" : state?.status === "loaded" ? "Hide transcript" : "Show transcript";
    return h(
      "button",
      {
        class: "subagent-toggle",
        attrs: { type: "button", "aria-expanded": state?.status === "loaded" ? "true" : "false", disabled: state?.status === "loading" },
        on: { click: () => void this.model.toggleSubagent(item.taskId, item.toolUseId) },
      },
      label,
    );
  }

  private entry(s: SessionSummary): HTMLLIElement {
    return h(
      "li",
      null,
      h(
        "button",
        { class: "session-entry", attrs: { type: "button", "data-session": s.id, title: `Session ${s.id}` }, on: { click: () => void this.model.openSession(s.id) } },
        h("span", { class: "session-name" }, s.title),
        h("span", { class: "session-time meta", attrs: { title: s.lastActivity } }, relativeTime(s.lastActivity)),
        s.lastPrompt ? h("span", { class: "session-preview meta" }, s.lastPrompt) : null,
        h("span", { class: "session-details meta" }, sessionDetails(s)),
      ),
    );
  }
}
