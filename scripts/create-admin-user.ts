// npm run admin:create-user -- --username NAME [--name 显示名] [--role admin|editor] [--reset]
// Creates a console account in the configured database (DATA_DIR / DATABASE_URL, migrated first).
// The password comes from ADMIN_PASSWORD, or is asked for (not echoed) on a terminal, or read from
// the first line of standard input. --reset sets a new password for an existing account instead.
import "../server/private-umask";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { PASSWORD_MIN, passwordField, ROLES, type Role, usernameField } from "../contract/admin";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db";
import { createAuth } from "../server/entities/users";
import { createLogger } from "../server/logger";
import { AppError } from "../server/services/errors";
import { createLimits } from "../server/services/limits";

const USAGE =
  "usage: npm run admin:create-user -- --username NAME [--name DISPLAY] [--role admin|editor] [--reset]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readPassword(prompt: string): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = readline.createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: Boolean(process.stdin.isTTY),
  });
  if (!process.stdin.isTTY) {
    for await (const line of rl) {
      rl.close();
      return line;
    }
    return "";
  }
  // Hide what is typed: readline echoes through _writeToOutput.
  const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
  let muted = false;
  out._writeToOutput = (s: string) => {
    if (!muted) out.output.write(s);
  };
  return new Promise((resolve) => {
    let answered = false;
    rl.question(prompt, (answer) => {
      answered = true;
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
    // Ctrl-C: give up; Ctrl-D: no password.
    rl.on("SIGINT", () => {
      process.stdout.write("\n");
      process.exit(130);
    });
    rl.on("close", () => {
      if (answered) return;
      process.stdout.write("\n");
      resolve("");
    });
  });
}

/** The same rules as the console's forms (contract/admin.ts), told in English. */
const NAME_MAX = 50;
const PASSWORD_MAX = 200;

function options() {
  try {
    return parseArgs({
      options: {
        username: { type: "string" },
        name: { type: "string" },
        role: { type: "string", default: "admin" },
        reset: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }).values;
  } catch (err) {
    return fail(`${(err as Error).message}\n${USAGE}`);
  }
}

async function main() {
  const values = options();
  if (values.help) {
    console.info(USAGE);
    return;
  }
  if (!values.username?.trim()) fail(`--username is required\n${USAGE}`);
  const username = usernameField.safeParse(values.username);
  if (!username.success)
    fail(`--username must be 3 to 32 letters, digits, underscores, dots or hyphens\n${USAGE}`);
  const role = values.role as Role;
  if (!ROLES.includes(role)) fail(`--role must be admin or editor\n${USAGE}`);
  const displayName = values.name?.trim() || username.data;
  if (displayName.length > NAME_MAX) fail(`--name must be at most ${NAME_MAX} characters`);

  const password = await readPassword("Password: ");
  if (!password) fail("no password: set ADMIN_PASSWORD, type it at the prompt, or give it on standard input");
  const checked = passwordField.safeParse(password);
  if (!checked.success) fail(`the password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`);

  const config = loadConfig();
  const logger = createLogger("warn");
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const auth = createAuth({ config, database, limits: createLimits(), logger });
    if (values.reset) {
      const user = await auth.resetPassword(username.data, checked.data);
      if (!user) fail(`no account named ${username.data}`);
      console.info(`Password of ${user.username} reset; their sessions were ended.`);
    } else {
      const user = await auth
        .createUser({ username: username.data, displayName, password: checked.data, role })
        .catch((err: Error) =>
          fail(
            err instanceof AppError && err.status === 409
              ? `an account named ${username.data} already exists (use --reset to set a new password)`
              : `create-admin-user failed: ${err.message}`,
          ),
        );
      console.info(`Created ${user.role} ${user.username} (id ${user.id}). Sign in at /admin/login.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => fail(`create-admin-user failed: ${(err as Error).message}`));
