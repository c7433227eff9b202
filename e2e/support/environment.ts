import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Switches the console's environment from the header and waits until it has. A page that streams
 * (the partner home's sections) may take a press before its header is interactive: the press is
 * repeated until the header offers the way back.
 */
export async function switchEnvironment(page: Page, to: "Production" | "Sandbox") {
  const back = to === "Production" ? "Sandbox" : "Production";
  await expect(async () => {
    const forward = page.getByRole("button", { name: new RegExp(`^Switch to ${to}`) });
    if (await forward.isVisible()) await forward.click();
    await expect(page.getByRole("button", { name: new RegExp(`^Switch to ${back}`) })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}
