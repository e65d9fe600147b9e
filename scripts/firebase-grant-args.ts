import { parseArgs } from "node:util";

export interface GrantRequest {
  email: string;
  projectId: string;
  revoke: boolean;
}

export const GRANT_USAGE = "usage: npm run firebase:grant-admin -- --email someone@example.com [--project my-project] [--revoke]";

/**
 * The command line of scripts/firebase-grant-admin.ts. The project is --project, else GCLOUD_PROJECT or
 * GOOGLE_CLOUD_PROJECT (what firebase-admin and the emulators read), else .firebaserc's default.
 */
export function parseGrantArgs(argv: string[], env: NodeJS.ProcessEnv, firebasercDefault: string | null): GrantRequest | { error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: "string" }, project: { type: "string" }, revoke: { type: "boolean", default: false } },
      strict: true,
    }));
  } catch (error) {
    return { error: `${error instanceof Error ? error.message : String(error)}\n${GRANT_USAGE}` };
  }
  const email = values.email?.trim().toLowerCase();
  if (!email || !email.includes("@")) return { error: `--email is required\n${GRANT_USAGE}` };
  const projectId = values.project || env.GCLOUD_PROJECT || env.GOOGLE_CLOUD_PROJECT || firebasercDefault;
  if (!projectId) return { error: `no project: pass --project, set GCLOUD_PROJECT, or run \`npx firebase use --add\`\n${GRANT_USAGE}` };
  return { email, projectId, revoke: values.revoke ?? false };
}
