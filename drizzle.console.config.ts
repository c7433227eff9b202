import { defineConfig } from "drizzle-kit";

// The console's database has its own schema and migrations, apart from the API's (drizzle.config.ts):
// `npx drizzle-kit generate --config drizzle.console.config.ts`, then keep the numbered .sql file
// (lib/db-kit/migrate.ts applies each once; drizzle-kit's journal is not read at run time).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/console/server/db/schema.ts",
  out: "./lib/console/server/db/migrations",
});
