// The employment timeline's shape (docs/decisions/console-employment-timeline.md), shared by its
// loader on the server (lib/console/server/timeline/timeline.ts), the BFF route that answers it and
// the section that draws it in the browser (components/console/timeline/). Types only.

export type TimelineSourceKey = "console" | "webhooks" | "api";

export interface TimelineEntry {
  /** Unique in the timeline (source and record id). */
  key: string;
  /** ISO 8601. */
  at: string;
  source: TimelineSourceKey;
  /** What happened, as a sentence. */
  title: string;
  /** More about it (status, request id, dates), or null. */
  detail: string | null;
  /** Who did it, where the source says (a console user's name and e-mail, an expense's reviewer). */
  actor: string | null;
  href: string;
  /** The link's accessible text. */
  linkLabel: string;
  /** Failed console call or failed delivery. */
  problem?: boolean;
}

export interface TimelineSourceState {
  key: TimelineSourceKey;
  label: string;
  /** ok: read; partial: some parts could not be read (see `messages`); unavailable: nothing read. */
  state: "ok" | "partial" | "unavailable";
  messages: string[];
  /** A source held more than the timeline reads (the page of each part is bounded). */
  truncated: boolean;
}

export interface EmploymentTimeline {
  entries: TimelineEntry[];
  sources: TimelineSourceState[];
  /** Entries beyond `limit` were left out (the oldest). */
  truncated: boolean;
}
