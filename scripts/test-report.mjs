// Turns the runners' JSON reports into counts, and counts into the summary line CI reads.

/**
 * Counts of a vitest JSON report. A file that failed to load (no failed test inside), an error
 * outside tests (non-zero exit with nothing failed), a missing report or a run with no test all count
 * as one failure, so they can never pass silently.
 * @param {any} report parsed JSON, or null when the runner wrote none
 * @param {number} exitCode
 */
export function countVitest(report, exitCode) {
  if (!report) return { passed: 0, failed: 1, skipped: 0, note: `vitest wrote no report (exit ${exitCode})` };
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed"),
  ).length;
  const counts = {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
  if (exitCode !== 0 && counts.failed === 0) return { ...counts, failed: 1, note: `vitest exited with ${exitCode} (errors outside tests)` };
  if (counts.passed + counts.failed + counts.skipped === 0) return { ...counts, failed: 1, note: "vitest ran no test" };
  return counts;
}

/**
 * Counts of a Playwright JSON report (`stats`: expected, unexpected, flaky, skipped).
 * @param {any} report parsed JSON, or null when the runner wrote none
 * @param {number} exitCode
 */
export function countPlaywright(report, exitCode) {
  if (!report) return { passed: 0, failed: 1, skipped: 0, note: `no report (exit ${exitCode})` };
  const stats = report.stats ?? {};
  const counts = { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
  if (exitCode !== 0 && counts.failed === 0) {
    return { ...counts, failed: Math.max(1, (report.errors ?? []).length), note: `playwright exited with ${exitCode}` };
  }
  if (counts.passed + counts.failed + counts.skipped === 0) return { ...counts, failed: 1, note: "playwright ran no test" };
  return counts;
}

/** @param {{passed: number, failed: number, skipped: number}[]} suites */
export function summarize(suites) {
  const total = suites.reduce((t, s) => ({ passed: t.passed + s.passed, failed: t.failed + s.failed, skipped: t.skipped + s.skipped }), {
    passed: 0,
    failed: 0,
    skipped: 0,
  });
  return { ...total, line: `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}` };
}

/**
 * The failed tests of a vitest report, one line each (file, test name, first line of the message),
 * so that the tail of a CI log names what failed. Files that failed outside their tests (not loaded, a hook) are listed too.
 * @param {any} report parsed JSON, or null
 * @param {string} root paths are shown relative to it
 * @returns {string[]}
 */
export function failedVitest(report, root) {
  if (!report) return [];
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = String(file.name ?? "?").startsWith(root) ? String(file.name).slice(root.length + 1) : String(file.name ?? "?");
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed) {
      const message = String((a.failureMessages ?? [])[0] ?? "")
        .split("\n")[0]
        .slice(0, 200);
      lines.push(`${name} > ${a.fullName ?? a.title}${message ? ` :: ${message}` : ""}`);
    }
    if (file.status === "failed" && failed.length === 0) {
      lines.push(
        `${name} (the file failed: ${String(file.message ?? "")
          .split("\n")[0]
          .slice(0, 200)})`,
      );
    }
  }
  return lines;
}
