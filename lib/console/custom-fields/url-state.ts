// The custom fields pages' URLs. The list's URL state is its declaration (./list.ts).

export const CUSTOM_FIELDS_PATH = "/custom-fields";
export const NEW_CUSTOM_FIELD_PATH = "/custom-fields/new";
