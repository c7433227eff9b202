import "server-only";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { FORM_NAMES, type Country, type FormName } from "@/lib/contract";
import { notFound, validationMessage } from "../errors";
import { BUILT_IN_COUNTRIES, type CountryMetadata } from "./countries";
import { displayNameOf, findIsoCountryByAlpha3, type Iso3166Country } from "./iso3166";
import { unknownLogicOperations } from "./logic-operators";
import type { CountryEntry, FormRegistry } from "./registry";
import { SUBDIVISIONS } from "./subdivisions";
import { compileFormSchema, validateFormData } from "./validate";

// The forms the API serves: the built-in countries, plus the schemas of GATEWAY_FORMS_DIR.
// A file `<ALPHA3>.<form>.json` (a bare JSON Schema) becomes the latest version of that form —
// the built-in stays reachable by its version — or adds a form, or a country the API did not
// list. Anything wrong with a file fails the start, naming the file.

export interface CreateFormRegistryOptions {
  /** Folder of `<ALPHA3>.<form>.json` schemas that override or add to the built-in forms. */
  formsDir?: string;
}

type JsonSchema = Record<string, unknown>;
type FormVersion = { version: number; schema: JsonSchema };

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

/** Every JSON Logic rule of a schema (x-jsf-logic at any depth). */
function logicRules(node: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) node.forEach((n) => logicRules(n, out));
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "x-jsf-logic" && isObject(value)) {
        for (const group of [value.validations, value.computedValues]) {
          if (isObject(group)) for (const entry of Object.values(group)) if (isObject(entry)) out.push(entry.rule);
        }
      } else logicRules(value, out);
    }
  }
  return out;
}

interface FileForm {
  file: string;
  code: string;
  form: FormName;
  schema: JsonSchema;
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
    if (!(FORM_NAMES as readonly string[]).includes(form)) {
      throw new FormsDirError(file, `unknown form "${form}" (known forms: ${FORM_NAMES.join(", ")})`);
    }
    let schema: unknown;
    try {
      schema = JSON.parse(readFileSync(path.join(resolved, file), "utf8"));
    } catch (e) {
      throw new FormsDirError(file, `invalid JSON: ${(e as Error).message}`);
    }
    if (!isObject(schema)) throw new FormsDirError(file, "must hold a JSON Schema object");
    if (isObject(schema.data) && !("properties" in schema) && !("type" in schema)) {
      throw new FormsDirError(file, 'looks like an API response ({"data": …}): store the bare schema, the value of "data"');
    }
    if (schema.type !== "object") throw new FormsDirError(file, 'a form schema must have "type": "object"');
    try {
      compileFormSchema(schema);
    } catch (e) {
      throw new FormsDirError(file, `not a valid JSON Schema: ${(e as Error).message}`);
    }
    const unknown = [...new Set(logicRules(schema).flatMap(unknownLogicOperations))];
    if (unknown.length) throw new FormsDirError(file, `x-jsf-logic uses unknown JSON Logic operations: ${unknown.join(", ")}`);
    out.push({ file, code, form: form as FormName, schema: deepFreeze(schema) });
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

  for (const f of options.formsDir ? readFormsDir(options.formsDir) : []) {
    let forms = formsByCountry.get(f.code);
    if (!forms) formsByCountry.set(f.code, (forms = new Map()));
    const versions = forms.get(f.form) ?? [];
    versions.push({ version: (versions.at(-1)?.version ?? 0) + 1, schema: f.schema });
    forms.set(f.form, versions);
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
