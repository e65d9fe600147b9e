import { readFile } from "node:fs/promises";

// The Firestore emulator's own REST endpoints (https://firebase.google.com/docs/emulator-suite/connect_firestore).

/** Loads firestore.rules for one project, so the adapter is held to the real rules. */
export async function loadRules(host: string, projectId: string): Promise<void> {
  const rules = await readFile(new URL("../../../firestore.rules", import.meta.url), "utf8");
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}:securityRules`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ rules: { files: [{ name: "firestore.rules", content: rules }] } }),
  });
  if (!response.ok) throw new Error(`loading firestore.rules failed: ${response.status} ${await response.text()}`);
}

export async function clearDocuments(host: string, projectId: string): Promise<void> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: "DELETE" });
  if (!response.ok) throw new Error(`clearing the emulator failed: ${response.status}`);
}
