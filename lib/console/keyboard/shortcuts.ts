// The console's keyboard shortcuts: which key does what, and when a key is left to the page
// (typing in a field, inside a dialog). Pure functions over the event's fields, tested without a DOM.

export type ShortcutAction = "palette" | "help" | "search" | "next-row" | "previous-row" | "open-row";

/** The fields of a KeyboardEvent the shortcuts read (a real event satisfies it). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey?: boolean;
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
}

/** What the shortcuts need of the element a key was pressed in (an Element satisfies it). */
interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
  getAttribute?: (name: string) => string | null;
}

const TYPING_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);
/** Input types that take no typed text: a key there is not typing. */
const NON_TEXT_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset", "file", "range", "color", "image"]);
const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"], dialog';

/** True when the key goes into a text field: an input that takes text, a textarea, a select, an editable element. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as TargetLike | null;
  if (!el || typeof el.tagName !== "string") return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName.toUpperCase();
  if (!TYPING_TAGS.has(tag)) return false;
  if (tag === "INPUT") return !NON_TEXT_INPUTS.has((el.getAttribute?.("type") ?? "text").toLowerCase());
  return true;
}

/** True when the key is pressed inside a dialog (the palette itself, a confirmation, a popover dialog). */
export function isInsideDialog(target: EventTarget | null): boolean {
  const el = target as TargetLike | null;
  return Boolean(el && typeof el.closest === "function" && el.closest(DIALOG_SELECTOR));
}

/**
 * The shortcut a key press asks for, or null when the key is the page's: nothing fires inside a
 * dialog, while composing text, or on a press already handled. Ctrl/⌘+K also fires from a text field
 * (it types nothing, and a palette is the way out of a field); the single-key shortcuts never do.
 */
export function shortcutFor(e: KeyPress): ShortcutAction | null {
  if (e.defaultPrevented || e.isComposing) return null;
  if (isInsideDialog(e.target)) return null;
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k") return "palette";
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (isTypingTarget(e.target)) return null;
  switch (e.key) {
    case "?":
      return "help";
    case "/":
      return "search";
    case "j":
      return "next-row";
    case "k":
      return "previous-row";
    case "Enter":
      return "open-row";
    default:
      return null;
  }
}

/** The next row index for j / k: from none, j starts at the first row and k at the last; stops at the ends. */
export function moveRow(current: number, count: number, action: "next-row" | "previous-row"): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return action === "next-row" ? 0 : count - 1;
  return action === "next-row" ? Math.min(current + 1, count - 1) : Math.max(current - 1, 0);
}
