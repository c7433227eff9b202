import { describe, expect, it } from "vitest";
import { ApiRequestError, type ApiErrorPayload } from "@/lib/console/api-errors";
import { fieldByPrefix, fieldErrorsOf, partitionFieldErrors, splitFieldErrors } from "./split-422";
import { putFieldErrors } from "./submit";

const refused = (fieldErrors: Record<string, string[]>, status = 422): ApiErrorPayload => ({
  kind: status === 422 ? "validation" : "bad_request",
  status,
  message: "Unprocessable",
  requestId: "req_9",
  fieldErrors,
});

describe("the 422 splitter", () => {
  const fieldOf = fieldByPrefix(["name", "days"] as const);

  it("puts known keys on their field (without `body.`), joins their messages, and lists the rest", () => {
    expect(splitFieldErrors({ "body.name": ["is blank"], "days.2.hours": ["too many", "whole hours"], base: ["nope"] }, fieldOf)).toEqual({
      byField: { name: "is blank", days: "too many whole hours" },
      other: ["base: nope"],
    });
    expect(partitionFieldErrors({ name: ["a"], "body.name": ["b"] }, fieldOf)).toEqual({ byField: { name: ["a", "b"] }, other: [] });
    expect(splitFieldErrors(undefined, fieldOf)).toEqual({ byField: {}, other: [] });
  });

  it("reads field errors of a 422 only", () => {
    expect(fieldErrorsOf(refused({ name: ["x"] }))).toEqual({ name: ["x"] });
    expect(fieldErrorsOf(refused({ name: ["x"] }, 400))).toBeUndefined();
  });
});

describe("a failed submit", () => {
  const split = (fe: Record<string, string[]> | undefined) => splitFieldErrors(fe, fieldByPrefix(["name", "days"] as const));

  it("puts field errors on the fields, focusing the first, and returns the rest for the banner", () => {
    const calls: [string, string, boolean][] = [];
    const refusal = putFieldErrors(
      new ApiRequestError(refused({ name: ["is blank"], days: ["empty"], base: ["nope"] })),
      split,
      (f, e, o) => calls.push([f, e.message, o.shouldFocus]),
    );
    expect(calls).toEqual([
      ["name", "is blank", true],
      ["days", "empty", false],
    ]);
    expect(refusal).toMatchObject({ other: ["base: nope"], onFields: 2, error: { requestId: "req_9" } });
  });

  it("leaves a 401 to the session handling and shows any other error whole", () => {
    const none = () => {
      throw new Error("no field expected");
    };
    expect(
      putFieldErrors(new ApiRequestError({ kind: "unauthorized", status: 401, message: "x", requestId: null }), split, none),
    ).toBeNull();
    expect(putFieldErrors(new Error("boom"), split, none)).toMatchObject({ error: { message: "boom" }, other: [], onFields: 0 });
  });
});
