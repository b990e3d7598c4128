import { h } from "../dom.js";

// What rendered markdown can do beyond being read: every code block gets a Copy button, and the
// `Assets/…` links the sidecar marks (a.asset-link[data-asset]) open the asset in the Unity Editor
// when one is connected, or copy the path when none is (the browser cannot open project files).

/** Add the Copy buttons and make the asset links of freshly rendered html usable (keyboard included). */
export function enhanceRendered(el: HTMLElement): void {
  for (const pre of el.querySelectorAll("pre")) {
    const button = h("button", { class: "code-copy", attrs: { type: "button", title: "Copy the code", "aria-label": "Copy code" } }, "Copy");
    button.addEventListener("click", () => {
      void copyText((pre.querySelector("code") ?? pre).textContent ?? "").then((ok) => {
        button.textContent = ok ? "Copied" : "Copy failed";
        setTimeout(() => (button.textContent = "Copy"), 1500);
      });
    });
    const block = h("div", { class: "code-block" });
    pre.replaceWith(block);
    block.append(pre, button);
  }
  for (const a of el.querySelectorAll<HTMLElement>("a.asset-link[data-asset]")) {
    a.setAttribute("role", "link");
    a.setAttribute("tabindex", "0");
    if (!a.hasAttribute("title")) a.setAttribute("title", `Open ${a.dataset.asset} in the Unity Editor`);
  }
}

/** Route clicks (and Enter) on asset links under `root` to `open` with the link's ref; returns the unwiring function. */
export function wireAssetLinks(root: HTMLElement, open: (ref: string) => void): () => void {
  const target = (ev: Event): string | undefined => {
    const a = ev.target instanceof Element ? ev.target.closest<HTMLElement>("a.asset-link[data-asset]") : null;
    return a?.dataset.asset;
  };
  const onClick = (ev: MouseEvent): void => {
    const ref = target(ev);
    if (ref === undefined) return;
    ev.preventDefault();
    open(ref);
  };
  const onKey = (ev: KeyboardEvent): void => {
    if (ev.key !== "Enter") return;
    const ref = target(ev);
    if (ref === undefined) return;
    ev.preventDefault();
    open(ref);
  };
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  return () => {
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
  };
}

/** The path of an asset ref ("Assets/A.cs:12" → "Assets/A.cs"). */
export function refPath(ref: string): string {
  return ref.replace(/:\d+$/, "");
}

/** Put `text` on the clipboard; false when the browser refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (or no permission): the selection-based copy still works on a click.
    const area = h("textarea", { attrs: { "aria-hidden": "true" } }) as HTMLTextAreaElement;
    area.value = text;
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}
