import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { providerOperations } from "@/test-support/gateway/provider/operations";
import { providerSchemas } from "@/test-support/gateway/provider/schemas";
import { successResponse } from "./fake-provider";
import { generateInstance, rotationLength, VARIANT_MODES, variantName, type JsonSchema, type Variant } from "./generate";

// The generator is provably schema-valid: every success response of every provider operation, in
// every variant (minimal and full, each enum/union rotation), passes ajv against its JSON Schema.

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

describe("provider response generator", () => {
  it("generates schema-valid instances of every operation's success response, every variant", async () => {
    const { definitions } = await providerSchemas();
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema({ $id: "provider", definitions });
    let instances = 0;
    let operations = 0;
    const invalid: string[] = [];
    for (const op of providerOperations()) {
      const success = successResponse(op, definitions);
      if (!success) continue;
      operations++;
      const validate = ajv.compile({ $id: `op-${op.name}`, definitions, ...success.schema });
      const k = rotationLength(success.schema, definitions);
      for (const mode of VARIANT_MODES) {
        for (let offset = 0; offset < k; offset++) {
          const variant: Variant = { mode, offset };
          const body = generateInstance(success.schema, { definitions, variant, seed: op.name, primaryId: "the-id" });
          instances++;
          if (!validate(body)) invalid.push(`${op.name} ${variantName(variant)}: ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    console.log(`generator: ${instances} instances of ${operations} operations' success responses, ${invalid.length} invalid`);
    expect(invalid).toEqual([]);
    // Thousands of instances validated with ajv: seconds alone, close to a minute on a loaded 2-core machine.
  }, 180_000);

  it("is deterministic, honours minimal/full and rotates enums", async () => {
    const { definitions } = await providerSchemas();
    const schema: JsonSchema = { $ref: "#/definitions/TimeoffStatus" };
    const values = Array.from({ length: 6 }, (_, offset) => generateInstance(schema, { definitions, variant: { mode: "full", offset } }));
    expect(new Set(values)).toEqual(new Set(["approved", "cancelled", "declined", "requested", "taken", "cancel_requested"]));
    const employment: JsonSchema = { $ref: "#/definitions/Employment" };
    const minimal = generateInstance(employment, { definitions, variant: { mode: "minimal", offset: 0 }, seed: "s" }) as Record<
      string,
      unknown
    >;
    const full = generateInstance(employment, { definitions, variant: { mode: "full", offset: 0 }, seed: "s" }) as Record<string, unknown>;
    const required = (definitions.Employment as { required: string[] }).required;
    expect(Object.keys(minimal).sort()).toEqual([...required].sort());
    expect(Object.keys(full).length).toBeGreaterThan(required.length);
    expect(minimal.job_title ?? null).toBeNull();
    const list = { $ref: "#/definitions/ListEmploymentsResponse" };
    expect(generateInstance(list, { definitions, variant: { mode: "minimal", offset: 0 } })).toEqual({});
    const sparse = generateInstance(list, { definitions, variant: { mode: "sparse", offset: 0 } }) as { data: { employments: unknown[] } };
    expect(sparse.data.employments).toHaveLength(1);
    expect(generateInstance(employment, { definitions, variant: { mode: "full", offset: 0 }, seed: "s" })).toEqual(full);
    const show = generateInstance(
      { $ref: "#/definitions/EmploymentShowResponse" },
      {
        definitions,
        variant: { mode: "full", offset: 0 },
        primaryId: "emp-1",
      },
    ) as { data: { employment: { id: string } } };
    expect(show.data.employment.id).toBe("emp-1");
  });
});
