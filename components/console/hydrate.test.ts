import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { HydrationBoundary } from "@tanstack/react-query";
import { Hydrate, plainJsonOf } from "./hydrate";
import { HydrateJson } from "./hydrate-json";

// Hydrate sends a page's dehydrated queries as one JSON string when JSON carries them unchanged, and
// as RSC props otherwise (components/console/hydrate.tsx).

describe("plainJsonOf", () => {
  it("gives the JSON of plain data, which parses back to the same value", () => {
    const data = { a: 1, b: "x", c: null, d: [1, "two", { e: false }], f: { g: [] }, h: -0.5, "": "empty key" };
    const json = plainJsonOf(data);
    expect(json).not.toBeNull();
    expect(JSON.parse(json!)).toEqual(data);
    expect(plainJsonOf("text")).toBe('"text"');
    expect(plainJsonOf(Object.assign(Object.create(null) as object, { a: 1 }))).toBe('{"a":1}');
  });

  it("leaves out an undefined property, as the BFF's JSON does", () => {
    expect(plainJsonOf({ a: 1, b: undefined })).toBe('{"a":1}');
  });

  it("refuses what JSON would change", () => {
    for (const value of [
      { at: new Date(0) },
      [new Date(0)],
      { n: Number.NaN },
      { n: Infinity },
      { big: 1n },
      [1, undefined],
      // eslint-disable-next-line no-sparse-arrays
      [1, , 3],
      { m: new Map() },
      { s: new Set([1]) },
      { p: Promise.resolve(1) },
      { f: () => 1 },
      { sym: Symbol("x") },
      { nested: { deeper: [{ at: new Date(0) }] } },
      new Date(0),
      undefined,
    ]) {
      expect(plainJsonOf(value), String(value)).toBeNull();
    }
  });
});

describe("Hydrate", () => {
  it("passes plain queries as JSON text, the same state once parsed", () => {
    const client = new QueryClient();
    client.setQueryData(["list", "sandbox", "c1"], { employments: [{ id: "e1", name: "Ada" }], total_count: 1 });
    const element = Hydrate({ client, children: null });
    expect(element.type).toBe(HydrateJson);
    const props = element.props as { state: string };
    const state = JSON.parse(props.state) as { queries: { queryKey: unknown; state: { data: unknown } }[] };
    expect(state.queries).toHaveLength(1);
    expect(state.queries[0]!.queryKey).toEqual(["list", "sandbox", "c1"]);
    expect(state.queries[0]!.state.data).toEqual({ employments: [{ id: "e1", name: "Ada" }], total_count: 1 });
  });

  it("keeps RSC props for state JSON would change", () => {
    const client = new QueryClient();
    client.setQueryData(["audit", "sandbox", "c1"], { at: new Date(0) });
    const element = Hydrate({ client, children: null });
    expect(element.type).toBe(HydrationBoundary);
    const props = element.props as { state: { queries: { state: { data: { at: unknown } } }[] } };
    expect(props.state.queries[0]!.state.data.at).toBeInstanceOf(Date);
  });
});
