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
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: "DELETE",
  });
  if (!response.ok) throw new Error(`clearing the emulator failed: ${response.status}`);
}

type RestValue = Record<string, unknown>;

/** A Firestore REST value as plain data; timestamps stay ISO strings. */
function plain(value: RestValue): unknown {
  if ("mapValue" in value) return fields((value.mapValue as { fields?: Record<string, RestValue> }).fields);
  if ("arrayValue" in value) return ((value.arrayValue as { values?: RestValue[] }).values ?? []).map(plain);
  if ("integerValue" in value) return Number(value.integerValue);
  if ("nullValue" in value) return null;
  return Object.values(value)[0];
}

const fields = (raw: Record<string, RestValue> = {}) =>
  Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, plain(value)]));

/** Every document of a collection as its id and plain data, read as the owner (no rules), e.g. to check what the adapter stored. */
export async function listDocuments(
  host: string,
  projectId: string,
  collection: string,
): Promise<{ id: string; data: Record<string, unknown> }[]> {
  const response = await fetch(
    `http://${host}/v1/projects/${projectId}/databases/(default)/documents/${collection}?pageSize=300`,
    {
      headers: { Authorization: "Bearer owner" },
    },
  );
  if (!response.ok) throw new Error(`listing ${collection} failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { documents?: { name: string; fields?: Record<string, RestValue> }[] };
  return (body.documents ?? []).map((document) => ({
    id: document.name.slice(document.name.lastIndexOf("/") + 1),
    data: fields(document.fields),
  }));
}

/** Sets one boolean field of a document as the project owner would in the console (no rules). */
export async function setBooleanField(
  host: string,
  projectId: string,
  path: string,
  field: string,
  value: boolean,
): Promise<void> {
  const response = await fetch(
    `http://${host}/v1/projects/${projectId}/databases/(default)/documents/${path}?updateMask.fieldPaths=${field}`,
    {
      method: "PATCH",
      headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
      body: JSON.stringify({ fields: { [field]: { booleanValue: value } } }),
    },
  );
  if (!response.ok) throw new Error(`setting ${path} ${field} failed: ${response.status} ${await response.text()}`);
}
