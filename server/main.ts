// First: everything the process creates is its own only (server/private-umask.ts).
import "./private-umask";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";
import { startServer } from "./server";

/** The one process: API, static assets and server rendering. Bundled to build/app/main.js. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dev = process.argv.includes("--dev");
  const running = await startServer({ config, logger, dev, buildDir: path.resolve(here, "..") });
  logger.info(
    {
      url: running.url,
      database: running.services.database.dialect,
      store: running.services.kv.kind,
      dev,
    },
    "server listening",
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    running.close().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err: (err as Error).message }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err) => {
  console.error(`Failed to start: ${(err as Error).message}`);
  process.exit(1);
});
