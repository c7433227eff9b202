import "server-only";
import type { AnyRoute } from "../../route";
import { createWebhookCallbackRoute } from "./create-callback";
import { deleteWebhookCallbackRoute } from "./delete-callback";
import { listWebhookCallbackDetailsRoute, listWebhookCallbacksRoute } from "./list-callbacks";
import { listWebhookDeliveriesRoute, listWebhookEventsRoute } from "./list-events";
import { replayWebhookEventsRoute } from "./replay-events";
import { showWebhookEventRoute } from "./show-event";
import { updateWebhookCallbackRoute } from "./update-callback";

export const webhookRoutes: readonly AnyRoute[] = [
  createWebhookCallbackRoute,
  updateWebhookCallbackRoute,
  deleteWebhookCallbackRoute,
  listWebhookCallbacksRoute,
  listWebhookCallbackDetailsRoute,
  listWebhookEventsRoute,
  listWebhookDeliveriesRoute,
  // Before /{id}: a literal is never taken for an id.
  replayWebhookEventsRoute,
  showWebhookEventRoute,
];
