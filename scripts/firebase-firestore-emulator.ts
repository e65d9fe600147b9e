// Finds and starts the Cloud Firestore emulator for the rules and contract tests. It is a Java program
// that firebase-tools downloads on first use (impossible offline) and that needs Java 21 there; the same
// jar also ships in the Google Cloud CLI (Debian/Ubuntu package google-cloud-cli-firestore-emulator),
// which runs on older Java. So: FIRESTORE_EMULATOR_BINARY_PATH, then firebase-tools' cache, then the
// Cloud CLI, each started with `java` directly.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { freePort, waitForHttp } from "../tests/firebase/emulators/free-port.ts";
import { logFile, stopChild } from "../tests/firebase/emulators/process.ts";

export interface FirestoreEmulatorLauncher {
  java: string;
  /** Arguments before --host/--port. */
  args: string[];
  source: string;
}

export type FoundEmulator = { found: true; launcher: FirestoreEmulatorLauncher } | { found: false; reason: string };

const CLOUD_SDK_ROOTS = [
  "/usr/lib/google-cloud-sdk",
  "/usr/share/google-cloud-sdk",
  "/opt/google-cloud-sdk",
  join(homedir(), "google-cloud-sdk"),
];
const CLOUD_SDK_JAR = join("platform", "cloud-firestore-emulator", "cloud-firestore-emulator.jar");
// The Cloud CLI's jar has no Main-Class; this is what its cloud_firestore_emulator launcher runs.
const CLOUD_SDK_MAIN = "com.google.cloud.datastore.emulator.firestore.CloudFirestore";

function javaCommand(): string | null {
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin", "java") : "java";
  const probe = spawnSync(java, ["-version"], { encoding: "utf8" });
  return probe.status === 0 ? java : null;
}

function firebaseToolsJar(): string | null {
  const cache = join(homedir(), ".cache", "firebase", "emulators");
  if (!existsSync(cache)) return null;
  const jar = readdirSync(cache)
    .filter((name) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(name))
    .sort()
    .at(-1);
  return jar ? join(cache, jar) : null;
}

export function findFirestoreEmulator(env: NodeJS.ProcessEnv = process.env): FoundEmulator {
  const java = javaCommand();
  if (!java)
    return {
      found: false,
      reason: "no Java runtime (`java -version` failed); the Firestore emulator is a Java program",
    };
  const override = env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (override) {
    if (!existsSync(override))
      return { found: false, reason: `FIRESTORE_EMULATOR_BINARY_PATH=${override} does not exist` };
    return { found: true, launcher: { java, args: ["-Duser.language=en", "-jar", override], source: override } };
  }
  const cached = firebaseToolsJar();
  if (cached) return { found: true, launcher: { java, args: ["-Duser.language=en", "-jar", cached], source: cached } };
  const roots = [env.CLOUDSDK_ROOT_DIR, ...CLOUD_SDK_ROOTS].filter((root): root is string => Boolean(root));
  for (const root of roots) {
    const jar = join(root, CLOUD_SDK_JAR);
    if (existsSync(jar))
      return {
        found: true,
        launcher: { java, args: ["-Duser.language=en", "-cp", jar, CLOUD_SDK_MAIN, "start"], source: jar },
      };
  }
  return {
    found: false,
    reason:
      "no Firestore emulator jar: not in FIRESTORE_EMULATOR_BINARY_PATH, not in firebase-tools' cache (~/.cache/firebase/emulators; " +
      "firebase-tools downloads it on first `firebase emulators:start`, which needs the internet and Java 21+), " +
      "and no Google Cloud CLI with the google-cloud-cli-firestore-emulator component",
  };
}

export interface RunningFirestoreEmulator {
  /** "127.0.0.1:port", as FIRESTORE_EMULATOR_HOST wants it. */
  host: string;
  stop(): Promise<void>;
}

export async function startFirestoreEmulator(launcher: FirestoreEmulatorLauncher): Promise<RunningFirestoreEmulator> {
  const port = await freePort();
  const log = logFile("erf-firestore-emulator-");
  const child = spawn(launcher.java, [...launcher.args, "--host=127.0.0.1", `--port=${port}`], {
    stdio: ["ignore", log.fd, log.fd],
  });
  const host = `127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    log.remove();
  };
  try {
    await waitForHttp(`http://${host}/`, () => child.exitCode === null, log.tail, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, stop };
}
