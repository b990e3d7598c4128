import { h } from "../dom.js";

// AskUserQuestion cards: each question shows its options as buttons (toggles when several may
// be chosen) and a free-text "Other" field. A single one-choice question is answered by one
// click; otherwise "Send answers" sends every question's choice (options joined by ", ").

/** One question as the AskUserQuestion tool sends it. */
export interface Question {
  question: string;
  header?: string;
  options?: { label: string; description?: string }[];
  multiSelect?: boolean;
}

/** Callbacks and state of a question card. */
export interface QuestionHandlers {
  disabled: boolean;
  picks: Record<string, string[]>;
  other: Record<string, string>;
  pick(question: string, label: string, multi: boolean): void;
  setOther(question: string, text: string): void;
  submit(answers: Record<string, string>): void;
  dismiss(): void;
}

/** The question part of a permission card. */
export function renderQuestions(requestId: string, questions: readonly Question[], hd: QuestionHandlers): HTMLElement {
  const wrap = h("div", { class: "questions" });
  questions.forEach((q, qi) => {
    const multi = q.multiSelect === true;
    const picked = hd.picks[q.question] ?? [];
    const group = h("div", { class: "question", attrs: { role: "group", "aria-label": q.header ?? q.question } });
    if (q.header) group.append(h("div", { class: "badge" }, q.header));
    group.append(h("div", { class: "question-text" }, q.question));
    const options = h("div", { class: "options" });
    for (const [oi, o] of (q.options ?? []).entries()) {
      const pressed = picked.includes(o.label);
      options.append(
        h(
          "button",
          {
            class: pressed ? "option pressed" : "option",
            attrs: {
              type: "button",
              "aria-pressed": multi || questions.length > 1 ? String(pressed) : undefined,
              title: o.description,
              "data-fid": `q:${requestId}:${qi}:${oi}`,
              disabled: hd.disabled,
            },
            on: { click: () => hd.pick(q.question, o.label, multi) },
          },
          o.label,
        ),
      );
    }
    const other = h("input", {
      attrs: { type: "text", "aria-label": `Other answer: ${q.question}`, placeholder: "Other…", "data-fid": `q:${requestId}:${qi}:other`, disabled: hd.disabled },
      on: { input: (ev) => hd.setOther(q.question, (ev.target as HTMLInputElement).value) },
    });
    other.value = hd.other[q.question] ?? "";
    group.append(options, other);
    wrap.append(group);
  });
  const single = questions.length === 1 && questions[0]!.multiSelect !== true;
  const send = (): void => {
    const answers: Record<string, string> = {};
    for (const q of questions) {
      const text = (hd.other[q.question] ?? "").trim();
      const picked = hd.picks[q.question] ?? [];
      const value = text !== "" ? text : picked.join(", ");
      if (value !== "") answers[q.question] = value;
    }
    hd.submit(answers);
  };
  wrap.append(
    h(
      "div",
      { class: "perm-actions" },
      h("button", { class: "primary", attrs: { type: "button", disabled: hd.disabled, "data-fid": `q:${requestId}:send` }, on: { click: send } }, single ? "Send other answer" : "Send answers"),
      h("button", { attrs: { type: "button", disabled: hd.disabled, "data-fid": `q:${requestId}:dismiss` }, on: { click: () => hd.dismiss() } }, "Dismiss"),
    ),
  );
  return wrap;
}
