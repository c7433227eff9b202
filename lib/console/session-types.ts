import type { Environment } from "@/lib/contract/enums";

/** The console session as server code sees it (never holds a token). */
export interface ConsoleSession {
  /** Console session id (opaque; tokens live server-side under it). */
  id: string;
  /** How the user signed in: company admins (oauth, customer_token) or partner staff (operator). */
  kind: "oauth" | "customer_token" | "operator";
  /** The operator of an operator session (never sent to the browser). */
  operatorId: string | null;
  /** The environment the console currently shows. */
  environment: Environment;
  /** Environments this session holds a connection for. */
  environments: Environment[];
  user: { id: string; name: string; email: string } | null;
  /** The company the console acts for; for an operator, the one chosen (null: the partner view). */
  company: { id: string; name: string } | null;
}

/** What reaches the browser: no token, no secret. */
export type PublicSession = Pick<ConsoleSession, "kind" | "environment" | "environments" | "user" | "company">;
