import pg from "pg";

/** The PostgreSQL server tests use: CI and this machine run one on 127.0.0.1:5432 with trust auth. */
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function pgUrl(database: string): string {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function pgAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function pgReachable(): Promise<boolean> {
  try {
    await pgAdmin((c) => c.query("select 1"));
    return true;
  } catch {
    return false;
  }
}
