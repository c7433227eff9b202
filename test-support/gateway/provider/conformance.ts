import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { CONFORMANCE_ALLOW_LIST, type AllowEntry } from "./allow-list";
import { matchOperation, type ProviderOperation } from "./operations";
import { providerSchemas } from "./schemas";

// Checks a response of the API against the provider's declared response for its operation and
// status (`<Operation>Responses[status]` or `<Operation>Errors[status]` in types.gen.ts). Tests feed
// every response the API produces (see ./observe.ts); lib/gateway/conformance.test.ts reports.

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export interface Violation {
  operation: string;
  method: string;
  path: string;
  status: number;
  /** JSON pointer into the body ("" for the status or the whole body). */
  pointer: string;
  message: string;
}

export interface ConformanceTally {
  checked: number;
  /** Responses of routes the provider does not have (the OAuth pages, sandbox helpers). */
  roster_only: number;
  operations: Set<string>;
  violations: Map<string, Violation & { count: number }>;
  allowed: Map<string, { entry: AllowEntry; count: number }>;
  /** Error statuses the provider does not declare for the operation, checked against its generic error shape. */
  undeclared: Map<string, number>;
}

export function newTally(): ConformanceTally {
  return { checked: 0, roster_only: 0, operations: new Set(), violations: new Map(), allowed: new Map(), undeclared: new Map() };
}

/** The provider's generic shape for an error status it does not declare on an operation. */
const GENERIC_ERRORS: Record<number, string> = {
  400: "BadRequestResponse",
  401: "UnauthorizedResponse",
  403: "ForbiddenResponse",
  404: "NotFoundResponse",
  409: "ConflictResponse",
  422: "UnprocessableEntityResponse",
  429: "TooManyRequestsResponse",
  500: "InternalServerErrorResponse",
};
/** Transport-level refusals no provider operation declares (405, 413, 415, 503): the broadest error shape. */
const GENERIC_ERROR_FALLBACK = "UnprocessableEntityResponse";

let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction | null>();

async function validatorFor(ref: string): Promise<ValidateFunction | null> {
  if (validators.has(ref)) return validators.get(ref)!;
  if (!ajv) {
    const { definitions } = await providerSchemas();
    ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema({ $id: "provider", definitions });
  }
  const [type, ...rest] = ref.split("/");
  const { definitions } = await providerSchemas();
  const def = definitions[type!] as { properties?: Record<string, unknown> } | undefined;
  let fn: ValidateFunction | null = null;
  if (def && (rest.length === 0 || def.properties?.[rest[0]!] !== undefined)) {
    const pointer = rest.length ? `/properties/${rest[0]}` : "";
    fn = ajv.getSchema(`provider#/definitions/${encodeURIComponent(type!)}${pointer}`) ?? null;
  }
  validators.set(ref, fn);
  return fn;
}

function errorPointer(e: ErrorObject): string {
  if (e.keyword === "additionalProperties")
    return `${e.instancePath}/${String((e.params as { additionalProperty: string }).additionalProperty)}`;
  if (e.keyword === "required") return `${e.instancePath}/${String((e.params as { missingProperty: string }).missingProperty)}`;
  return e.instancePath;
}

/** `/data/employments/3/status` → `/data/employments/*\/status`, so one defect counts once. */
const generalize = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, "/*");

function allowedBy(v: Violation): AllowEntry | undefined {
  return CONFORMANCE_ALLOW_LIST.find(
    (a) =>
      a.operation === v.operation &&
      (a.status === undefined || a.status === v.status) &&
      (a.pointer === "*" || v.pointer === a.pointer || v.pointer.startsWith(`${a.pointer}/`)),
  );
}

/** Reduces anyOf/oneOf noise: when a union fails, ajv lists every branch; keep the deepest errors. */
function meaningful(errors: ErrorObject[]): ErrorObject[] {
  const leaves = errors.filter((e) => e.keyword !== "anyOf" && e.keyword !== "oneOf" && e.keyword !== "if");
  return leaves.length ? leaves : errors;
}

function add(tally: ConformanceTally, v: Violation) {
  const entry = allowedBy(v);
  const key = `${v.operation} ${v.status} ${v.pointer} ${v.message}`;
  if (entry) {
    const k = `${entry.operation} ${entry.status ?? "*"} ${entry.pointer}`;
    const seen = tally.allowed.get(k);
    if (seen) seen.count++;
    else tally.allowed.set(k, { entry, count: 1 });
    return;
  }
  const seen = tally.violations.get(key);
  if (seen) seen.count++;
  else tally.violations.set(key, { ...v, count: 1 });
}

export async function checkResponse(
  tally: ConformanceTally,
  response: { method: string; path: string; status: number; contentType: string; body: string },
): Promise<void> {
  const op: ProviderOperation | undefined = matchOperation(response.method, response.path);
  if (!op) {
    tally.roster_only++;
    return;
  }
  tally.checked++;
  tally.operations.add(op.name);
  const base = { operation: op.name, method: response.method, path: op.url, status: response.status };
  const status = String(response.status);
  let validate = (await validatorFor(`${op.responsesType}/${status}`)) ?? (await validatorFor(`${op.errorsType}/${status}`));
  if (!validate) {
    const generic = GENERIC_ERRORS[response.status] ?? GENERIC_ERROR_FALLBACK;
    if (response.status >= 400) {
      tally.undeclared.set(`${op.name} ${status}`, (tally.undeclared.get(`${op.name} ${status}`) ?? 0) + 1);
      validate = await validatorFor(generic);
    } else {
      add(tally, { ...base, pointer: "", message: `status ${status} is not a response the provider declares` });
      return;
    }
  }
  if (!validate) return;
  if (response.status === 204 || response.body === "") return;
  if (!/json/i.test(response.contentType)) {
    // Downloads (PDFs, files): the provider declares them as JSON-less bodies or as file objects.
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    add(tally, { ...base, pointer: "", message: "body is not JSON" });
    return;
  }
  if (validate(body)) return;
  for (const e of meaningful(validate.errors ?? [])) {
    const detail =
      e.keyword === "additionalProperties"
        ? "property the provider does not have"
        : e.keyword === "required"
          ? "required property missing"
          : `${e.message ?? e.keyword}${e.keyword === "enum" ? ` (${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)})` : ""}`;
    add(tally, { ...base, pointer: generalize(errorPointer(e)), message: detail });
  }
}
