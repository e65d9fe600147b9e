// `npm run firebase:grant-admin -- --email someone@example.com [--project id] [--revoke]`
// Gives an existing Firebase Auth account the custom claim admin: true, which the dashboard and
// firestore.rules both require (or takes it away with --revoke). Honours FIREBASE_AUTH_EMULATOR_HOST;
// against a real project it uses Application Default Credentials (`gcloud auth application-default login`
// or GOOGLE_APPLICATION_CREDENTIALS pointing at a service-account key).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { parseGrantArgs } from "./firebase-grant-args.ts";

function firebasercDefault(): string | null {
  const path = fileURLToPath(new URL("../.firebaserc", import.meta.url));
  if (!existsSync(path)) return null;
  const rc = JSON.parse(readFileSync(path, "utf8")) as { projects?: { default?: string } };
  return rc.projects?.default ?? null;
}

const request = parseGrantArgs(process.argv.slice(2), process.env, firebasercDefault());
if ("error" in request) {
  console.error(`firebase:grant-admin: ${request.error}`);
  process.exit(2);
}

const target = process.env.FIREBASE_AUTH_EMULATOR_HOST ? `the Auth emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}` : "Firebase Auth";
const auth = getAuth(initializeApp({ projectId: request.projectId }));
try {
  const user = await auth.getUserByEmail(request.email);
  const { admin: _previous, ...otherClaims } = user.customClaims ?? {};
  await auth.setCustomUserClaims(user.uid, request.revoke ? otherClaims : { ...otherClaims, admin: true });
  if (request.revoke) {
    // The claim lives in ID tokens for up to an hour; revoking refresh tokens stops new ones being minted.
    await auth.revokeRefreshTokens(user.uid);
    console.log(`firebase:grant-admin: ${request.email} (${user.uid}) is no longer staff on ${request.projectId} (${target}); current sessions end within the hour.`);
  } else {
    console.log(`firebase:grant-admin: ${request.email} (${user.uid}) now has admin: true on ${request.projectId} (${target}). It applies from their next sign-in.`);
  }
} catch (error) {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "auth/user-not-found") {
    console.error(`firebase:grant-admin: no account with the email ${request.email} on ${request.projectId}. Create it first (Firebase console > Authentication > Users > Add user).`);
  } else {
    console.error(`firebase:grant-admin: failed on ${request.projectId} (${target}): ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}
