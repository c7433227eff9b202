import { describeCompanyFreshness, freshnessSummary, type FreshnessView } from "@/lib/console/readmodel/list";

const TONE: Record<string, string> = {
  fresh: "text-slate-700 dark:text-slate-300",
  never_synced: "text-slate-700 dark:text-slate-300",
  behind: "text-amber-800 dark:text-amber-300",
  failing: "text-red-800 dark:text-red-300",
};

/**
 * How fresh a page built from the read model is: one line (when its data was synced from the API,
 * how many companies are syncing, behind or failing) and, per company, the details. Not a live
 * region: the list polls every few seconds and a screen reader would hear it each time.
 */
export function FreshnessLine({ freshness, single = false }: { freshness: FreshnessView; single?: boolean }) {
  const now = new Date(freshness.readAt);
  const t = freshness.totals;
  const trouble = t.behind + t.failing;
  const summary = freshnessSummary(freshness, now);
  return (
    <div className="text-sm" data-testid="freshness-line">
      <p className={trouble ? TONE.behind : TONE.fresh}>
        {summary} <span className="text-slate-600 dark:text-slate-400">Updates every few seconds.</span>
      </p>
      {freshness.companies.length > 0 && !(single && freshness.companies[0]?.state === "fresh") ? (
        <details className="mt-1" open={trouble > 0 && freshness.companies.length <= 5}>
          <summary className="cursor-pointer text-slate-700 underline-offset-2 hover:underline dark:text-slate-300">
            {single
              ? "Sync details"
              : `Per company (${t.companies > freshness.companies.length ? `${freshness.companies.length} of ${t.companies} shown: those not up to date` : t.companies})`}
          </summary>
          <ul className="mt-1 space-y-0.5 pl-4">
            {freshness.companies.map((c) => (
              <li key={c.company.id} className={TONE[c.state]}>
                <span className="font-medium">{c.company.name}</span>: {describeCompanyFreshness(c, now)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
