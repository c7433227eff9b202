import "server-only";
import { randomUUID } from "node:crypto";
import { EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES, LIFECYCLE_STAGES, type EmploymentListItem, type Environment } from "@/lib/contract";
import type { ConsoleDb } from "@/lib/console/server/db/client";
import { partnerGrants } from "@/lib/console/server/db/schema";

// Rows for the read model's tests: grants inserted directly (no tokens the tests use) and list items
// built deterministically from an index.

export async function insertGrant(
  db: ConsoleDb,
  environment: Environment,
  company: { id: string; name: string },
  status: "active" | "revoked" = "active",
) {
  const at = new Date();
  const id = randomUUID();
  await db.insert(partnerGrants).values({
    id,
    environment,
    companyId: company.id,
    companyName: company.name,
    clientId: "client",
    accessTokenEnc: status === "revoked" ? null : "not-a-real-token",
    refreshTokenEnc: status === "revoked" ? null : "not-a-real-token",
    accessExpiresAt: at,
    scopes: [],
    consentedAt: at,
    status,
    statusChangedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  return id;
}

const COUNTRIES = [
  { alpha_2_code: "PT", code: "PRT", name: "Portugal" },
  { alpha_2_code: "DE", code: "DEU", name: "Germany" },
  { alpha_2_code: "BR", code: "BRA", name: "Brazil" },
  null,
];
const FIRST = ["Ana", "bruno", "Chloé", "Dmitri", "Eve", "farah", "Gus", "Hana", "Ivo", "Jun"];
const LAST = ["Silva", "Meyer", "Okafor", "Ng", "Zimmer", "alves", "Brown", "Costa"];
const TITLES = ["Engineer", "designer", "Accountant", "Sales Lead", null];

/** A deterministic list item; `tag` makes names and e-mails unique per company. */
export function listItem(i: number, tag: string): EmploymentListItem {
  const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${tag}${i}`;
  return {
    id: randomUUID(),
    short_id: `S${i}`,
    full_name: name,
    job_title: TITLES[i % TITLES.length] ?? null,
    personal_email: `p${i}.${tag}@mail.example`,
    login_email: `p${i}.${tag}@mail.example`,
    work_email: i % 3 === 0 ? null : `w${i}.${tag}@work.example`,
    status: EMPLOYMENT_STATUSES[i % EMPLOYMENT_STATUSES.length]!,
    type: EMPLOYMENT_TYPES[i % EMPLOYMENT_TYPES.length]!,
    employment_model: "eor",
    employment_lifecycle_stage: LIFECYCLE_STAGES[i % LIFECYCLE_STAGES.length]!,
    country: COUNTRIES[i % COUNTRIES.length] ?? null,
    department: i % 2 ? `Dept ${i % 5}` : null,
    department_id: null,
    external_id: i % 4 === 0 ? null : `EXT-${tag}-${i}`,
    work_address_details: {},
  };
}
