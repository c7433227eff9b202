import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { sectionUnavailableReason } from "@/components/forms/section-availability";
import { employmentEditHref, employmentHref, EMPLOYMENTS_PATH } from "@/lib/console/employments/links";
import type { Employment, EmploymentSection } from "@/lib/contract";
import { signInWithCustomerToken } from "../lib/console-session";
import { closeServer, createBaselineServer, listenLoopback, type CannedResponse } from "../lib/http";
import { measure, round } from "../lib/load";
import { alternatingRounds, medianRatio, ROUNDS, type Combined } from "../lib/rounds";
import { buildIfNeeded, PROJECT_ROOT, startConsoleServer, type ConsoleServer } from "../lib/next-server";
import { PAGE_CACHE_HEADER } from "@/lib/console/server/page-cache";
import { buildWeight, kb, pageAssets, readRouteBundleStats, servedWeight, sharedWeight, sizeOf } from "../lib/page-weight";
import { check, defineSuite, type BenchOptions, type Check, type Comparison, type Metric, type Row } from "../lib/suite";
import { timeSequential, timingMetrics } from "../lib/ttfb";

// The console's pages as a signed-in user gets them from the production server as `npm start` runs
// it (`next start` behind the page cache, the embedded API in the same process), against a bare
// node:http server sending the very same HTML:
// - time to first byte and to the last byte, one request at a time (50 after 5 discarded);
// - throughput and latency under load (autocannon, the runner's duration and connections), in the
//   first seconds and in the steady state after `STEADY_STATE_WARMUP_S` of load, in rounds that
//   alternate with the static server (the goals' figure: the median of the rounds' ratios); the
//   same session reloading the same page is answered by the page cache, so each page is measured
//   again rendered for every request (`Cache-Control: no-cache`), and how sampled answers were
//   served (hit, miss, bypass) is in the rows' notes;
// - the JavaScript each console route ships (raw and gzip), from the page as served and from the
//   build's own accounting, against the 0 bytes of a static page of the same data.
// docs/decisions/bench-console-pages.md explains the choices.

/** The sandbox demo company's customer token (GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX of the server). */
const DEMO_TOKEN = "ra_test_bench_console_pages_0123456789abcdef";
const TTFB_REQUESTS = 50;
/**
 * Seconds of load on each console page before its steady-state measurement. V8 compiles the
 * render's code (React's renderers, Next's request path, the page's components) over the first few
 * thousand requests: on 2 cores a page rendered at 50–100 req/s gains 40–100 % between its first
 * seconds and 25–30 s of load (docs/decisions/bench-console-pages.md). The goals are read on the
 * steady state; the first seconds stay in the report as their own row.
 */
export const STEADY_STATE_WARMUP_S = 30;
const TTFB_WARMUP = 5;
/** The country-form section whose page is weighed (accepted while an employment is active too). */
const FORM_SECTION: EmploymentSection = "address_details";

// Issue 11's goals, checked by every run (PASS/FAIL lines under the table, `checks` in the JSON):
/** First-load JS, KB gzip: the list page has its own budget; every other route the largest route's. */
export const JS_BUDGET_KB: Readonly<Record<string, number>> = { "/employments": 170 };
export const JS_BUDGET_EVERY_ROUTE_KB = 250;
/** Throughput under load, console / static server of the same HTML. */
export const THROUGHPUT_GOALS: Readonly<Record<string, number>> = { "GET /employments": 0.03, "GET /employments/{id}": 0.015 };
const jsBudgetOf = (route: string) => JS_BUDGET_KB[route] ?? JS_BUDGET_EVERY_ROUTE_KB;
/** A near-empty console page: the console's not-found page, signed in (an unknown path under the console's layout). */
const NEAR_EMPTY_PAGE = {
  name: "GET /{unknown path} (near-empty console page)",
  path: "/bench-no-such-page",
  expect: "There is no page at this address",
};

interface ApiList {
  data: { employments: Array<{ id: string }>; total_count: number };
}

/** An employment of the demo company whose pages all render their full content (edit, the form). */
async function pickEmployment(apiUrl: string): Promise<{ employment: Employment; totalCount: number }> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${apiUrl}${path}`, {
      headers: { authorization: `Bearer ${DEMO_TOKEN}` },
      signal: AbortSignal.timeout(30_000),
    });
    if (res.status !== 200) throw new Error(`API GET ${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  const list = await get<ApiList>("/v1/employments?page_size=100");
  if (list.data.employments.length === 0) throw new Error("the demo company has no employment");
  for (const { id } of list.data.employments) {
    const { data } = await get<{ data: { employment: Employment } }>(`/v1/employments/${encodeURIComponent(id)}`);
    if (sectionUnavailableReason(data.employment, FORM_SECTION) === null)
      return { employment: data.employment, totalCount: list.data.total_count };
  }
  throw new Error(`no employment of the demo company accepts the ${FORM_SECTION} form`);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** The page's HTML as the signed-in browser gets it; must be a `status` (200) that shows `expect`. */
async function fetchPage(consoleUrl: string, path: string, cookie: string | null, expect: string, status = 200): Promise<Buffer> {
  const res = await fetch(`${consoleUrl}${path}`, {
    headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== status)
    throw new Error(`GET ${path} answered ${res.status}${res.headers.get("location") ? ` → ${res.headers.get("location")}` : ""}`);
  const html = body.toString("utf8");
  if (!html.includes(expect) && !html.includes(escapeHtml(expect)))
    throw new Error(`GET ${path}: the page does not show "${expect}" (signed out, or an error page?)`);
  return body;
}

/** How long the list waits, at most, for the demo company's first sync (a few seconds on 2 cores). */
const FIRST_SYNC_TIMEOUT_MS = 90_000;

/**
 * Waits until the list is served from the read model: the company's first sync has completed, as on
 * every page an admin opens after the first minute. Measured before it, the list would be the live
 * page of the first seconds, with a sync writing under the load. Returns the wait in ms.
 */
async function waitForFirstSync(consoleUrl: string, cookie: string, log: (message: string) => void): Promise<number> {
  const started = performance.now();
  for (;;) {
    const html = (await fetchPage(consoleUrl, EMPLOYMENTS_PATH, cookie, "Employments")).toString("utf8");
    if (!html.includes('data-testid="live-list-note"')) break;
    if (performance.now() - started > FIRST_SYNC_TIMEOUT_MS)
      throw new Error(`the demo company's first sync did not complete within ${FIRST_SYNC_TIMEOUT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const waited = Math.round(performance.now() - started);
  log(`the list is served from the read model (first sync completed after ${waited} ms of waiting)`);
  return waited;
}

const metric = (value: number, unit: string, better: Metric["better"] = "lower"): Metric => ({ value, unit, better });

/** A console target's notes: the CPU figures of this process's thread (the static server's) are not the console's. */
function consoleNotes(r: Combined) {
  const { serverThreadCpuMs: _cpu, requestsPerServerCpuSecond: _perCpu, ...notes } = r.notes;
  return notes;
}

/**
 * `STEADY_STATE_WARMUP_S` seconds of the page's load, discarded (its answers are checked by the
 * measurement that follows): the server's code for the page is compiled before its steady state is
 * measured.
 */
/**
 * How `count` sequential requests were answered, by the page cache's header (hit, miss, bypass):
 * read after a load, so a figure can be read as what it measured (docs/decisions/console-page-cache.md).
 */
async function pageCacheAnswers(url: string, headers: Record<string, string>, count = 20): Promise<Record<string, number>> {
  const answers: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const res = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    const marker = res.headers.get(PAGE_CACHE_HEADER) ?? "none";
    answers[marker] = (answers[marker] ?? 0) + 1;
  }
  return answers;
}

/** `{ hit: 20 }` → "hit 20/20". */
const answersNote = (answers: Record<string, number>) =>
  Object.entries(answers)
    .map(([marker, n]) => `${marker} ${n}/${Object.values(answers).reduce((a, b) => a + b, 0)}`)
    .join(", ");

async function warmUp(url: string, options: BenchOptions, headers: Record<string, string>, name: string): Promise<void> {
  options.log(`${name}: ${STEADY_STATE_WARMUP_S} s of load before the steady-state measurement`);
  await measure(url, { ...options, duration: STEADY_STATE_WARMUP_S, warmup: 0 }, headers);
}

/** A route's first-load JS per the build, with its budget in the notes. */
const buildRow = (route: string, w: { raw: number; gzip: number; files: number }): Row => ({
  name: `JS ${route}`,
  target: "build stats",
  metrics: { "js raw": metric(kb(w.raw), "KB"), "js gzip": metric(kb(w.gzip), "KB"), "js files": metric(w.files, "files") },
  notes: { budgetGzipKB: jsBudgetOf(route), withinBudget: kb(w.gzip) <= jsBudgetOf(route) ? "yes" : "no" },
});

export default defineSuite({
  name: "console-pages",
  description:
    "Console pages signed in (npm start's server: next start behind the page cache, embedded API) vs a bare node:http server sending the same HTML: TTFB, load, JS per route",
  async run(options) {
    const build = await buildIfNeeded(options.log);
    const started: Server[] = [];
    let next: ConsoleServer | undefined;
    try {
      next = await startConsoleServer({
        log: options.log,
        env: {
          GATEWAY_DEMO_CUSTOMER_TOKEN_SANDBOX: DEMO_TOKEN,
          AUTH_SECRET: randomBytes(32).toString("base64url"),
          // The console calls the API once or more per page with one token: the default limits
          // (300 a minute per company) would turn a load run into 429s.
          GATEWAY_RATE_LIMIT_PER_CLIENT: "1000000000",
          GATEWAY_RATE_LIMIT_PER_COMPANY: "1000000000",
        },
      });
      const consoleUrl = next.url;
      options.log("signing in with the demo customer token (next-auth credentials flow)");
      const cookie = await signInWithCustomerToken(consoleUrl, DEMO_TOKEN);
      const { employment, totalCount } = await pickEmployment(next.apiUrls.sandbox);
      const detailPath = employmentHref(employment.id);
      const firstSyncMs = await waitForFirstSync(consoleUrl, cookie, options.log);

      // ---- TTFB and load: the list and the detail page against the same bytes from node:http ----
      const pages = [
        { name: "GET /employments", path: EMPLOYMENTS_PATH, expect: "Employments" },
        { name: "GET /employments/{id}", path: detailPath, expect: employment.full_name },
      ];
      const canned = new Map<string, CannedResponse>();
      for (const page of pages) {
        const body = await fetchPage(consoleUrl, page.path, cookie, page.expect);
        canned.set(page.path, { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body });
      }
      const staticServer = createBaselineServer(canned);
      started.push(staticServer);
      const staticUrl = await listenLoopback(staticServer);

      const rows: Row[] = [];
      const comparisons: Comparison[] = [];
      const checks: Check[] = [];
      const headers = { cookie };
      for (const page of pages) {
        const htmlKb = metric(kb(canned.get(page.path)!.body.length), "KB");
        options.log(`${page.name}: ${TTFB_REQUESTS} sequential requests, static then console`);
        const staticTimes = timingMetrics(
          await timeSequential(`${staticUrl}${page.path}`, { count: TTFB_REQUESTS, warmup: TTFB_WARMUP, headers }),
        );
        const consoleTimes = timingMetrics(
          await timeSequential(`${consoleUrl}${page.path}`, { count: TTFB_REQUESTS, warmup: TTFB_WARMUP, headers }),
        );
        options.log(`${page.name}: load, console (first seconds)`);
        const firstLoad = await measure(`${consoleUrl}${page.path}`, options, headers);
        // The steady state: STEADY_STATE_WARMUP_S of the page's load, then the static server and the
        // console in alternating rounds (the machine's speed drifts over a minute).
        options.log(
          `${page.name}: ${STEADY_STATE_WARMUP_S} s of load on the console, then static and console in ${ROUNDS} alternating rounds`,
        );
        const { static: staticLoad, console: consoleLoad } = await alternatingRounds(
          { static: `${staticUrl}${page.path}`, console: `${consoleUrl}${page.path}` },
          options,
          headers,
          { warmupSeconds: { console: STEADY_STATE_WARMUP_S + options.warmup } },
        );
        const keptAnswers = answersNote(await pageCacheAnswers(`${consoleUrl}${page.path}`, headers));
        // Rendered by Next for every request, as a hard reload asks (Cache-Control: no-cache), after
        // its own warm-up: the page cache's hits above never run the render's code. Not a goal.
        const renderHeaders = { ...headers, "cache-control": "no-cache" };
        await warmUp(`${consoleUrl}${page.path}`, options, renderHeaders, `${page.name} (rendered each time)`);
        options.log(`${page.name}: load, console (rendered each time)`);
        const renderedLoad = await measure(`${consoleUrl}${page.path}`, options, renderHeaders);
        const renderedAnswers = answersNote(await pageCacheAnswers(`${consoleUrl}${page.path}`, renderHeaders));
        for (const [target, r] of [
          ["static", staticLoad],
          ["console (first seconds)", firstLoad],
          ["console", consoleLoad],
          ["console (rendered each time)", renderedLoad],
        ] as const) {
          if (r.notes.errors > 0 || r.notes.non2xx > 0 || r.notes.timeouts > 0) {
            throw new Error(`${page.name} on ${target}: ${r.notes.errors} errors, ${r.notes.non2xx} non-2xx, ${r.notes.timeouts} timeouts`);
          }
        }
        rows.push({
          name: page.name,
          target: "static",
          metrics: { ...staticLoad.metrics, ...staticTimes, html: htmlKb },
          notes: { ...staticLoad.notes },
        });
        rows.push({
          name: page.name,
          target: "console (first seconds)",
          metrics: { ...firstLoad.metrics, html: htmlKb },
          notes: { ...firstLoad.notes, warmupS: options.warmup },
        });
        rows.push({
          name: page.name,
          target: "console",
          metrics: { ...consoleLoad.metrics, ...consoleTimes, html: htmlKb },
          notes: { ...consoleNotes(consoleLoad), warmupS: STEADY_STATE_WARMUP_S + options.warmup, pageCache: keptAnswers },
        });
        rows.push({
          name: page.name,
          target: "console (rendered each time)",
          metrics: { ...renderedLoad.metrics, html: htmlKb },
          notes: {
            ...renderedLoad.notes,
            warmupS: STEADY_STATE_WARMUP_S,
            requestHeader: "cache-control: no-cache",
            pageCache: renderedAnswers,
          },
        });
        const throughput = medianRatio(consoleLoad, staticLoad, 4);
        const goal = THROUGHPUT_GOALS[page.name];
        if (goal !== undefined)
          checks.push(check(`${page.name} throughput console/static (median of rounds)`, throughput, "min", goal, "×"));
        comparisons.push({
          name: page.name,
          ratios: {
            "ttfb p50 console/static": round(consoleTimes["ttfb p50"].value / Math.max(staticTimes["ttfb p50"].value, 0.1), 1),
            "full p50 console/static": round(consoleTimes["full p50"].value / Math.max(staticTimes["full p50"].value, 0.1), 1),
            "throughput console/static, median of rounds": throughput,
            "throughput console/static, all rounds": round(consoleLoad.metrics["req/s"].value / staticLoad.metrics["req/s"].value, 4),
            "throughput console (first seconds)/static": round(firstLoad.metrics["req/s"].value / staticLoad.metrics["req/s"].value, 4),
            "throughput console (rendered each time)/static": round(
              renderedLoad.metrics["req/s"].value / staticLoad.metrics["req/s"].value,
              4,
            ),
            "p99 console/static (static floored at 1 ms)": round(
              consoleLoad.metrics.p99.value / Math.max(staticLoad.metrics.p99.value, 1),
              1,
            ),
          },
        });
      }

      // ---- A near-empty console page, for scale ----
      // The console's not-found page (an unknown path, signed in, HTTP 404: Next sends an HTML shell
      // and the layout and card in the RSC payload, which the browser renders), under the same load. Not a goal: it shows what a page that
      // renders almost nothing gets in the same run, so a page's figure can be read against the
      // framework's own cost on this machine (docs/decisions/bench-console-pages.md).
      await fetchPage(consoleUrl, NEAR_EMPTY_PAGE.path, cookie, NEAR_EMPTY_PAGE.expect, 404);
      await warmUp(`${consoleUrl}${NEAR_EMPTY_PAGE.path}`, options, headers, NEAR_EMPTY_PAGE.name);
      options.log(`${NEAR_EMPTY_PAGE.name}: load, console (steady state)`);
      const nearEmptyLoad = await measure(`${consoleUrl}${NEAR_EMPTY_PAGE.path}`, options, headers);
      if (nearEmptyLoad.notes.errors > 0 || nearEmptyLoad.notes.timeouts > 0 || nearEmptyLoad.notes.non2xx !== nearEmptyLoad.notes.requests)
        throw new Error(
          `${NEAR_EMPTY_PAGE.name}: ${nearEmptyLoad.notes.errors} errors, ${nearEmptyLoad.notes.timeouts} timeouts, ` +
            `${nearEmptyLoad.notes.requests - nearEmptyLoad.notes.non2xx} answers other than the not-found page's 404`,
        );
      rows.push({
        name: NEAR_EMPTY_PAGE.name,
        target: "console",
        metrics: { ...nearEmptyLoad.metrics },
        notes: { ...nearEmptyLoad.notes },
      });
      const perNearEmpty: Record<string, number> = {};
      for (const page of pages) {
        const consoleRow = rows.find((r) => r.name === page.name && r.target === "console")!;
        const renderedRow = rows.find((r) => r.name === page.name && r.target === "console (rendered each time)")!;
        perNearEmpty[`${page.name} console (rendered each time)/near-empty`] = round(
          renderedRow.metrics["req/s"]!.value / nearEmptyLoad.metrics["req/s"].value,
          3,
        );
        perNearEmpty[`${page.name} console/near-empty`] = round(
          consoleRow.metrics["req/s"]!.value / nearEmptyLoad.metrics["req/s"].value,
          3,
        );
      }
      comparisons.push({ name: NEAR_EMPTY_PAGE.name, ratios: perNearEmpty });

      // ---- JavaScript per route ----
      const routes = [
        { route: "/employments", path: EMPLOYMENTS_PATH, cookie, expect: "Employments" },
        { route: "/employments/[id]", path: detailPath, cookie, expect: employment.full_name },
        { route: "/employments/[id]/edit", path: employmentEditHref(employment.id), cookie, expect: employment.full_name },
        { route: "/employments/[id]/forms/[form]", path: `${detailPath}/forms/${FORM_SECTION}`, cookie, expect: employment.full_name },
        { route: "/sign-in", path: "/sign-in", cookie: null, expect: "Customer API token" },
      ];
      const sizes = new Map<string, { raw: number; gzip: number }>();
      const stats = readRouteBundleStats(PROJECT_ROOT);
      rows.push({
        name: "JS (static page of the same data)",
        target: "static",
        metrics: { "js raw": metric(0, "KB"), "js gzip": metric(0, "KB"), "js files": metric(0, "files") },
      });
      const shared = sharedWeight(PROJECT_ROOT);
      if (shared) {
        rows.push({
          name: "JS shared by every route",
          target: "build (rootMainFiles)",
          metrics: {
            "js raw": metric(kb(shared.raw), "KB"),
            "js gzip": metric(kb(shared.gzip), "KB"),
            "js files": metric(shared.files, "files"),
          },
        });
      }
      for (const r of routes) {
        options.log(`JS of ${r.route}`);
        const html = await fetchPage(consoleUrl, r.path, r.cookie, r.expect);
        const assets = pageAssets(html.toString("utf8"));
        const js = await servedWeight(consoleUrl, assets.scripts, sizes);
        const css = await servedWeight(consoleUrl, assets.stylesheets, sizes);
        const budget = jsBudgetOf(r.route);
        checks.push(check(`JS ${r.route} (as served)`, kb(js.gzip), "max", budget, "KB gzip"));
        rows.push({
          name: `JS ${r.route}`,
          target: "console (page)",
          metrics: {
            "js raw": metric(kb(js.raw), "KB"),
            "js gzip": metric(kb(js.gzip), "KB"),
            "js files": metric(js.files, "files"),
            "inline js": metric(kb(assets.inlineScriptBytes), "KB"),
            html: metric(kb(html.length), "KB"),
          },
          notes: {
            path: r.path.replace(employment.id, "{id}"),
            htmlGzipKB: kb(sizeOf(html).gzip),
            cssRawKB: kb(css.raw),
            cssGzipKB: kb(css.gzip),
            noModuleScripts: assets.noModule.length,
            budgetGzipKB: budget,
            withinBudget: kb(js.gzip) <= budget ? "yes" : "no",
          },
        });
        const stat = stats?.find((s) => s.route === r.route);
        if (stat) {
          const fromBuild = buildWeight(PROJECT_ROOT, stat);
          rows.push(buildRow(r.route, fromBuild));
        }
      }
      // Every other route of the build, from its own accounting (no page to fetch for most of them).
      const served = new Set(routes.map((r) => r.route));
      for (const stat of stats ?? []) {
        if (served.has(stat.route)) continue;
        const fromBuild = buildWeight(PROJECT_ROOT, stat);
        rows.push(buildRow(stat.route, fromBuild));
        checks.push(check(`JS ${stat.route} (build)`, kb(fromBuild.gzip), "max", jsBudgetOf(stat.route), "KB gzip"));
      }

      return {
        rows,
        comparisons,
        checks,
        context: {
          server:
            "scripts/start.mjs (next start, production build, behind the page cache), embedded API in the same process, PGlite, memory rate limiter with unreachable limits, LOG_LEVEL=warn",
          build,
          signIn: "customer-token credentials (next-auth), sandbox demo company",
          employmentsInCompany: totalCount,
          firstSyncWaitMs: firstSyncMs,
          listSource: "read model (measured after the company's first sync completed)",
          load: `console: the first seconds (the runner's warm-up, then its duration) and the steady state (${STEADY_STATE_WARMUP_S} s of load, the runner's warm-up, its duration); goals on the steady state`,
          listPageSize: 20,
          employment: { status: employment.status, type: employment.type, country: employment.country?.code ?? null },
          formSection: FORM_SECTION,
          ttfb: { requests: TTFB_REQUESTS, warmup: TTFB_WARMUP, client: "node:http, one keep-alive connection, sequential" },
          js: "unique non-nomodule <script src> of the served HTML plus chunks named in its RSC payload; gzip = zlib default level; KB = 1024 bytes",
          routeBundleStats: stats ? ".next/diagnostics/route-bundle-stats.json" : "absent in this build",
          budgets: { jsGzipKB: { ...JS_BUDGET_KB, everyOtherRoute: JS_BUDGET_EVERY_ROUTE_KB }, throughput: THROUGHPUT_GOALS },
        },
      };
    } finally {
      await Promise.all(started.map(closeServer));
      await next?.stop();
    }
  },
});
