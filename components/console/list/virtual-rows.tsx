"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, type ReactNode } from "react";

// The virtualised body of a DataTable (components/console/list/data-table.tsx), in its own chunk:
// DataTable loads it with React.lazy only for a page of more than VIRTUALIZE_ABOVE rows, so the
// virtualiser is not in any list route's first load.

/** Which rows are drawn, and the space above and below them. */
export interface VirtualWindow {
  indexes: number[];
  padTop: number;
  padBottom: number;
  /** The rows' ref: the virtualiser measures each drawn row. */
  measureElement: (el: Element | null) => void;
}

const ROW_ESTIMATE_PX = 57;

/** A scrolling region (70 % of the viewport) that draws only the rows in view: `children(window)` renders the table. */
export default function VirtualRows({ count, children }: { count: number; children: (view: VirtualWindow) => ReactNode }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 10,
    initialRect: { width: 1024, height: 800 },
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  const view: VirtualWindow = {
    indexes: items.map((v) => v.index),
    padTop: items[0]?.start ?? 0,
    padBottom: last ? virtualizer.getTotalSize() - last.end : 0,
    measureElement: virtualizer.measureElement,
  };
  return (
    <div ref={scrollRef} data-virtualized="" className="max-h-[70vh] overflow-y-auto">
      {children(view)}
    </div>
  );
}
