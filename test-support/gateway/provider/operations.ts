import { readFileSync } from "node:fs";
import path from "node:path";

// The provider's operations, read from its generated client (`sdk.gen.ts`): name, method and path.
// The response and error types of an operation are `<Name>Responses` and `<Name>Errors` in `types.gen.ts`.

export const PROVIDER_CLIENT_DIR = path.resolve(process.cwd(), "../shared/fixtures/provider-client");

export interface ProviderOperation {
  /** The SDK function name, e.g. `getV1EmploymentsEmploymentId`. */
  name: string;
  method: "get" | "post" | "put" | "patch" | "delete";
  /** The provider's path template, e.g. `/v1/employments/{employment_id}`. */
  url: string;
  /** `GetV1EmploymentsEmploymentIdResponses`. */
  responsesType: string;
  errorsType: string;
  dataType: string;
  regex: RegExp;
  literalSegments: number;
}

let cached: ProviderOperation[] | undefined;

export function providerOperations(): ProviderOperation[] {
  if (cached) return cached;
  const sdk = readFileSync(path.join(PROVIDER_CLIENT_DIR, "sdk.gen.ts"), "utf8");
  const ops: ProviderOperation[] = [];
  for (const chunk of sdk.split(/\nexport const /).slice(1)) {
    const name = /^(\w+)/.exec(chunk)?.[1];
    const method = /\)\.(get|post|put|patch|delete)</.exec(chunk)?.[1] as ProviderOperation["method"] | undefined;
    const url = /url: '([^']+)'/.exec(chunk)?.[1];
    if (!name || !method || !url) continue;
    const pascal = name[0]!.toUpperCase() + name.slice(1);
    const segments = url.split("/").filter(Boolean);
    ops.push({
      name,
      method,
      url,
      responsesType: `${pascal}Responses`,
      errorsType: `${pascal}Errors`,
      dataType: `${pascal}Data`,
      regex: new RegExp(`^${url.replace(/\{[^}]+\}/g, "[^/]+")}/?$`),
      literalSegments: segments.filter((s) => !s.startsWith("{")).length,
    });
  }
  cached = ops;
  return ops;
}

/** The provider operation a request goes to: literal segments win over parameters (`/schema` over `/{id}`). */
export function matchOperation(method: string, pathname: string): ProviderOperation | undefined {
  const m = method.toLowerCase();
  let best: ProviderOperation | undefined;
  for (const op of providerOperations()) {
    if (op.method !== m || !op.regex.test(pathname)) continue;
    if (!best || op.literalSegments > best.literalSegments) best = op;
  }
  return best;
}
