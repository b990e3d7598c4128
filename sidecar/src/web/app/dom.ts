// Tiny DOM builder for the panel. Text always goes in as text nodes: there is no way to pass
// HTML through here (the only innerHTML in the app is the sanitized markdown in view/items.ts).

/** A child: a node, text, or nothing. */
export type Child = Node | string | number | null | undefined | false;

/** Attributes (set with setAttribute; `false`/undefined skips), class, and event listeners. */
export interface Props {
  class?: string;
  attrs?: Record<string, string | number | boolean | undefined>;
  on?: { [K in keyof HTMLElementEventMap]?: (ev: HTMLElementEventMap[K]) => void };
}

/** Create an element with props and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props | null = null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props?.class) el.className = props.class;
  for (const [name, value] of Object.entries(props?.attrs ?? {})) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const [type, fn] of Object.entries(props?.on ?? {})) el.addEventListener(type, fn as EventListener);
  append(el, children);
  return el;
}

/** Append children (text as text nodes). */
export function append(el: Node, children: readonly Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
}

/** Replace all children of `el`. */
export function replaceChildren(el: Element, ...children: Child[]): void {
  el.textContent = "";
  append(el, children);
}

/** Set text only when it changed (keeps selection and avoids layout work). */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** Query a required descendant. */
export function $<E extends Element = HTMLElement>(root: ParentNode, selector: string): E {
  const el = root.querySelector<E>(selector);
  if (!el) throw new Error(`panel markup is missing ${selector}`);
  return el;
}

/** True when a key press is aimed at a text field (single-key shortcuts must not fire). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}
