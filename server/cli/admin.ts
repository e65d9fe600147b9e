import { parseArgs } from "node:util";
import { createPasswordHasher } from "../auth/passwords";
import { connectDatabase, migrateToLatest } from "../db/store";
import { EnvError, loadConfig } from "../env";
import {
  createCommand,
  EXIT,
  listCommand,
  purgeCommand,
  resetPasswordCommand,
  resetTwoFactorCommand,
  setDisabledCommand,
  type CommandDeps,
  type ExitCode,
} from "./admin-commands";
import { PasswordMismatchError, readNewPassword } from "./read-password";

// `npm run admin -- <command>`: manage staff accounts in the database DATABASE_URL names.

const USAGE = `Usage: npm run admin -- <command>

Commands:
  create --email <email> [--role admin|sales]
                                   Create an account (an admin unless --role sales).
  reset-password --email <email>   Set a new password and sign the account out everywhere.
  disable --email <email>          Disable an account and sign it out everywhere.
  enable --email <email>           Enable a disabled account again.
  reset-2fa --email <email>        Turn an account's two-factor sign-in off (a lost phone).
  list                             List staff accounts with their role and status.
  purge                            Delete closed leads and contacts and unsubscribed addresses older than
                                   RETENTION_DAYS (default 730) now, as the server does daily.

The password is read from ADMIN_PASSWORD when set, otherwise asked for (hidden) on a terminal,
otherwise read from the first line of standard input. It must be at least 12 characters.
It is never taken from the command line, where ps and shell history would keep it.

Exit codes: 0 ok, 1 failed, 2 usage, 3 duplicate email, 4 unknown email, 5 password too short or long,
6 refused: the last active admin cannot be disabled.`;

async function run(argv: string[]): Promise<ExitCode> {
  const io = {
    out: (line: string) => process.stdout.write(`${line}\n`),
    err: (line: string) => process.stderr.write(`${line}\n`),
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: "string" }, role: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.err(
      /--password/.test(message)
        ? "Passwords are not accepted as arguments; set ADMIN_PASSWORD or type it when asked."
        : message,
    );
    io.err(USAGE);
    return EXIT.usage;
  }
  const [command, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    io.out(USAGE);
    return EXIT.ok;
  }
  if (
    !command ||
    extra.length > 0 ||
    !["create", "reset-password", "disable", "enable", "reset-2fa", "list", "purge"].includes(command)
  ) {
    io.err(USAGE);
    return EXIT.usage;
  }

  if (parsed.values.role !== undefined && command !== "create") {
    io.err("--role goes with create only.");
    io.err(USAGE);
    return EXIT.usage;
  }

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    io.err(error.message);
    return EXIT.failed;
  }
  const db = connectDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const deps: CommandDeps = {
      db,
      hasher: createPasswordHasher(),
      now: () => new Date(),
      io: { ...io, readPassword: () => readNewPassword(config.adminPassword) },
    };
    if (command === "list") return await listCommand(deps);
    if (command === "purge") return await purgeCommand({ ...deps, retentionDays: config.retentionDays });
    if (command === "create") return await createCommand(parsed.values.email, parsed.values.role, deps);
    if (command === "disable" || command === "enable")
      return await setDisabledCommand(parsed.values.email, command === "disable", deps);
    if (command === "reset-2fa") return await resetTwoFactorCommand(parsed.values.email, deps);
    return await resetPasswordCommand(parsed.values.email, deps);
  } catch (error) {
    if (!(error instanceof PasswordMismatchError)) throw error;
    io.err(error.message);
    return EXIT.failed;
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`admin: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(EXIT.failed);
  },
);
