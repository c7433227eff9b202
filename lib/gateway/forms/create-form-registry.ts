import "server-only";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { FORM_NAMES, type Country } from "@/lib/contract";
import { compileSchema } from "@/lib/forms/ajv";
import { findInactiveRules } from "@/lib/forms/logic";
import { validateFormData } from "@/lib/forms/validate";
import { notFound, validationMessage } from "../errors";
import { BUILT_IN_COUNTRIES, type CountryMetadata } from "./countries";
import { displayNameOf, findIsoCountryByAlpha3, type Iso3166Country } from "./iso3166";
import type { CountryEntry, FormRegistry, FormVersion } from "./registry";
import { SUBDIVISIONS } from "./subdivisions";

// The forms the API serves: the built-in countries, plus the schemas of GATEWAY_FORMS_DIR.
// A file `<ALPHA3>.<form>.json` (a bare JSON Schema) becomes the latest version of that form —
// the built-in stays reachable by its version — or adds a form, or a country the API did not
// list; it is served verbatim (the file's own text). Anything wrong with a file fails the start,
// naming the file — except JSON Logic operations the shared engine (lib/forms) does not know: the
// rules naming them are inactive, and the registry reports one warning per form for the start log.

export interface CreateFormRegistryOptions {
  /** Folder of `<ALPHA3>.<form>.json` schemas that override or add to the built-in forms. */
  formsDir?: string;
}

type JsonSchema = Record<string, unknown>;

/** A problem with a file of GATEWAY_FORMS_DIR; the message names the file. */
export class FormsDirError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`GATEWAY_FORMS_DIR: ${file}: ${problem}`);
    this.name = "FormsDirError";
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Forms the provider serves that fill no section of ours (its own paths:
 * /v1/countries/{code}/engagement-agreement-details, …/contractor-contract-details): a file may
 * hold one, and it is served at GET /v1/countries/{code}/{form}; they are not listed in
 * `supported_json_schemas`, which names the forms of the spec.
 */
export const PROVIDER_ONLY_FORMS = ["engagement_agreement_details", "contractor_contract_details"] as const;
const FILE_FORMS: readonly string[] = [...FORM_NAMES, ...PROVIDER_ONLY_FORMS];

interface FileForm {
  file: string;
  code: string;
  form: string;
  schema: JsonSchema;
  /** The file's text, served as is. */
  source: string;
  /** One line for the start log when some rules name unknown operations. */
  warning?: string;
}

const FILE_NAME = /^([A-Za-z0-9]+)\.([A-Za-z0-9_-]+)\.json$/;

function readFormsDir(dir: string): FileForm[] {
  const resolved = path.resolve(dir);
  if (!existsSync(resolved) || !statSync(resolved).isDirectory()) throw new FormsDirError(dir, "is not a directory");
  const out: FileForm[] = [];
  for (const file of readdirSync(resolved).sort()) {
    // Only .json files are schemas; a README or editor files may sit beside them.
    if (!file.endsWith(".json") || file.startsWith(".")) continue;
    const m = FILE_NAME.exec(file);
    if (!m) throw new FormsDirError(file, "expected a file name <ALPHA3>.<form>.json, e.g. PRT.contract_details.json");
    const [, code = "", form = ""] = m;
    if (!/^[A-Z]{3}$/.test(code) || !findIsoCountryByAlpha3(code)) {
      throw new FormsDirError(file, `unknown country code "${code}" (expected an upper-case ISO 3166-1 alpha-3 code)`);
    }
    if (!FILE_FORMS.includes(form)) {
      throw new FormsDirError(file, `unknown form "${form}" (known forms: ${FILE_FORMS.join(", ")})`);
    }
    let schema: unknown;
    // The text without a byte-order mark, which JSON does not allow.
    const source = readFileSync(path.join(resolved, file), "utf8").replace(/^\uFEFF/, "");
    try {
      schema = JSON.parse(source);
    } catch (e) {
      throw new FormsDirError(file, `invalid JSON: ${(e as Error).message}`);
    }
    if (!isObject(schema)) throw new FormsDirError(file, "must hold a JSON Schema object");
    if (isObject(schema.data) && !("properties" in schema) && !("type" in schema)) {
      throw new FormsDirError(file, 'looks like an API response ({"data": …}): store the bare schema, the value of "data"');
    }
    if (schema.type !== "object") throw new FormsDirError(file, 'a form schema must have "type": "object"');
    try {
      compileSchema(schema);
    } catch (e) {
      throw new FormsDirError(file, `not a valid JSON Schema: ${(e as Error).message}`);
    }
    const inactive = findInactiveRules(schema);
    const warning = inactive.length
      ? `GATEWAY_FORMS_DIR: ${file}: ${code} ${form}: ${inactive.length} JSON Logic rule${inactive.length === 1 ? "" : "s"} skipped (unknown operation): ${inactive
          .map((r) => `${r.rule} uses ${r.operations.map((o) => `"${o}"`).join(", ")}`)
          .join("; ")}`
      : undefined;
    out.push({ file, code, form, schema: deepFreeze(schema), source, ...(warning ? { warning } : {}) });
  }
  return out;
}

/** Metadata of a country that only GATEWAY_FORMS_DIR brings: what its forms make possible. */
function metadataForAddedCountry(forms: ReadonlySet<string>): CountryMetadata {
  return {
    contractor_products_available: forms.has("contractor_basic_information") ? ["standard"] : [],
    employment_agreement_preview_available: false,
    eor_onboarding: forms.has("employment_basic_information") && forms.has("contract_details"),
  };
}

function countryObject(iso: Iso3166Country, metadata: CountryMetadata, forms: ReadonlyMap<string, unknown>): Country {
  return {
    alpha_2_code: iso.alpha2,
    code: iso.alpha3,
    name: displayNameOf(iso),
    region: iso.region,
    subregion: iso.subregion,
    contractor_products_available: [...metadata.contractor_products_available],
    country_subdivisions: SUBDIVISIONS[iso.alpha3]?.map((s) => ({ ...s })) ?? null,
    employment_agreement_preview_available: metadata.employment_agreement_preview_available,
    eor_onboarding: metadata.eor_onboarding,
    ...(metadata.locked_benefits ? { locked_benefits: metadata.locked_benefits } : {}),
    supported_json_schemas: FORM_NAMES.filter((f) => forms.has(f)),
  };
}

export function createFormRegistry(options: CreateFormRegistryOptions = {}): FormRegistry {
  const formsByCountry = new Map<string, Map<string, FormVersion[]>>();
  for (const [code, definition] of BUILT_IN_COUNTRIES) {
    const forms = new Map<string, FormVersion[]>();
    for (const name of FORM_NAMES) {
      const form = definition.forms[name];
      forms.set(name, [{ version: 1, schema: deepFreeze(form.schema) }]);
    }
    formsByCountry.set(code, forms);
  }

  const warnings: string[] = [];
  for (const f of options.formsDir ? readFormsDir(options.formsDir) : []) {
    let forms = formsByCountry.get(f.code);
    if (!forms) formsByCountry.set(f.code, (forms = new Map()));
    const versions = forms.get(f.form) ?? [];
    versions.push({ version: (versions.at(-1)?.version ?? 0) + 1, schema: f.schema, source: f.source });
    forms.set(f.form, versions);
    if (f.warning) warnings.push(f.warning);
  }

  const entries = new Map<string, CountryEntry>();
  for (const [code, forms] of formsByCountry) {
    const iso = findIsoCountryByAlpha3(code);
    if (!iso) throw new Error(`Built-in country ${code} is not in the ISO 3166 table`);
    const metadata = BUILT_IN_COUNTRIES.get(code)?.metadata ?? metadataForAddedCountry(new Set(forms.keys()));
    entries.set(code, { country: deepFreeze(countryObject(iso, metadata, forms)), forms });
  }
  const sortedCountries = [...entries.values()].map((e) => e.country).sort((a, b) => a.name.localeCompare(b.name, "en"));

  const getForm: FormRegistry["getForm"] = (code, form, version = "latest") => {
    const versions = entries.get(code)?.forms.get(form);
    if (!versions?.length) return undefined;
    return version === "latest" ? versions.at(-1) : versions.find((v) => v.version === version);
  };

  return {
    warnings,
    listCountries: () => [...sortedCountries],
    getCountry: (code) => entries.get(code),
    listFormNames: (code) => [...(entries.get(code)?.country.supported_json_schemas ?? [])],
    getForm,
    validate: (code, form, data) => {
      if (!entries.has(code)) throw notFound("Country");
      const latest = getForm(code, form);
      if (!latest) throw validationMessage("Form not available for requested country");
      return validateFormData(latest.schema, data);
    },
  };
}
