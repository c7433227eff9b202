import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// Saved list views (lib/console/server/views/, docs/decisions/console-sort-and-saved-views.md): a
// list's state (its canonical URL: filters, sort, order, hidden columns, page size) under a name, per
// owner (a company user, or a partner operator), environment and company.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const consoleSavedViews = pgTable(
  "console_saved_views",
  {
    id: text("id").primaryKey(),
    /** `user:<API user id>` or `operator:<operator id>`. */
    owner: text("owner").notNull(),
    environment: text("environment").$type<"sandbox" | "production">().notNull(),
    /** The company the view was saved for ("" for a partner-wide list). */
    companyId: text("company_id").notNull(),
    /** The list's path (`/expenses`). */
    list: text("list").notNull(),
    name: text("name").notNull(),
    /** The list's canonical URL of the view (path and query; no page). */
    href: text("href").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("console_saved_views_name_idx").on(t.owner, t.environment, t.companyId, t.list, sql`lower(${t.name})`),
    index("console_saved_views_list_idx").on(t.owner, t.environment, t.companyId, t.list),
  ],
);
