import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contract";
import { expectCheckMatchesSchema } from "@/test-support/form-check";
import { CallbackFormSchema } from "./callback-form-schema";
import {
  checkCallbackForm,
  EMPTY_CALLBACK_FORM,
  callbackFormDefaults,
  splitCallbackFieldErrors,
  toCreateBody,
  toUpdateBody,
  type CallbackFormValues,
} from "./callback-form";

const values = (v: Partial<CallbackFormValues>): CallbackFormValues => ({
  ...EMPTY_CALLBACK_FORM,
  url: "https://hooks.example.com/roster",
  ...v,
});
const issues = (v: CallbackFormValues) => {
  const r = CallbackFormSchema.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("callback form schema", () => {
  it("the browser's check (no zod) answers as the zod schema does, message for message", () => {
    const samples: Array<Partial<CallbackFormValues>> = [
      {},
      { events: ["payslip.released"] },
      { all_events: true },
      { url: "", all_events: true },
      { url: "", events: [] },
      { url: "   ", all_events: false },
      { url: " https://h.example/x ", all_events: true },
      { url: "hooks.example.com", all_events: true },
      { url: "hooks.example.com", events: [] },
      { url: "ftp://hooks.example.com", all_events: true },
      { url: "http://10.0.0.1/hook", all_events: true },
      { url: `https://a.example/${"x".repeat(2048)}`, all_events: true },
      { url: `nope${"x".repeat(2048)}`, events: [] },
      { events: ["offboarding.in_review" as never, "payslip.released"] },
      { events: ["payslip.released", "nope" as never, "also" as never] },
    ];
    expectCheckMatchesSchema(CallbackFormSchema, checkCallbackForm, samples.map(values));
  });

  it("accepts a URL with events, or all events", () => {
    expect(issues(values({ events: ["payslip.released"] }))).toEqual({});
    expect(issues(values({ all_events: true }))).toEqual({});
  });

  it("asks for at least one event unless all events are chosen", () => {
    expect(issues(values({}))).toEqual({ events: "pick at least one event type, or all events" });
  });

  it("needs an absolute http(s) URL, and leaves https and private addresses to the API", () => {
    expect(issues(values({ url: "", all_events: true }))).toHaveProperty("url", "is required");
    expect(issues(values({ url: "hooks.example.com", all_events: true }))).toHaveProperty("url");
    expect(issues(values({ url: "ftp://hooks.example.com", all_events: true }))).toHaveProperty("url");
    expect(issues(values({ url: "http://10.0.0.1/hook", all_events: true }))).toEqual({});
    expect(issues(values({ url: `https://a.example/${"x".repeat(2048)}`, all_events: true }))).toHaveProperty("url");
  });

  it("refuses event names outside the contract", () => {
    expect(issues(values({ events: ["offboarding.in_review" as never] }))).toHaveProperty("events.0");
  });
});

describe("bodies", () => {
  it("registers with the events in canonical order, or subscribe_to_all_events", () => {
    expect(toCreateBody(values({ url: "  https://h.example/x ", events: ["payslip.released", "employment.account.updated"] }))).toEqual({
      url: "https://h.example/x",
      subscribed_events: ["employment.account.updated", "payslip.released"],
    });
    expect(toCreateBody(values({ all_events: true, events: ["payslip.released"] }))).toEqual({
      url: "https://hooks.example.com/roster",
      subscribe_to_all_events: true,
    });
  });

  it("reads an all-events callback as all events with no explicit list", () => {
    const d = callbackFormDefaults({
      url: "https://h.example",
      subscribe_to_all_events: true,
      subscribed_events: [...WEBHOOK_EVENT_TYPES],
    });
    expect(d).toEqual({ url: "https://h.example", all_events: true, events: [] });
  });

  it("updates only what changed, and nothing when nothing did", () => {
    const d = values({ events: ["expense.approved"] });
    expect(toUpdateBody(d, d)).toBeNull();
    expect(toUpdateBody({ ...d, events: ["expense.approved"], url: " https://hooks.example.com/roster " }, d)).toBeNull();
    expect(toUpdateBody({ ...d, url: "https://other.example/x" }, d)).toEqual({ url: "https://other.example/x" });
    expect(toUpdateBody({ ...d, events: ["expense.declined", "expense.approved"] }, d)).toEqual({
      subscribe_to_all_events: false,
      subscribed_events: ["expense.approved", "expense.declined"],
    });
    expect(toUpdateBody({ ...d, all_events: true }, d)).toEqual({ subscribe_to_all_events: true });
    const all = values({ all_events: true });
    expect(toUpdateBody({ ...all, all_events: false, events: ["payslip.released"] }, all)).toEqual({
      subscribe_to_all_events: false,
      subscribed_events: ["payslip.released"],
    });
  });
});

describe("422 errors onto fields", () => {
  it("puts the API's url and event errors on their fields, the rest in the banner", () => {
    expect(
      splitCallbackFieldErrors({
        url: ["must use https"],
        subscribed_events: ["Unknown event types: offboarding.in_review"],
        "body.subscribed_events.2": ["too long"],
        body: ["Request body must be a JSON object"],
      }),
    ).toEqual({
      byField: { url: "must use https", events: "Unknown event types: offboarding.in_review too long" },
      other: ["body: Request body must be a JSON object"],
    });
    expect(splitCallbackFieldErrors(undefined)).toEqual({ byField: {}, other: [] });
  });
});
