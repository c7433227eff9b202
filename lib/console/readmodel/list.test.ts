import { describe, expect, it } from "vitest";
import { describeCompanyFreshness, freshnessSummary, type CompanyFreshnessView, type FreshnessView } from "./list";

// The freshness line's words: when the page's data was synced (the oldest company's last sync), and
// what is syncing, behind (with the reason and retry time) or failing (with the error).

const now = new Date("2026-11-26T08:10:00Z");
const company = (id: string, patch: Partial<CompanyFreshnessView> & Pick<CompanyFreshnessView, "state">) =>
  ({ company: { id, name: `Company ${id}` }, lastSyncedAt: "2026-11-26T08:02:11Z", syncing: false, ...patch }) as CompanyFreshnessView;
const view = (companies: CompanyFreshnessView[], syncedAt: string | null, totals: Partial<FreshnessView["totals"]>): FreshnessView => ({
  syncedAt,
  readAt: now.toISOString(),
  totals: { companies: companies.length, fresh: 0, syncing: 0, behind: 0, failing: 0, neverSynced: 0, ...totals },
  companies,
});

describe("the freshness line", () => {
  it("says when a single company was synced, and that it is syncing", () => {
    expect(freshnessSummary(view([company("a", { state: "fresh" })], "2026-11-26T08:02:11Z", { fresh: 1 }), now)).toBe(
      "Synced from the API at 08:02:11 UTC.",
    );
    expect(
      freshnessSummary(view([company("a", { state: "fresh", syncing: true })], "2026-11-26T08:02:11Z", { fresh: 1, syncing: 1 }), now),
    ).toBe("Synced from the API at 08:02:11 UTC · syncing now.");
  });

  it("across companies: the oldest sync, and how many are behind or failing; a day other than today is dated", () => {
    const f = view(
      [
        company("a", { state: "behind", reason: "rate limited by the API (429)", retryAt: null }),
        company("b", { state: "failing", error: "500", since: null }),
      ],
      "2026-11-25T23:59:00Z",
      { behind: 1, failing: 1 },
    );
    expect(freshnessSummary(f, now)).toBe(
      "Synced from the API at 2026-11-25 23:59:00 UTC or later (every company) · 1 behind · 1 failing.",
    );
  });

  it("says when no company, or only some, were synced yet", () => {
    expect(freshnessSummary(view([], null, {}), now)).toBe("No company is synced yet.");
    expect(freshnessSummary(view([company("a", { state: "never_synced", lastSyncedAt: null })], null, { neverSynced: 1 }), now)).toBe(
      "Not synced yet.",
    );
    expect(
      freshnessSummary(
        view([company("a", { state: "never_synced", lastSyncedAt: null }), company("b", { state: "fresh" })], null, {
          neverSynced: 1,
          fresh: 1,
        }),
        now,
      ),
    ).toBe("1 of 2 companies not synced yet.");
  });

  it("describes a company: behind with the reason and the retry time, failing with the error", () => {
    expect(
      describeCompanyFreshness(
        company("a", { state: "behind", reason: "waiting for request budget", retryAt: "2026-11-26T08:11:00Z" }),
        now,
      ),
    ).toBe("behind (waiting for request budget; retries at 08:11:00 UTC), last synced 08:02:11 UTC");
    expect(
      describeCompanyFreshness(
        company("a", { state: "failing", error: "500: upstream exploded", since: "2026-11-26T08:05:00Z", syncing: true }),
        now,
      ),
    ).toBe("failing (500: upstream exploded, since 08:05:00 UTC), last synced 08:02:11 UTC, syncing now");
    expect(describeCompanyFreshness(company("a", { state: "never_synced", lastSyncedAt: null }), now)).toBe("not synced yet");
  });
});
