import { describe, expect, it } from "vitest";
import type { TIMEOFF_STATUSES } from "@/lib/contract";
import { timeoffActionAvailability, timeoffActions, transitionBody } from "./rules";
import { TimeoffTransitionBodySchema } from "./transition-body";

describe("time off actions", () => {
  const available = (status: (typeof TIMEOFF_STATUSES)[number]) =>
    timeoffActions({ status })
      .filter((a) => a.available)
      .map((a) => a.action);

  it("follows the API's transitions", () => {
    expect(available("requested")).toEqual(["approve", "decline", "cancel"]);
    expect(available("approved")).toEqual(["cancel"]);
    expect(available("taken")).toEqual([]);
    expect(available("declined")).toEqual([]);
    expect(available("cancelled")).toEqual([]);
  });

  it("says why an action is not offered", () => {
    expect(timeoffActionAvailability({ status: "approved" }, "decline")).toEqual({
      available: false,
      reason: expect.stringMatching(/cancel approved time off instead/),
    });
    expect(timeoffActionAvailability({ status: "taken" }, "cancel")).toEqual({
      available: false,
      reason: expect.stringMatching(/in the past/),
    });
  });

  it("puts the reason in the field the API names", () => {
    expect(transitionBody("approve")).toEqual({ status: "approved" });
    expect(transitionBody("decline", "  team away ")).toEqual({ status: "declined", decline_reason: "team away" });
    expect(transitionBody("cancel", "plans changed")).toEqual({ status: "cancelled", cancel_reason: "plans changed" });
  });

  it("lets through the BFF only a move and its reason", () => {
    expect(TimeoffTransitionBodySchema.safeParse({ status: "approved" }).success).toBe(true);
    expect(TimeoffTransitionBodySchema.safeParse({ status: "declined" }).error?.issues[0]?.path).toEqual(["decline_reason"]);
    expect(TimeoffTransitionBodySchema.safeParse({ status: "cancelled", cancel_reason: " " }).success).toBe(false);
    expect(TimeoffTransitionBodySchema.safeParse({ status: "approved", start_date: "2026-01-01" }).success).toBe(false);
    expect(TimeoffTransitionBodySchema.safeParse({}).success).toBe(false);
  });
});
