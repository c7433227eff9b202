import "server-only";
import { getServerEnv } from "@/lib/env";
import { createFormRegistry } from "./create-form-registry";
import type { FormRegistry } from "./registry";

export type { CountryEntry, FormRegistry, FormVersion } from "./registry";
export { createFormRegistry, FormsDirError, type CreateFormRegistryOptions } from "./create-form-registry";
export { exampleSection, listFormNames } from "./examples";
export { renderFormSchema } from "./render-form-schema";
export { validateFormData, SECTION_ERROR_KEY } from "@/lib/forms/validate";
export type { FieldErrors } from "@/lib/forms/types";

let defaultRegistry: Promise<FormRegistry> | undefined;

/**
 * The registry of the built-in country forms plus GATEWAY_FORMS_DIR (read once, at first use;
 * a bad file rejects the promise with an error naming it).
 */
export function getDefaultFormRegistry(): Promise<FormRegistry> {
  defaultRegistry ??= new Promise<FormRegistry>((resolve) => resolve(createFormRegistry({ formsDir: getServerEnv().GATEWAY_FORMS_DIR })));
  return defaultRegistry;
}
