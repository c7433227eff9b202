import { z } from "zod";

// For server pages (the search parameter of /contract-amendments/new): kept apart from
// ./employment-directory.ts, which the payslips and amendments lists ship to the browser.

/** An employment id of a URL: UUID characters only (anything else is dropped, never sent). */
export const employmentIdParam = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9-]*$/)
  .catch("");
