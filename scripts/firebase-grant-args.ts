import { parseArgs } from "node:util";
import { ROLES, type Role } from "../src/domain/staff.ts";

export interface GrantRequest {
  email: string;
  projectId: string;
  /** The role to grant, or null with --revoke: no staff claim at all. */
  role: Role | null;
}

export const GRANT_USAGE = `usage: npm run firebase:grant-admin -- --email someone@example.com [--role ${ROLES.join("|")}] [--project my-project] [--revoke]`;

/**
 * The command line of scripts/firebase-grant-admin.ts. The role is --role, admin when not given (as
 * before roles existed). The project is --project, else GCLOUD_PROJECT or GOOGLE_CLOUD_PROJECT (what
 * firebase-admin and the emulators read), else .firebaserc's default.
 */
export function parseGrantArgs(
  argv: string[],
  env: NodeJS.ProcessEnv,
  firebasercDefault: string | null,
): GrantRequest | { error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        role: { type: "string" },
        project: { type: "string" },
        revoke: { type: "boolean", default: false },
      },
      strict: true,
    }));
  } catch (error) {
    return { error: `${error instanceof Error ? error.message : String(error)}\n${GRANT_USAGE}` };
  }
  const email = values.email?.trim().toLowerCase();
  if (!email || !email.includes("@")) return { error: `--email is required\n${GRANT_USAGE}` };
  if (values.revoke && values.role !== undefined)
    return { error: `--revoke takes every role away: leave out --role\n${GRANT_USAGE}` };
  const role = ROLES.find((known) => known === (values.role ?? "admin"));
  if (!role) return { error: `--role must be one of ${ROLES.join(", ")}\n${GRANT_USAGE}` };
  const projectId = values.project || env.GCLOUD_PROJECT || env.GOOGLE_CLOUD_PROJECT || firebasercDefault;
  if (!projectId)
    return {
      error: `no project: pass --project, set GCLOUD_PROJECT, or run \`npx firebase use --add\`\n${GRANT_USAGE}`,
    };
  return { email, projectId, role: values.revoke ? null : role };
}

/**
 * The custom claims an account gets: its other claims as they were, and the staff claims for `role`.
 * `role` is what the dashboard and firestore.rules read. An admin also keeps admin: true, the claim of
 * every admin from before roles, so rules or a dashboard from before roles still let them in; a sales rep
 * (or any other role) has no admin claim, so those older rules (which would read admin: true as every right) let them do
 * nothing rather than everything. null takes both away.
 */
export function grantedClaims(
  existing: Readonly<Record<string, unknown>> | undefined,
  role: Role | null,
): Record<string, unknown> {
  const { admin: _admin, role: _role, ...others } = existing ?? {};
  if (role === null) return others;
  return role === "admin" ? { ...others, admin: true, role } : { ...others, role };
}
