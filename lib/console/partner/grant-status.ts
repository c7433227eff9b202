/** A company grant's health in the partner view (shared by the database schema and the UI). */
export type GrantStatus = "active" | "refresh_failing" | "revoked";
