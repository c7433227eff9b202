import { brazil } from "./bra";
import type { CountryDefinition } from "./define-country";
import { germany } from "./deu";
import { spain } from "./esp";
import { france } from "./fra";
import { unitedKingdom } from "./gbr";
import { netherlands } from "./nld";
import { portugal } from "./prt";
import { unitedStates } from "./usa";

export type { CountryDefinition, CountryMetadata } from "./define-country";

/** The countries whose forms we write ourselves, by alpha-3 code. */
export const BUILT_IN_COUNTRIES: ReadonlyMap<string, CountryDefinition> = new Map(
  [portugal, germany, france, unitedKingdom, spain, netherlands, unitedStates, brazil].map((c) => [c.code, c]),
);
