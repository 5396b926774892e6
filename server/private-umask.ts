import { isMainThread } from "node:worker_threads";

/**
 * The first import of every entry point: the server (server/main.ts), every command in scripts/ and
 * every benchmark run through scripts/run-ts.mjs. From here on everything the process creates is its
 * user's only: the database and its WAL, keys, ID copies, imports, backups are 0600 files in 0700
 * folders (docs/architecture.md "Personal data at rest"). tests/unit/entry-points.test.ts fails
 * when an entry point (a file in scripts/, a package.json script) does not import this module first.
 * A worker thread shares its process's umask (and may not set it).
 */
export const PRIVATE_UMASK = 0o077;

if (isMainThread) process.umask(PRIVATE_UMASK);
