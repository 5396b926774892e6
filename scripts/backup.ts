// npm run backup -- [--out DIR] [--with-key] [--passphrase-file FILE] [--prune]
// Writes one archive of the database, the uploads and a manifest into BACKUP_DIR (or --out) while
// the site keeps serving. See README "Backups".
import "../server/private-umask";
import { parseArgs } from "node:util";
import { cliConfig, cliFail, cliPassphrase, cliRun, formatBytes, formatCounts } from "../server/backup/cli";
import { createBackup } from "../server/backup/create";
import { pruneArchives } from "../server/backup/schedule";
import { parseKeep } from "../server/config/values";

const USAGE = "usage: npm run backup -- [--out DIR] [--with-key] [--passphrase-file FILE] [--prune]";

cliRun(async () => {
  let values: {
    out?: string;
    "with-key"?: boolean;
    "passphrase-file"?: string;
    prune?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        out: { type: "string" },
        "with-key": { type: "boolean" },
        "passphrase-file": { type: "string" },
        prune: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: false,
    }));
  } catch (err) {
    cliFail(`${(err as Error).message}\n${USAGE}`, 2);
  }
  if (values.help) {
    console.info(USAGE);
    return;
  }
  const config = cliConfig();
  const passphrase = cliPassphrase(values["passphrase-file"]);
  const r = await createBackup({
    config,
    dir: values.out ?? config.BACKUP_DIR,
    withKey: values["with-key"],
    passphrase,
  });
  const m = r.manifest;
  const rows = Object.values(m.counts).reduce((a, b) => a + b, 0);
  console.info(`backup written: ${r.file}`);
  console.info(
    `  ${formatBytes(r.bytes)} in ${(r.ms / 1000).toFixed(1)} s${m.encrypted ? ", encrypted" : ""}`,
  );
  console.info(`  database: ${m.engine} at schema ${m.migrations.at(-1) ?? "(none)"}, ${rows} rows`);
  console.info(`  tables: ${formatCounts(m.counts)}`);
  console.info(`  uploads: ${m.uploads.files} files, ${formatBytes(m.uploads.bytes)}`);
  if (m.withKey) {
    console.info(
      `  PII key ${m.piiKeyId}: inside the archive (encrypted with the passphrase; keep the passphrase safe)`,
    );
  } else if (m.piiKeyId) {
    console.info(
      `  PII key ${m.piiKeyId}: NOT in the archive. The ${m.encryptedIdNumbers} ID numbers in it decrypt only with the key in ${r.keyLocation}: keep a copy of that key separately, away from the backups (or back up with --with-key).`,
    );
  }
  if (values.prune) {
    // The same pruning as the scheduled backups: BACKUP_KEEP, and nothing older than PII_RETENTION_DAYS.
    const pruned = pruneArchives(
      values.out ?? config.BACKUP_DIR,
      parseKeep(config.BACKUP_KEEP)!,
      config.PII_RETENTION_DAYS,
    );
    console.info(
      `  pruned ${pruned.length} older archives (BACKUP_KEEP=${config.BACKUP_KEEP}, PII_RETENTION_DAYS=${config.PII_RETENTION_DAYS})`,
    );
  }
}, "backup");
