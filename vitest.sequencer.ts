import { BaseSequencer, type TestSpecification } from "vitest/node";

// The conformance suite reads what every other file produced: it runs last.
export class RosterSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => (f.moduleId.endsWith("lib/gateway/conformance.test.ts") ? 1 : 0);
    return [...sorted].sort((a, b) => last(a) - last(b));
  }
}
