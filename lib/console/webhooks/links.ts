// Console URLs of the webhooks pages, in one place.

export const WEBHOOKS_PATH = "/webhooks";
export const WEBHOOK_DELIVERIES_PATH = "/webhooks/deliveries";
