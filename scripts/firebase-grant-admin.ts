// `npm run firebase:grant-admin -- --email someone@example.com [--role admin|sales] [--project id] [--revoke]`
// Gives an existing Firebase Auth account a staff role: the custom claim `role` (admin when --role is left
// out), which the dashboard and firestore.rules both read; an admin also keeps `admin: true`, the claim
// from before roles (firebase-grant-args.ts, grantedClaims). --revoke takes both away. Honours
// FIREBASE_AUTH_EMULATOR_HOST; against a real project it uses Application Default Credentials
// (`gcloud auth application-default login` or GOOGLE_APPLICATION_CREDENTIALS pointing at a service-account key).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { roleFromClaims } from "../src/backend/firebase/staff-claims.ts";
import { grantedClaims, parseGrantArgs } from "./firebase-grant-args.ts";

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

const target = process.env.FIREBASE_AUTH_EMULATOR_HOST
  ? `the Auth emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}`
  : "Firebase Auth";
const auth = getAuth(initializeApp({ projectId: request.projectId }));
try {
  const user = await auth.getUserByEmail(request.email);
  await auth.setCustomUserClaims(user.uid, grantedClaims(user.customClaims, request.role));
  if (request.role === null) {
    // The claim lives in ID tokens for up to an hour; revoking refresh tokens stops new ones being minted.
    await auth.revokeRefreshTokens(user.uid);
    console.log(
      `firebase:grant-admin: ${request.email} (${user.uid}) is no longer staff on ${request.projectId} (${target}); current sessions end within the hour.`,
    );
  } else {
    // A token carries its claims for up to an hour: the dashboard and the rules see the new role when it
    // is next refreshed, or at the next sign-in.
    const previous = roleFromClaims(user.customClaims ?? {});
    const was = previous && previous !== request.role ? ` (was ${previous})` : "";
    console.log(
      `firebase:grant-admin: ${request.email} (${user.uid}) is now ${request.role}${was} on ${request.projectId} (${target}). It applies within the hour, or at their next sign-in.`,
    );
  }
} catch (error) {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "auth/user-not-found") {
    console.error(
      `firebase:grant-admin: no account with the email ${request.email} on ${request.projectId}. Create it first (Firebase console > Authentication > Users > Add user).`,
    );
  } else {
    console.error(
      `firebase:grant-admin: failed on ${request.projectId} (${target}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.exit(1);
}
