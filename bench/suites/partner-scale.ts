import { runPartnerScale } from "../lib/partner-scale";
import { defineSuite } from "../lib/suite";

// The partner view at scale (issue 13; docs/decisions/bench-partner-scale.md): 1,000 companies × 100
// employments seeded in bulk into the embedded API, synced by the console's read model over HTTP,
// then the partner list, the CSV export, freshness after a webhook and the sync's 429s. Bounded:
// the sync gets BENCH_PARTNER_SYNC_MINUTES (default 5) and every other wait has its own deadline.
// BENCH_PARTNER_COMPANIES / BENCH_PARTNER_PER_COMPANY change the size for a quick try.

const COMPANIES = Number(process.env.BENCH_PARTNER_COMPANIES ?? 1000);
const PER_COMPANY = Number(process.env.BENCH_PARTNER_PER_COMPANY ?? 100);

export default defineSuite({
  name: "partner-scale",
  description: `${COMPANIES} companies × ${PER_COMPANY} employments synced into the console's read model: companies, list p95 (ms), export (s), fresh p95 (s), 429s`,
  run: (options) =>
    runPartnerScale({
      companies: COMPANIES,
      employmentsPerCompany: PER_COMPANY,
      syncDeadlineMs: Number(process.env.BENCH_PARTNER_SYNC_MINUTES ?? 5) * 60_000,
      freshChanges: 20,
      listRounds: 10,
      log: options.log,
    }),
});
