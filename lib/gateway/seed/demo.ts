import type { CompanyRole, CompanyStatus, Environment } from "@/lib/contract";

// What the demo seed contains, for the README, the start banner and tests (unit and end-to-end).
// Plain data with no server import, so Playwright specs can import it too. The rows themselves are
// built by ./build.ts.

export interface DemoCompany {
  /** Stable key used in deterministic ids: `${environment}:company:${key}`. */
  key: string;
  name: string;
  /** E-mail domain of the company's users and work e-mails. */
  domain: string;
  status: CompanyStatus;
  countryCode: string;
  /** Number of employments seeded for the company. */
  employments: number;
  departments: readonly string[];
  /** The company users, one per role (plus `team_lead`, a second people manager, in the first company). */
  users: Readonly<Record<CompanyRole, { name: string; email: string }>> & { team_lead?: { name: string; email: string } };
}

const usersOf = (domain: string, names: [string, string, string, string]) =>
  ({
    owner: { name: names[0], email: `owner@${domain}` },
    admin: { name: names[1], email: `admin@${domain}` },
    people_manager: { name: names[2], email: `people.manager@${domain}` },
    onboarding_manager: { name: names[3], email: `onboarding.manager@${domain}` },
  }) as const;

/** The first company of each environment is the demo company: the customer tokens act for its owner. */
const SANDBOX_COMPANIES: readonly DemoCompany[] = [
  {
    key: "acme",
    name: "Acme Robotics",
    domain: "acme.example",
    status: "active",
    countryCode: "PRT",
    employments: 32,
    departments: ["Engineering", "Operations", "People", "Sales", "Finance"],
    users: {
      ...usersOf("acme.example", ["Olivia Owner", "Adam Admin", "Paula Manager", "Oscar Onboarding"]),
      team_lead: { name: "Tariq Lead", email: "team.lead@acme.example" },
    },
  },
  {
    key: "globex",
    name: "Globex Logistics",
    domain: "globex.example",
    status: "active",
    countryCode: "USA",
    employments: 20,
    departments: ["Fleet", "Warehousing", "Customer Care", "Finance"],
    users: usersOf("globex.example", ["Hank Scorpio", "Gina Admin", "Marcus Manager", "Nora Onboarding"]),
  },
  {
    key: "initech",
    name: "Initech Labs",
    domain: "initech.example",
    status: "review",
    countryCode: "DEU",
    employments: 8,
    departments: ["Research", "Platform"],
    users: usersOf("initech.example", ["Bill Lumbergh", "Milton Admin", "Peter Manager", "Joanna Onboarding"]),
  },
  {
    key: "hooli",
    name: "Hooli Health",
    domain: "hooli.example",
    status: "pending",
    countryCode: "GBR",
    employments: 4,
    departments: ["Clinical", "Product"],
    users: usersOf("hooli.example", ["Gavin Owner", "Denpok Admin", "Monica Manager", "Jared Onboarding"]),
  },
];

const PRODUCTION_COMPANIES: readonly DemoCompany[] = [
  {
    key: "acme",
    name: "Acme Robotics International",
    domain: "acme.example",
    status: "active",
    countryCode: "PRT",
    employments: 32,
    departments: ["Engineering", "Manufacturing", "People", "Sales", "Finance"],
    users: {
      ...usersOf("acme.example", ["Olivia Owner", "Adam Admin", "Paula Manager", "Oscar Onboarding"]),
      team_lead: { name: "Tariq Lead", email: "team.lead@acme.example" },
    },
  },
  {
    key: "northwind",
    name: "Northwind Traders",
    domain: "northwind.example",
    status: "active",
    countryCode: "NLD",
    employments: 20,
    departments: ["Purchasing", "Distribution", "Customer Care", "Finance"],
    users: usersOf("northwind.example", ["Nancy Davolio", "Andrew Fuller", "Janet Leverling", "Laura Callahan"]),
  },
  {
    key: "stark",
    name: "Stark Textiles",
    domain: "stark.example",
    status: "review",
    countryCode: "FRA",
    employments: 8,
    departments: ["Design", "Production"],
    users: usersOf("stark.example", ["Arya Owner", "Sansa Admin", "Bran Manager", "Rickon Onboarding"]),
  },
  {
    key: "wayne",
    name: "Wayne Foods",
    domain: "wayne.example",
    status: "pending",
    countryCode: "ESP",
    employments: 4,
    departments: ["Kitchen", "Logistics"],
    users: usersOf("wayne.example", ["Bruce Owner", "Alfred Admin", "Lucius Manager", "Selina Onboarding"]),
  },
];

/** Countries the employments are spread across (the forms registry's countries). */
export const DEMO_COUNTRIES = ["PRT", "DEU", "FRA", "GBR", "ESP", "NLD", "USA", "BRA"] as const;

export const DEMO = {
  /** Sign in to the API's authorize page (and the console) with this e-mail and GATEWAY_DEMO_PASSWORD. */
  adminEmail: "owner@acme.example",
  /** OAuth client registered in both environments (GATEWAY_DEMO_CLIENT_ID). */
  clientId: "roster-demo-console",
  clientName: "Roster console (demo)",
  /** Name of the demo Customer API token rows (GATEWAY_DEMO_CUSTOMER_TOKEN_*). */
  customerTokenName: "Demo customer token",
  /** The fixed date the seed is built around (no wall-clock time in the seed). */
  baseDate: "2026-01-15T09:00:00.000Z",
  /** Bumped when the seed's content changes; stored in schema_info as the seed marker. */
  seedVersion: 1,
  environments: {
    sandbox: { companies: SANDBOX_COMPANIES },
    production: { companies: PRODUCTION_COMPANIES },
  } satisfies Record<Environment, { companies: readonly DemoCompany[] }>,
} as const;

/** The demo company of an environment (first, active, the one the demo tokens act for). */
export function demoCompany(environment: Environment): DemoCompany {
  const company = DEMO.environments[environment].companies[0];
  if (!company) throw new Error("DEMO has no company");
  return company;
}
