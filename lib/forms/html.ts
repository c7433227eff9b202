// Titles, descriptions and statements of the provider's schemas carry a little HTML
// ("Total of <b>40 hours</b> per week.", links to help articles). It is rendered through this
// allow-list: every tag is rebuilt from its name (attributes dropped, except a safe href), and
// everything else is escaped text. The output never contains markup we did not write.

const ALLOWED = new Set(["b", "strong", "i", "em", "u", "br", "p", "ul", "ol", "li", "a", "span", "small", "code", "h1", "h2", "h3", "h4"]);
const VOID = new Set(["br"]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ENTITY = /^&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;

function escapeText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "&") out += ENTITY.test(text.slice(i)) ? "&" : "&amp;";
    else if (c === "<") out += "&lt;";
    else if (c === ">") out += "&gt;";
    else if (c === '"') out += "&quot;";
    else out += c;
  }
  return out;
}

function safeHref(attrs: string): string | null {
  const m = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
  const href = (m?.[2] ?? m?.[3] ?? m?.[4] ?? "").trim();
  return /^(https?:|mailto:)/i.test(href) ? href : null;
}

/** HTML of the allow-list only; safe for dangerouslySetInnerHTML. */
export function sanitizeHtml(input: string): string {
  let out = "";
  const open: string[] = [];
  let last = 0;
  for (const m of input.matchAll(TAG)) {
    out += escapeText(input.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === "/";
    const name = m[2]!.toLowerCase();
    if (!ALLOWED.has(name)) continue;
    if (VOID.has(name)) {
      if (!closing) out += `<${name}>`;
    } else if (closing) {
      const at = open.lastIndexOf(name);
      if (at >= 0) {
        while (open.length > at) out += `</${open.pop()}>`;
      }
    } else if (name === "a") {
      const href = safeHref(m[3] ?? "");
      out += href ? `<a href="${escapeText(href)}" target="_blank" rel="noopener noreferrer">` : "<a>";
      open.push(name);
    } else {
      out += `<${name}>`;
      open.push(name);
    }
  }
  out += escapeText(input.slice(last));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Plain text of a snippet (for labels in error messages, aria attributes, option text). */
export function stripHtml(input: string): string {
  return input
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);/g, (whole, e: string) => {
      if (e.startsWith("#x")) return String.fromCodePoint(parseInt(e.slice(2), 16));
      if (e.startsWith("#")) return String.fromCodePoint(parseInt(e.slice(1), 10));
      return NAMED[e.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether a snippet contains markup worth rendering as HTML. */
export const hasMarkup = (s: string) => /<[a-zA-Z/]|&[#a-zA-Z]/.test(s);
