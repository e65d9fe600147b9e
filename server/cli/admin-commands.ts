import { emailField } from "../../src/domain/field-validators";
import { ROLES, type Role } from "../../src/domain/staff";
import {
  appendAudit,
  changeStaffAccount,
  DuplicateAdminError,
  findAdminByEmail,
  insertAdmin,
  isPostgres,
  listAdmins,
  resetTwoFactor,
  setAdminPassword,
  type Db,
} from "../db/store";
import { runRetention } from "../privacy/retention";
import { notifyChangeListeners } from "../events/pg-change-feed";
import { checkPasswordStrength, PASSWORD_PROBLEM_MESSAGES, type PasswordHasher } from "../auth/passwords";

/** Exit codes of `npm run admin`, distinct so scripts can tell the failures apart. */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  duplicate: 3,
  unknownEmail: 4,
  weakPassword: 5,
  lastAdmin: 6,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  /** Asked only once the email has been checked, so a typo does not cost a password prompt. */
  readPassword(): Promise<string>;
}

export interface CommandDeps {
  db: Db;
  hasher: PasswordHasher;
  now: () => Date;
  io: CommandIo;
}

function parseEmail(raw: string | undefined, io: CommandIo): string | null {
  const parsed = emailField.safeParse(raw ?? "");
  if (parsed.success) return parsed.data;
  io.err(`--email: ${parsed.error.issues[0]?.message ?? "Enter a valid email address"}`);
  return null;
}

async function readCheckedPassword(io: CommandIo): Promise<string | null> {
  const password = await io.readPassword();
  const problem = checkPasswordStrength(password);
  if (!problem) return password;
  io.err(PASSWORD_PROBLEM_MESSAGES[problem]);
  return null;
}

function parseRole(raw: string | undefined, io: CommandIo): Role | null {
  if (raw === undefined) return "admin";
  if ((ROLES as readonly string[]).includes(raw)) return raw as Role;
  io.err(`--role: use one of ${ROLES.join(", ")}`);
  return null;
}

export async function createCommand(
  rawEmail: string | undefined,
  rawRole: string | undefined,
  { db, hasher, now, io }: CommandDeps,
): Promise<ExitCode> {
  const email = parseEmail(rawEmail, io);
  if (!email) return EXIT.usage;
  const role = parseRole(rawRole, io);
  if (!role) return EXIT.usage;
  if (await findAdminByEmail(db, email)) {
    io.err(`An admin with email ${email} already exists. Use reset-password to change the password.`);
    return EXIT.duplicate;
  }
  const password = await readCheckedPassword(io);
  if (password === null) return EXIT.weakPassword;
  try {
    await insertAdmin(db, email, await hasher.hash(password), now(), { role });
  } catch (error) {
    if (!(error instanceof DuplicateAdminError)) throw error;
    io.err(`An admin with email ${email} already exists. Use reset-password to change the password.`);
    return EXIT.duplicate;
  }
  // Account changes are audited; the command line has no session, so the actor is "cli".
  await appendAudit(db, { actor: "cli", action: "admin.create", details: { email, role }, at: now() });
  io.out(
    role === "admin"
      ? `Created admin ${email}. They set up two-factor sign-in at their first sign-in.`
      : `Created ${role} account ${email}.`,
  );
  return EXIT.ok;
}

export async function resetPasswordCommand(
  rawEmail: string | undefined,
  { db, hasher, now, io }: CommandDeps,
): Promise<ExitCode> {
  const email = parseEmail(rawEmail, io);
  if (!email) return EXIT.usage;
  if (!(await findAdminByEmail(db, email))) {
    io.err(`No admin with email ${email}. Use list to see the accounts.`);
    return EXIT.unknownEmail;
  }
  const password = await readCheckedPassword(io);
  if (password === null) return EXIT.weakPassword;
  if (!(await setAdminPassword(db, email, await hasher.hash(password), now()))) {
    io.err(`No admin with email ${email}.`);
    return EXIT.unknownEmail;
  }
  await appendAudit(db, { actor: "cli", action: "admin.reset-password", details: { email }, at: now() });
  io.out(`Password reset for ${email}; their sessions were signed out.`);
  return EXIT.ok;
}

export async function listCommand({ db, io }: Pick<CommandDeps, "db" | "io">): Promise<ExitCode> {
  const admins = await listAdmins(db);
  if (admins.length === 0) {
    io.out("No admins yet. Create one with: npm run admin -- create --email you@example.com");
    return EXIT.ok;
  }
  io.out("EMAIL\tROLE\tSTATUS\tCREATED\tUPDATED");
  for (const admin of admins)
    io.out(
      `${admin.email}\t${admin.role}\t${admin.disabledAt === null ? "active" : "disabled"}\t${admin.createdAt}\t${admin.updatedAt}`,
    );
  return EXIT.ok;
}

/**
 * `disable` and `enable`: as an admin does in the Team tab, audited as the cli. Disabling ends the
 * account's sessions at once; a dashboard it has open stops at its stream's next check (25 s).
 */
export async function setDisabledCommand(
  rawEmail: string | undefined,
  disabled: boolean,
  { db, now, io }: Pick<CommandDeps, "db" | "now" | "io">,
): Promise<ExitCode> {
  const email = parseEmail(rawEmail, io);
  if (!email) return EXIT.usage;
  const outcome = await changeStaffAccount(db, email, { disabled }, { actor: "cli", at: now() });
  if (!outcome.ok && outcome.reason === "not-found") {
    io.err(`No account with email ${email}. Use list to see the accounts.`);
    return EXIT.unknownEmail;
  }
  if (!outcome.ok) {
    io.err(`${email} is the last active admin. Create or enable another admin first.`);
    return EXIT.lastAdmin;
  }
  io.out(disabled ? `Disabled ${email}; their sessions were signed out.` : `Enabled ${email}.`);
  return EXIT.ok;
}

/** `reset-2fa`: for a lost phone, as another admin can in the Team tab; an admin enrols again at the next sign-in. */
export async function resetTwoFactorCommand(
  rawEmail: string | undefined,
  { db, now, io }: Pick<CommandDeps, "db" | "now" | "io">,
): Promise<ExitCode> {
  const email = parseEmail(rawEmail, io);
  if (!email) return EXIT.usage;
  // The operator at the server's shell: its sessions end as with an admin's reset; the CLI does not read
  // SMTP settings, so no email is queued (the server would have none to send it with either way).
  const reset = await resetTwoFactor(db, email, { actor: "cli", at: now() }, { notify: false });
  const account = reset?.account;
  if (!account) {
    io.err(`No account with email ${email}. Use list to see the accounts.`);
    return EXIT.unknownEmail;
  }
  io.out(
    `Two-factor sign-in is off for ${email}.${account.role === "admin" ? " They set it up again at their next sign-in." : ""}`,
  );
  return EXIT.ok;
}

/** `purge`: the retention purge the server runs daily, on demand; always audited, even when empty. */
export async function purgeCommand({
  db,
  now,
  io,
  retentionDays,
}: Pick<CommandDeps, "db" | "now" | "io"> & { retentionDays: number }): Promise<ExitCode> {
  const result = await runRetention(db, { now: now(), retentionDays, actor: "cli", auditEmptyRuns: true });
  // Open dashboards reload the lists it emptied; on SQLite they see it at their next heartbeat.
  if (result.total > 0 && isPostgres(db)) await notifyChangeListeners(db);
  const { leads, contacts, newsletter, consents } = result.deleted;
  io.out(
    `Purged records whose status last changed before ${result.cutoff} (RETENTION_DAYS=${retentionDays}): ` +
      `${leads} closed leads, ${contacts} closed contacts, ${newsletter} unsubscribed addresses, ${consents} consent records.`,
  );
  return EXIT.ok;
}
