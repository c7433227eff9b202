"use client";

import { useEffect, useRef } from "react";
import { moveRow, shortcutFor } from "@/lib/console/keyboard/shortcuts";

/** The attribute that marks the row chosen with j / k (styled by the row, read by tests). */
export const ACTIVE_ROW_ATTR = "data-row-active";

/** A row's link (or button) that j / k focus and Enter opens. */
const rowTarget = (row: Element) => row.querySelector<HTMLElement>("a[href], button:not([disabled])");

/**
 * j / k through a list table's rows, Enter opens the chosen row's link. Returns the ref of the table
 * body. j / k move the focus to the row's first link (so Enter, a native link press, opens it) and
 * mark the row; they do nothing while typing in a field or inside a dialog (lib/console/keyboard).
 * With several tables on a page only the first answers.
 */
export function useRowKeys<E extends HTMLTableSectionElement>() {
  const ref = useRef<E>(null);
  useEffect(() => {
    const body = ref.current;
    if (!body) return;
    let index = -1;
    const rows = () => [...body.querySelectorAll(":scope > tr:not([aria-hidden])")].filter((r) => rowTarget(r));
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector("tbody[data-row-keys]") !== body) return;
      const action = shortcutFor(e);
      if (action !== "next-row" && action !== "previous-row" && action !== "open-row") return;
      const list = rows();
      if (action === "open-row") {
        // On the row's focused link Enter is the browser's own; only a chosen row that lost focus is opened here.
        const row = list[index];
        if (!row || (document.activeElement && document.activeElement !== document.body)) return;
        e.preventDefault();
        rowTarget(row)?.click();
        return;
      }
      const current = list.findIndex((r) => r.contains(document.activeElement));
      index = moveRow(current >= 0 ? current : index, list.length, action);
      const row = list[index];
      if (!row) return;
      e.preventDefault();
      for (const r of list) r.removeAttribute(ACTIVE_ROW_ATTR);
      row.setAttribute(ACTIVE_ROW_ATTR, "");
      rowTarget(row)?.focus();
      row.scrollIntoView?.({ block: "nearest" });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return ref;
}
