import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "../connect";

// The staff team (docs/decisions/0026-own-sessions-over-better-auth.md):
//
// admins: a name, a role ('admin' or 'sales'; every account made before this is an admin), when it was
//   disabled (null: active), its two-factor secret and the one being set up (both encrypted with a key
//   derived from APP_SECRET), the last TOTP time step accepted (so no code works twice), and when it
//   last signed in.
// staff_invitations: an emailed, single-use link to create an account; only the token's SHA-256 hash.
// password_resets: an emailed, single-use link to set a new password; only the token's SHA-256 hash.
// recovery_codes: the single-use codes handed out at two-factor enrolment; only their keyed hashes.
// outbox: two more kinds, the invitation and the password-reset email. SQLite cannot change a CHECK in
//   place, so there the outbox is rebuilt as migrations 0006 and 0010 did.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is written against the schema as it was then
type AnyDb = Kysely<any>;

const ROLE = sql`role in ('admin', 'sales')`;
const KINDS_BEFORE = sql`kind in ('lead-alert', 'welcome', 'newsletter-confirmation', 'assignment')`;
const KINDS_AFTER = sql`kind in ('lead-alert', 'welcome', 'newsletter-confirmation', 'assignment', 'invitation', 'password-reset')`;
const OUTBOX_COLUMNS =
  "id, kind, state, subject_email, record_collection, record_id, attempts, next_attempt_at, locked_until, last_error, last_error_at, created_at, sent_at, recipient";
const ADMIN_COLUMNS = [
  "name",
  "role",
  "disabled_at",
  "totp_secret",
  "totp_pending_secret",
  "totp_last_step",
  "last_sign_in_at",
] as const;

async function rebuildOutbox(db: AnyDb, kinds: RawBuilder<unknown>): Promise<void> {
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'outbox' and sql is not null`.execute(db);
  await db.schema
    .createTable("outbox_rebuilt")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull().check(kinds))
    .addColumn("state", "text", (col) => col.notNull().check(sql`state in ('pending', 'sent', 'failed', 'cancelled')`))
    .addColumn("subject_email", "text", (col) => col.notNull())
    .addColumn("record_collection", "text", (col) => col.notNull())
    .addColumn("record_id", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("last_error_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .addColumn("recipient", "text")
    .execute();
  await sql`insert into outbox_rebuilt (${sql.raw(OUTBOX_COLUMNS)}) select ${sql.raw(OUTBOX_COLUMNS)} from outbox`.execute(
    db,
  );
  await db.schema.dropTable("outbox").execute();
  await db.schema.alterTable("outbox_rebuilt").renameTo("outbox").execute();
  for (const { sql: definition } of rows) await sql.raw(definition).execute(db);
}

async function changeOutboxKinds(db: AnyDb, kinds: RawBuilder<unknown>): Promise<void> {
  if (!isPostgres(db)) return rebuildOutbox(db, kinds);
  await db.schema.alterTable("outbox").dropConstraint("outbox_kind_check").execute();
  await db.schema.alterTable("outbox").addCheckConstraint("outbox_kind_check", kinds).execute();
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("admins").addColumn("name", "text").execute();
  // Existing accounts could do everything: they become admins.
  await db.schema
    .alterTable("admins")
    .addColumn("role", "text", (col) => col.notNull().defaultTo("admin").check(ROLE))
    .execute();
  await db.schema.alterTable("admins").addColumn("disabled_at", "text").execute();
  await db.schema.alterTable("admins").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("admins").addColumn("totp_pending_secret", "text").execute();
  await db.schema.alterTable("admins").addColumn("totp_last_step", "integer").execute();
  await db.schema.alterTable("admins").addColumn("last_sign_in_at", "text").execute();

  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("token_hash", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull().check(sql`email = lower(email)`))
    .addColumn("role", "text", (col) => col.notNull().check(ROLE))
    // The inviting admin's email, as the audit log names them.
    .addColumn("invited_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("accepted_at", "text")
    .execute();
  await db.schema
    .createIndex("staff_invitations_token_hash_key")
    .on("staff_invitations")
    .column("token_hash")
    .unique()
    .execute();
  await db.schema.createIndex("staff_invitations_email_idx").on("staff_invitations").column("email").execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("token_hash", "text", (col) => col.notNull())
    .addColumn("admin_id", "text", (col) => col.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("password_resets_token_hash_key")
    .on("password_resets")
    .column("token_hash")
    .unique()
    .execute();
  await db.schema.createIndex("password_resets_admin_id_idx").on("password_resets").column("admin_id").execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("admin_id", "text", (col) => col.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addPrimaryKeyConstraint("recovery_codes_pkey", ["admin_id", "code_hash"])
    .execute();

  await changeOutboxKinds(db, KINDS_AFTER);
}

export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom("outbox").where("kind", "in", ["invitation", "password-reset"]).execute();
  await changeOutboxKinds(db, KINDS_BEFORE);
  for (const table of ["recovery_codes", "password_resets", "staff_invitations"])
    await db.schema.dropTable(table).execute();
  for (const column of [...ADMIN_COLUMNS].reverse()) await db.schema.alterTable("admins").dropColumn(column).execute();
}
