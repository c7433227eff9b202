import type { Environment } from "@/lib/contract";

/** The console session as server code sees it (never holds a token). */
export interface ConsoleSession {
  /** Console session id (opaque; tokens live server-side under it). */
  id: string;
  /** How the user signed in. */
  kind: "oauth" | "customer_token";
  /** The environment the console currently shows. */
  environment: Environment;
  /** Environments this session holds a connection for. */
  environments: Environment[];
  user: { id: string; name: string; email: string } | null;
  company: { id: string; name: string } | null;
}

/** What reaches the browser: no token, no secret. */
export type PublicSession = Pick<ConsoleSession, "kind" | "environment" | "environments" | "user" | "company">;
