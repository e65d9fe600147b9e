// Writes the Content-Security-Policy for the built site into firebase.json: the inline-script hashes of
// build-firebase/client (React Router's prerendered pages), the Firebase endpoints and, for a local
// build, the emulators. Run by `npm run build:firebase`; run it again by hand after any other rebuild.
//   npx tsx scripts/firebase-headers.ts [--client build-firebase/client] [--config firebase.json]
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { collectScriptHashes } from "../server/security/csp-hashes.ts";
import { firebaseContentSecurityPolicy } from "./firebase-csp.ts";

interface HeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}

interface FirebaseJson {
  hosting?: { headers?: HeaderRule[] };
}

export interface HeaderOptions {
  clientDir: string;
  configPath: string;
  recaptcha: boolean;
  turnstile: boolean;
  emulatorHosts: string[];
}

/** Sets the CSP of the catch-all ("**") header rule; returns the policy written. */
export async function writeFirebaseHeaders({
  clientDir,
  configPath,
  recaptcha,
  turnstile,
  emulatorHosts,
}: HeaderOptions): Promise<string> {
  const config = JSON.parse(await readFile(configPath, "utf8")) as FirebaseJson;
  const rule = config.hosting?.headers?.find((candidate) => candidate.source === "**");
  const header = rule?.headers.find((entry) => entry.key.toLowerCase() === "content-security-policy");
  if (!header)
    throw new Error(`${configPath}: hosting.headers needs a "**" rule with a Content-Security-Policy header`);
  header.value = firebaseContentSecurityPolicy({
    scriptHashes: await collectScriptHashes(clientDir),
    recaptcha,
    turnstile,
    emulatorHosts,
  });
  await writeFile(configPath, `${JSON.stringify(config, null, 2)}\n`);
  return header.value;
}

/** The options a build made with this environment needs (the same VITE_* variables Vite read). */
export function headerOptionsFromEnv(
  env: Record<string, string | undefined>,
  paths: { clientDir: string; configPath: string },
): HeaderOptions {
  return {
    ...paths,
    // Only the provider the build uses (src/backend/bot-check.ts) gets its hosts.
    recaptcha: env.VITE_BOT_CHECK_PROVIDER !== "turnstile" && Boolean(env.VITE_RECAPTCHA_SITE_KEY),
    turnstile: env.VITE_BOT_CHECK_PROVIDER === "turnstile" && Boolean(env.VITE_TURNSTILE_SITE_KEY),
    emulatorHosts: [env.VITE_FIREBASE_AUTH_EMULATOR_HOST, env.VITE_FIREBASE_FIRESTORE_EMULATOR_HOST].filter(
      (host): host is string => Boolean(host),
    ),
  };
}

async function main() {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const { values } = parseArgs({ options: { client: { type: "string" }, config: { type: "string" } } });
  const { loadEnv } = await import("vite");
  const env = { ...loadEnv("production", root, "VITE_"), ...process.env };
  const options = headerOptionsFromEnv(env, {
    clientDir: values.client ?? `${root}build-firebase/client`,
    configPath: values.config ?? `${root}firebase.json`,
  });
  const policy = await writeFirebaseHeaders(options);
  const hashes = policy.match(/'sha256-/g)?.length ?? 0;
  console.log(
    `firebase-headers: wrote a Content-Security-Policy with ${hashes} inline-script hashes to ${options.configPath}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
