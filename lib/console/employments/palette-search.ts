// What the command palette's employment search answers (GET /api/bff/employments/search?q=…), shared
// by the server module (lib/console/server/employments/palette-search.ts) and the palette.

export interface EmploymentMatch {
  id: string;
  full_name: string;
  job_title: string | null;
  /** The personal e-mail, else the work or login e-mail. */
  email: string | null;
}

export interface EmploymentSearchResult {
  matches: EmploymentMatch[];
  /**
   * readmodel: every employment of the synced company; api: an exact e-mail, and the first pages walked;
   * readmodel+api: the read model found no match (or not the exact e-mail typed), so the API was asked
   * too (an employment created since the company's last re-read is found).
   */
  source: "readmodel" | "api" | "readmodel+api" | "none";
  /** False when more employments may match than were answered (the limit, or the API pages walked). */
  complete: boolean;
  /** When the read model last completed a sync of the company (source readmodel or readmodel+api), ISO 8601. */
  syncedAt: string | null;
}

/** Longest query text accepted. */
export const PALETTE_SEARCH_MAX = 100;
/** Milliseconds of typing pause before the palette asks the server. */
export const PALETTE_SEARCH_DEBOUNCE_MS = 250;
