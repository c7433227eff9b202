import { existsSync } from "node:fs";

// Runs once before the specs: fail early, with the fix, when the browser is missing.
export default function globalSetup(): void {
  const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium is missing at ${chromium}. The end-to-end tests use Debian's chromium (Playwright cannot download browsers here): ` +
        "install it with `apt-get update && apt-get install -y chromium`, or set CHROMIUM_PATH.",
    );
  }
}
