import type { RouteAuth } from "../../route";

/** Reading payslips: `payslip:read`, or the broad `payroll` scope (docs/decisions/areas-payroll-scopes.md). */
export const PAYSLIP_READ: RouteAuth = { kind: "scoped", scopes: ["payslip:read", "payroll"], company: true };
/** Sandbox release: a write, so it needs the broad `payroll` scope (there is no payslip:write) and a writing role. */
export const PAYSLIP_RELEASE: RouteAuth = { kind: "scoped", scopes: ["payroll"], company: true, write: true };
