// npm run restore -- ARCHIVE [--force] [--passphrase-file FILE]
// Restores an archive of `npm run backup` into an empty DATA_DIR (SQLite) or an empty PostgreSQL
// database (DATABASE_URL), from either engine. Stop the site first. See README "Backups".
import "../server/private-umask";
import { parseArgs } from "node:util";
import { cliConfig, cliFail, cliPassphrase, cliRun, formatCounts } from "../server/backup/cli";
import { restoreArchive } from "../server/backup/restore";

const USAGE = "usage: npm run restore -- ARCHIVE [--force] [--passphrase-file FILE]";

cliRun(async () => {
  let parsed: {
    values: { force?: boolean; "passphrase-file"?: string; help?: boolean };
    positionals: string[];
  };
  try {
    parsed = parseArgs({
      options: {
        force: { type: "boolean" },
        "passphrase-file": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
    });
  } catch (err) {
    cliFail(`${(err as Error).message}\n${USAGE}`, 2);
  }
  if (parsed.values.help) {
    console.info(USAGE);
    return;
  }
  if (parsed.positionals.length !== 1) cliFail(USAGE, 2);
  const config = cliConfig();
  const r = await restoreArchive({
    archive: parsed.positionals[0]!,
    config,
    force: parsed.values.force,
    passphrase: cliPassphrase(parsed.values["passphrase-file"]),
    log: (line) => console.info(line),
  });
  const target = r.target === "sqlite" ? `SQLite in ${config.DATA_DIR}` : "PostgreSQL (DATABASE_URL)";
  console.info(
    `restored ${r.manifest.engine} archive of ${r.manifest.createdAt} into ${target} in ${(r.ms / 1000).toFixed(1)} s`,
  );
  if (r.migrated.length > 0) console.info(`  migrated forward: ${r.migrated.join(", ")}`);
  console.info(`  tables: ${formatCounts(r.counts)}`);
  const differ = Object.entries(r.manifest.counts).filter(
    ([t, n]) => r.migrated.length === 0 && r.counts[t] !== n,
  );
  console.info(`  uploads: ${r.uploads} files`);
  if (r.keyWritten) console.info(`  PII key written to ${r.keyWritten}`);
  if (differ.length > 0)
    cliFail(
      `restore: counts differ from the manifest: ${differ.map(([t, n]) => `${t} ${r.counts[t]} != ${n}`).join(", ")}`,
    );
  console.info("  counts match the manifest");
}, "restore");
