// Character references in markdown prose ("&lt;", "&#60;", "&hellip;") are decoded once, here,
// so the Unity text and the browser HTML show the same characters. marked leaves named
// references in its text tokens and decodes numeric ones itself (escaping a bare "&" as "&amp;"
// when it does), so decoding its text once yields exactly what a browser would display.
// Named references outside this table stay literal in both renderers (a deliberate, small
// subset: the full HTML5 table has ~2,200 names that model output practically never uses).

const NAMED: Readonly<Record<string, string>> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00A0",
  copy: "©", reg: "®", trade: "™", deg: "°", plusmn: "±", times: "×", divide: "÷",
  micro: "µ", para: "¶", sect: "§", middot: "·", bull: "•", hellip: "…", prime: "′", Prime: "″",
  ndash: "–", mdash: "—", lsquo: "‘", rsquo: "’", sbquo: "‚", ldquo: "“", rdquo: "”", bdquo: "„",
  laquo: "«", raquo: "»", lsaquo: "‹", rsaquo: "›", iexcl: "¡", iquest: "¿",
  cent: "¢", pound: "£", yen: "¥", euro: "€", curren: "¤",
  larr: "←", rarr: "→", uarr: "↑", darr: "↓", harr: "↔", lArr: "⇐", rArr: "⇒", hArr: "⇔",
  le: "≤", ge: "≥", ne: "≠", asymp: "≈", equiv: "≡", infin: "∞", minus: "−", radic: "√",
  sum: "∑", prod: "∏", part: "∂", nabla: "∇", isin: "∈", notin: "∉", cap: "∩", cup: "∪",
  and: "∧", or: "∨", not: "¬", forall: "∀", exist: "∃", empty: "∅", lowast: "∗",
  alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", theta: "θ", lambda: "λ",
  mu: "μ", pi: "π", sigma: "σ", tau: "τ", phi: "φ", omega: "ω", Delta: "Δ", Sigma: "Σ", Omega: "Ω",
  frac12: "½", frac14: "¼", frac34: "¾", sup2: "²", sup3: "³",
  check: "✓", cross: "✗", star: "☆", starf: "★",
  ensp: "\u2002", emsp: "\u2003", thinsp: "\u2009", zwnj: "\u200C", zwj: "\u200D", shy: "\u00AD",
  Tab: "\t", NewLine: "\n",
};

// One fixed-shape alternation with bounded repeats: linear time on any input.
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z][A-Za-z0-9]{0,31}));/g;

/** Decodes HTML character references once (numeric always, named from the table above). */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(REFERENCE, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return Object.hasOwn(NAMED, name) ? (NAMED[name] as string) : whole;
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex as string, 16);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\uFFFD";
    return String.fromCodePoint(code);
  });
}
