import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes SQL migrations from the schema; the same files run on PGlite and PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/gateway/db/schema.ts",
  out: "./lib/gateway/db/migrations",
});
