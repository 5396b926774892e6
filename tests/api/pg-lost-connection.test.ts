import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pgAdmin } from "../../tools/databases";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * PostgreSQL going away under a connection in use (a restart, a failover, an administrator ending
 * sessions) must fail that query only: before, the connection's "error" event had no listener while
 * the pool had it checked out, and the whole process crashed.
 */
describe.skipIf(!inject("pgTemplate"))("a PostgreSQL connection lost while in use", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer("postgres");
  });
  afterAll(() => s?.close());

  it("fails the query it was running, not the process, and the pool serves the next one", async () => {
    const pool = s.services.database.pool!;
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const ended = new Promise((resolve) => client.once("end", resolve));
    const running = client.query("select pg_sleep(30)").then(
      () => "finished",
      (err: Error) => err.message,
    );
    await pgAdmin((c) => c.query("select pg_terminate_backend($1)", [rows[0]!.pid]));
    expect(await running).toMatch(/terminat/i);
    await ended;
    client.release(true);
    // A connection that is checked out and idle when its server ends it: the same.
    const idle = await pool.connect();
    const other = await idle.query<{ pid: number }>("select pg_backend_pid() as pid");
    const idleEnded = new Promise((resolve) => idle.once("end", resolve));
    await pgAdmin((c) => c.query("select pg_terminate_backend($1)", [other.rows[0]!.pid]));
    await idleEnded;
    idle.release(true);
    expect(await s.services.database.ping()).toBe(true);
    const r = await s.get<{ result: number }>("/api/product/content/count");
    expect(r.status).toBe(200);
  });
});
