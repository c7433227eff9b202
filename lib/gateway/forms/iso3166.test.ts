import { describe, expect, it } from "vitest";
import { ISO_3166_COUNTRIES, displayNameOf, findIsoCountryByAlpha2, findIsoCountryByAlpha3 } from "./iso3166";
import { SUBDIVISIONS } from "./subdivisions";

describe("ISO 3166-1 table", () => {
  it("has every officially assigned code once, with regions", () => {
    expect(ISO_3166_COUNTRIES).toHaveLength(249);
    expect(new Set(ISO_3166_COUNTRIES.map((c) => c.alpha2)).size).toBe(249);
    expect(new Set(ISO_3166_COUNTRIES.map((c) => c.alpha3)).size).toBe(249);
    for (const c of ISO_3166_COUNTRIES) {
      expect(c.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(c.alpha3).toMatch(/^[A-Z]{3}$/);
      expect(["Africa", "Americas", "Antarctica", "Asia", "Europe", "Oceania"]).toContain(c.region);
      if (c.region !== "Antarctica") expect(c.subregion).toBeTruthy();
    }
  });

  it("looks codes up exactly", () => {
    expect(findIsoCountryByAlpha3("PRT")).toMatchObject({ alpha2: "PT", name: "Portugal", region: "Europe", subregion: "Southern Europe" });
    expect(findIsoCountryByAlpha2("BR")).toMatchObject({ alpha3: "BRA", region: "Americas", subregion: "Latin America and the Caribbean" });
    expect(findIsoCountryByAlpha3("prt")).toBeUndefined();
    expect(findIsoCountryByAlpha3("PT")).toBeUndefined();
    expect(displayNameOf(findIsoCountryByAlpha3("KOR")!)).toBe("South Korea");
    expect(findIsoCountryByAlpha3("KOR")!.name).toBe("Korea, Republic of");
    expect(displayNameOf(findIsoCountryByAlpha3("GBR")!)).toBe("United Kingdom");
  });

  it("subdivisions carry ISO 3166-2 codes of their country", () => {
    for (const [alpha3, list] of Object.entries(SUBDIVISIONS)) {
      const alpha2 = findIsoCountryByAlpha3(alpha3)!.alpha2;
      for (const s of list) expect(s.code.startsWith(`${alpha2}-`)).toBe(true);
    }
    expect(SUBDIVISIONS.DEU).toHaveLength(16);
    expect(SUBDIVISIONS.BRA).toHaveLength(27);
  });
});
