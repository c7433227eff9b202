import "server-only";
import type { AnyRoute } from "../../route";
import { createCustomFieldRoute } from "./create";
import { listEmploymentCustomFieldValuesRoute } from "./employment-values";
import { listCustomFieldsRoute } from "./list";
import { showCustomFieldRoute } from "./show";
import { showCustomFieldValueRoute } from "./show-value";
import { updateCustomFieldValueRoute } from "./update-value";

export const customFieldRoutes: AnyRoute[] = [
  listCustomFieldsRoute,
  createCustomFieldRoute,
  showCustomFieldRoute,
  showCustomFieldValueRoute,
  updateCustomFieldValueRoute,
  listEmploymentCustomFieldValuesRoute,
];
