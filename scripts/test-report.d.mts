export interface SuiteCounts {
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
}
export function countVitest(report: unknown, exitCode: number): SuiteCounts;
export function countPlaywright(report: unknown, exitCode: number): SuiteCounts;
export function summarize(suites: readonly SuiteCounts[]): { passed: number; failed: number; skipped: number; line: string };
export function failedVitest(report: unknown, root: string): string[];
