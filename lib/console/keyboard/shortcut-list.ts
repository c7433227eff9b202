// Apart from shortcuts.ts (the key handling on every page): only the `?` dialog, loaded on first use, lists them.

/** The list of shortcuts shown by `?` (and in the decision record). */
export const SHORTCUTS: readonly { keys: readonly string[]; what: string }[] = [
  { keys: ["Ctrl", "K"], what: "Open the command palette (⌘ K on a Mac): go to a page, an employment or an action" },
  { keys: ["/"], what: "Search the list" },
  { keys: ["j"], what: "Next row of the list" },
  { keys: ["k"], what: "Previous row of the list" },
  { keys: ["Enter"], what: "Open the chosen row" },
  { keys: ["?"], what: "Show these shortcuts" },
];
