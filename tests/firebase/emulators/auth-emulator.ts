import { startCliEmulator, type RunningCliEmulator } from "./cli-emulator";

export type RunningAuthEmulator = RunningCliEmulator & { projectId: string };

/** The Firebase Auth emulator (plain Node, no Java, no network with a demo- project), on free ports. */
export async function startAuthEmulator(projectId: string): Promise<RunningAuthEmulator> {
  const emulator = await startCliEmulator("auth", projectId);
  try {
    await protectEmailEnumeration(emulator.host, projectId);
  } catch (error) {
    await emulator.stop();
    throw error;
  }
  return { ...emulator, projectId };
}

/**
 * Turns on email enumeration protection, on by default for Firebase projects created since September
 * 2023: wrong passwords and unknown accounts then both answer auth/invalid-credential, as in production.
 */
export async function protectEmailEnumeration(host: string, projectId: string): Promise<void> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/config`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  });
  if (!response.ok)
    throw new Error(`configuring the Auth emulator failed: ${response.status} ${await response.text()}`);
}

/** Creates an email-and-password account through the emulator's REST API; returns its uid. */
export async function createAuthUser(host: string, email: string, password: string): Promise<string> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: false }),
  });
  const body = (await response.json()) as { localId?: string; error?: { message?: string } };
  if (!response.ok || !body.localId)
    throw new Error(`creating ${email} failed: ${body.error?.message ?? response.status}`);
  return body.localId;
}

/** Removes every account of the project from the emulator. */
export async function clearAuthUsers(host: string, projectId: string): Promise<void> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, { method: "DELETE" });
  if (!response.ok) throw new Error(`clearing accounts failed: ${response.status}`);
}

/**
 * Changes an account as the project owner would with the Admin SDK (the emulator takes "Bearer owner"):
 * `customAttributes` (the claims, as JSON), `disableUser`, `mfa` enrollments, and so on.
 */
export async function updateAuthUser(
  host: string,
  projectId: string,
  localId: string,
  fields: Record<string, unknown>,
): Promise<void> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
      body: JSON.stringify({ localId, ...fields }),
    },
  );
  if (!response.ok) throw new Error(`updating ${localId} failed: ${response.status} ${await response.text()}`);
}

/** The emails the emulator "sent" with an action link (password resets among them), oldest first. */
export async function sentActionCodes(
  host: string,
  projectId: string,
): Promise<{ email: string; requestType: string; oobLink: string }[]> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/oobCodes`);
  if (!response.ok) throw new Error(`reading the emulator's action codes failed: ${response.status}`);
  return ((await response.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] }).oobCodes;
}
