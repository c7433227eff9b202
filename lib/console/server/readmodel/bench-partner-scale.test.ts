import { describe, expect, it } from "vitest";
import { runPartnerScale } from "@/bench/lib/partner-scale";

// The bench suite `partner-scale` (bench/suites/partner-scale.ts) at a small scale: 5 companies × 10
// employments seeded in bulk, synced by the console's read model over HTTP, then every row of the
// suite is produced with its metric, the export holds every synced row, the changes made at the API
// arrived through their webhooks, and the sync met no 429. The run stops by itself (deadlines).

describe("bench suite partner-scale, small", () => {
  it("syncs every company and produces the companies, list, export, fresh and 429 rows", { timeout: 240_000 }, async () => {
    const lines: string[] = [];
    const result = await runPartnerScale({
      companies: 5,
      employmentsPerCompany: 10,
      syncDeadlineMs: 120_000,
      freshChanges: 3,
      listRounds: 2,
      apiInThisThread: true,
      log: (m) => lines.push(m),
    });
    const row = (part: string) => result.rows.find((r) => r.name.includes(part));
    expect(row("companies")?.metrics.companies?.value).toBe(5);
    expect(row("companies")?.notes).toMatchObject({ rows: 50, expectedRows: 50 });
    // Onboarding progress is known for every employment still onboarding (one show each, no more).
    const notes = row("companies")!.notes!;
    expect(notes.onboardingKnown).toBe(notes.onboardingRows);
    expect(Number(notes.onboardingRows)).toBeGreaterThan(0);
    expect(row("list")?.metrics.p95?.unit).toBe("ms");
    expect(row("list")!.metrics.p95!.value).toBeGreaterThan(0);
    expect(row("export")?.metrics.seconds?.unit).toBe("s");
    expect(row("export")?.notes).toMatchObject({ rows: 50 });
    expect(row("fresh")?.metrics.p95?.unit).toBe("s");
    expect(row("fresh")?.notes).toMatchObject({ changes: 3, seen: 3, missed: 0 });
    expect(row("429")?.metrics["429s"]).toEqual({ value: 0, unit: "429s", better: "lower" });
    expect(result.checks?.find((c) => c.name === "rows exported")?.pass).toBe(true);
  });
});
