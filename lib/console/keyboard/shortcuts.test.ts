import { describe, expect, it } from "vitest";
import { isInsideDialog, isTypingTarget, moveRow, shortcutFor, type KeyPress } from "./shortcuts";

// Fake elements: the fields the guards read (tagName, type, isContentEditable, closest).
const el = (tagName: string, o: { type?: string; editable?: boolean; inDialog?: boolean } = {}) => ({
  tagName,
  isContentEditable: o.editable ?? false,
  getAttribute: (name: string) => (name === "type" ? (o.type ?? null) : null),
  closest: (selector: string) => (o.inDialog && selector.includes("dialog") ? {} : null),
});
const body = el("BODY");
const press = (key: string, o: Omit<Partial<KeyPress>, "target"> & { target?: unknown } = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...o,
  target: (o.target ?? body) as EventTarget,
});

describe("keyboard shortcuts", () => {
  it("map their keys on the page: Ctrl+K and ⌘+K the palette, ? help, / search, j / k rows, Enter open", () => {
    expect(shortcutFor(press("k", { ctrlKey: true }))).toBe("palette");
    expect(shortcutFor(press("K", { metaKey: true }))).toBe("palette");
    expect(shortcutFor(press("?", { shiftKey: true }))).toBe("help");
    expect(shortcutFor(press("/"))).toBe("search");
    expect(shortcutFor(press("j"))).toBe("next-row");
    expect(shortcutFor(press("k"))).toBe("previous-row");
    expect(shortcutFor(press("Enter"))).toBe("open-row");
    expect(shortcutFor(press("x"))).toBeNull();
  });

  it("leave a modified single key to the browser (Ctrl+J, Alt+K, Ctrl+Alt+K)", () => {
    expect(shortcutFor(press("j", { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press("k", { altKey: true }))).toBeNull();
    expect(shortcutFor(press("k", { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it("do not fire single keys while typing in a text input, a textarea, a select or an editable element", () => {
    for (const target of [
      el("INPUT"),
      el("INPUT", { type: "search" }),
      el("INPUT", { type: "email" }),
      el("TEXTAREA"),
      el("SELECT"),
      el("DIV", { editable: true }),
    ]) {
      for (const key of ["?", "/", "j", "k", "Enter"])
        expect(shortcutFor(press(key, { target })), `${key} in ${target.tagName}`).toBeNull();
    }
  });

  it("fire single keys on a checkbox or a link (no text is typed there)", () => {
    expect(shortcutFor(press("j", { target: el("INPUT", { type: "checkbox" }) }))).toBe("next-row");
    expect(shortcutFor(press("k", { target: el("A") }))).toBe("previous-row");
  });

  it("open the palette from a text field (Ctrl+K types nothing)", () => {
    expect(shortcutFor(press("k", { ctrlKey: true, target: el("INPUT", { type: "search" }) }))).toBe("palette");
  });

  it("fire nothing inside a dialog, not even Ctrl+K", () => {
    const inDialog = el("BUTTON", { inDialog: true });
    for (const p of [press("k", { ctrlKey: true, target: inDialog }), press("j", { target: inDialog }), press("?", { target: inDialog })])
      expect(shortcutFor(p)).toBeNull();
  });

  it("fire nothing while composing text or on a press already handled", () => {
    expect(shortcutFor(press("j", { isComposing: true }))).toBeNull();
    expect(shortcutFor(press("k", { ctrlKey: true, defaultPrevented: true }))).toBeNull();
  });

  it("guards: a missing target is neither typing nor in a dialog", () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isInsideDialog(null)).toBe(false);
    expect(isTypingTarget(el("INPUT", { type: "radio" }) as unknown as EventTarget)).toBe(false);
  });
});

describe("moving through rows with j / k", () => {
  it("j starts at the first row and k at the last when no row is chosen", () => {
    expect(moveRow(-1, 5, "next-row")).toBe(0);
    expect(moveRow(-1, 5, "previous-row")).toBe(4);
  });

  it("moves one row and stops at the ends", () => {
    expect(moveRow(1, 5, "next-row")).toBe(2);
    expect(moveRow(1, 5, "previous-row")).toBe(0);
    expect(moveRow(4, 5, "next-row")).toBe(4);
    expect(moveRow(0, 5, "previous-row")).toBe(0);
  });

  it("has no row to choose in an empty list, and restarts when the chosen row is gone", () => {
    expect(moveRow(0, 0, "next-row")).toBe(-1);
    expect(moveRow(7, 3, "next-row")).toBe(0);
  });
});
