import { describe, expect, it } from "vitest";
import { formPageSubtitle, SECTION_LABELS } from "./section-labels";

describe("form page subtitles", () => {
  it("name the form by its section's title, never by its API key", () => {
    expect(formPageSubtitle("Jane Doe", "Portugal", SECTION_LABELS.personal_details)).toBe("Jane Doe · Portugal's personal details form");
    for (const [key, title] of Object.entries(SECTION_LABELS)) {
      const subtitle = formPageSubtitle("Jane Doe", "Portugal", title);
      expect(subtitle).not.toContain(key);
      expect(subtitle).not.toMatch(/[“"_]/);
    }
  });

  it("leave the country out when the employment has none", () => {
    expect(formPageSubtitle("Jane Doe", null, "Contract amendment")).toBe("Jane Doe · Contract amendment form");
  });
});
