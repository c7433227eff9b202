// PostgreSQL databases a test's own API instance created: one per environment, named after the
// database of its DATABASE_URL (`roster_server_test_<pid>` → `…_sandbox`, `…_production`).

/** Drops the environments' databases of `databaseUrl`, through the server's `postgres` database. */
export async function dropEnvironmentDatabases(databaseUrl: string): Promise<void> {
  const base = new URL(databaseUrl).pathname.slice(1);
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    for (const env of ["sandbox", "production"]) await client.query(`DROP DATABASE IF EXISTS "${base}_${env}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
