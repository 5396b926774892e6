import "../server/private-umask";
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { pgAdmin, pgReachable, pgUrl } from "../tools/databases";
import { BenchError, fail, own } from "../tools/kit";

/**
 * Sign-up reliability (bench/README.md "Sign-up reliability"): 200 concurrent submits, a quarter of
 * them sent twice at once with the same Idempotency-Key, the server killed with SIGKILL mid-run,
 * restarted, and every submit without an answer retried with its key (as the form's button does).
 * Then: every submit answered 1000 exists exactly once, and no submit is stored twice.
 * Runs on SQLite, and on PostgreSQL when one answers on 127.0.0.1:5432.
 *
 *   npm run build && node scripts/run-ts.mjs bench/signup-reliability.ts
 */

const ROOT = process.cwd();
const WORK = path.join(ROOT, "bench", "data", "signup-reliability");
const SUBMITS = Number(process.env.SUBMITS ?? 200);
const KILL_AFTER = Number(process.env.KILL_AFTER ?? Math.round(SUBMITS * 0.4));
const PORT = Number(process.env.PORT ?? 3431);
const PII_KEY = crypto.randomBytes(32).toString("hex");

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** The built server on its own copy of the build (others may rebuild build/ meanwhile). */
function copyBuild(): string {
  const src = path.join(ROOT, "build");
  if (
    !fs.existsSync(path.join(src, "app", "main.js")) ||
    !fs.existsSync(path.join(src, "server", "site", "index.js"))
  )
    throw new BenchError("no production build: run `npm run build` first");
  const dest = path.join(WORK, "build");
  fs.rmSync(dest, { recursive: true, force: true });
  fs.cpSync(src, dest, { recursive: true });
  return path.join(dest, "app", "main.js");
}

async function start(main: string, env: Record<string, string>): Promise<Server> {
  const child = own(
    spawn(process.execPath, [main], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        TRUST_PROXY: "true",
        PII_KEY,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let out = "";
  child.stdout!.on("data", (d) => {
    out += d;
  });
  child.stderr!.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  for (let i = 0; i < 1200; i++) {
    const line = out.split("\n").find((l) => l.includes('"server listening"'));
    if (line) return { child, url: (JSON.parse(line) as { url: string }).url, exited };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start:\n${out.slice(-2000)}`);
}

const payload = (i: number) => ({
  productId: 278,
  menberProfession: "ANCHOR",
  signWay: "INDIVIDUAL",
  signer: `压测${i}`,
  idCardNumber: "11010519491231002X",
  contact: `138${String(i).padStart(8, "0")}`,
  payer: `压测${i}`,
  orderNum: String(1 + (i % 3)),
  questionList: [
    { questionId: 112, answer: "1万至10万" },
    { questionId: 113, answer: "抖音" },
  ],
});

interface Attempt {
  submit: number;
  phase: "run" | "retry";
  ok: boolean;
  orderNo?: string;
  error?: string;
}

async function submit(url: string, i: number, key: string, phase: Attempt["phase"]): Promise<Attempt> {
  try {
    const res = await fetch(`${url}/api/onlineApply/payCommit`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": key,
        // a distinct visitor per submit: the per-IP limit is not what is measured here
        "x-forwarded-for": `10.${Math.floor(i / 250)}.${i % 250}.1`,
      },
      body: JSON.stringify(payload(i)),
    });
    const body = (await res.json()) as {
      statusCode: number;
      message: string;
      data: { orderNo: string } | null;
    };
    if (body.statusCode === 1000 && body.data)
      return { submit: i, phase, ok: true, orderNo: body.data.orderNo };
    return { submit: i, phase, ok: false, error: `${res.status} ${body.message}` };
  } catch (err) {
    return {
      submit: i,
      phase,
      ok: false,
      error: (err as Error).cause ? String((err as Error).cause) : String(err),
    };
  }
}

interface Engine {
  name: "sqlite" | "postgres";
  env: Record<string, string>;
  /** order_no, idempotency_key and signer of every stored order */
  orders(): Promise<{ order_no: string; idempotency_key: string | null; signer: string }[]>;
  cleanup(): Promise<void>;
}

async function runOn(engine: Engine, main: string) {
  const keys = Array.from({ length: SUBMITS }, (_, i) => `rel-${engine.name}-${i}-${crypto.randomUUID()}`);
  let server = await start(main, engine.env);
  const before = (await engine.orders()).length;

  // 1. 200 submits at once, a quarter of them twice with the same key; SIGKILL after KILL_AFTER answers.
  const attempts: Attempt[] = [];
  let answered = 0;
  let killedAt = -1;
  const t0 = performance.now();
  const track = (p: Promise<Attempt>) =>
    p.then((a) => {
      attempts.push(a);
      if (a.ok) answered++;
      if (answered >= KILL_AFTER && killedAt < 0) {
        killedAt = answered;
        server.child.kill("SIGKILL");
      }
      return a;
    });
  const firstWave: Promise<Attempt>[] = [];
  for (let i = 0; i < SUBMITS; i++) {
    firstWave.push(track(submit(server.url, i, keys[i]!, "run")));
    if (i % 4 === 0) firstWave.push(track(submit(server.url, i, keys[i]!, "run")));
  }
  await Promise.all(firstWave);
  if (killedAt < 0) server.child.kill("SIGKILL");
  await server.exited;
  const runMs = performance.now() - t0;
  const answeredBeforeKill = new Set(attempts.filter((a) => a.ok).map((a) => a.submit)).size;
  const storedAfterKill = (await engine.orders()).length - before;

  // 2. Restart on the same data; retry every submit that has no answer yet, with its own key.
  const t1 = performance.now();
  server = await start(main, engine.env);
  const restartMs = performance.now() - t1;
  const unanswered = [...Array(SUBMITS).keys()].filter((i) => !attempts.some((a) => a.submit === i && a.ok));
  const retries = await Promise.all(unanswered.map((i) => submit(server.url, i, keys[i]!, "retry")));
  attempts.push(...retries);
  server.child.kill("SIGTERM");
  await server.exited;

  // 3. Checks against the database.
  const rows = (await engine.orders()).filter((r) => r.idempotency_key?.startsWith(`rel-${engine.name}-`));
  const byOrderNo = new Map<string, number>();
  const bySigner = new Map<string, number>();
  for (const r of rows) {
    byOrderNo.set(r.order_no, (byOrderNo.get(r.order_no) ?? 0) + 1);
    bySigner.set(r.signer, (bySigner.get(r.signer) ?? 0) + 1);
  }
  const ok = attempts.filter((a) => a.ok);
  const answeredMissing = ok.filter((a) => byOrderNo.get(a.orderNo!) !== 1).length;
  const storedTwice = [...bySigner.values()].filter((n) => n > 1).length;
  const orderNosPerSubmit = new Map<number, Set<string>>();
  for (const a of ok) {
    const s = orderNosPerSubmit.get(a.submit) ?? new Set<string>();
    s.add(a.orderNo!);
    orderNosPerSubmit.set(a.submit, s);
  }
  const splitAnswers = [...orderNosPerSubmit.values()].filter((s) => s.size > 1).length;
  const result = {
    engine: engine.name,
    submits: SUBMITS,
    requestsBeforeKill: firstWave.length,
    answeredBeforeKill,
    storedWhenKilled: storedAfterKill,
    storedButUnanswered: storedAfterKill - answeredBeforeKill,
    retriedAfterRestart: unanswered.length,
    retriesAnswered: retries.filter((a) => a.ok).length,
    submitsAnswered: orderNosPerSubmit.size,
    ordersStored: rows.length,
    answeredButMissing: answeredMissing,
    submitsStoredTwice: storedTwice,
    submitsWithTwoOrderNos: splitAnswers,
    firstWaveMs: Math.round(runMs),
    restartMs: Math.round(restartMs),
    pass:
      answeredMissing === 0 &&
      storedTwice === 0 &&
      splitAnswers === 0 &&
      orderNosPerSubmit.size === SUBMITS &&
      rows.length === SUBMITS,
  };
  await engine.cleanup();
  return result;
}

function sqliteEngine(): Engine {
  const dataDir = path.join(WORK, "sqlite");
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "site.db");
  return {
    name: "sqlite",
    env: { DATA_DIR: dataDir },
    async orders() {
      if (!fs.existsSync(file)) return [];
      const db = new SQLite(file, { readonly: true, fileMustExist: true });
      try {
        return db.prepare("SELECT order_no, idempotency_key, signer FROM signup_orders").all() as {
          order_no: string;
          idempotency_key: string | null;
          signer: string;
        }[];
      } finally {
        db.close();
      }
    },
    async cleanup() {},
  };
}

async function postgresEngine(): Promise<Engine> {
  const name = `dsn_reliability_${process.pid}`;
  await pgAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const url = pgUrl(name);
  const dataDir = path.join(WORK, "postgres");
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    name: "postgres",
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    async orders() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const r = await client.query("SELECT order_no, idempotency_key, signer FROM signup_orders");
        return r.rows as { order_no: string; idempotency_key: string | null; signer: string }[];
      } catch {
        return [];
      } finally {
        await client.end();
      }
    },
    async cleanup() {
      await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function main() {
  fs.mkdirSync(WORK, { recursive: true });
  const mainJs = copyBuild();
  const results = [await runOn(sqliteEngine(), mainJs)];
  if (await pgReachable()) results.push(await runOn(await postgresEngine(), mainJs));
  else console.info("PostgreSQL not reachable on 127.0.0.1:5432: SQLite only");
  for (const r of results) console.info(JSON.stringify(r));
  const out = path.join(ROOT, "bench", "results", "signup-reliability-latest.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
  if (!results.every((r) => r.pass)) {
    console.error("FAILED: an answered sign-up is missing or a sign-up is stored twice");
    process.exit(1);
  }
  console.info(`ok: results in ${path.relative(ROOT, out)}`);
}

main().catch(fail);
