// The list cursor: the last row's createdAt (seconds and nanoseconds, Firestore's full precision, so
// rows that share a millisecond are neither skipped nor repeated) and its id, as base64url JSON. Opaque to
// the dashboard, like the http server's.

export interface FirestoreKeyset {
  seconds: number;
  nanoseconds: number;
  id: string;
}

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromBase64Url = (text: string) => atob(text.replace(/-/g, "+").replace(/_/g, "/"));

export function encodeCursor({ seconds, nanoseconds, id }: FirestoreKeyset): string {
  // Ids are ASCII (auto ids, UUIDs, hex hashes), so btoa is safe.
  return toBase64Url(JSON.stringify([seconds, nanoseconds, id]));
}

export function decodeCursor(cursor: string): FirestoreKeyset | null {
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(fromBase64Url(cursor));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [seconds, nanoseconds, id] = value as unknown[];
    if (
      !Number.isInteger(seconds) ||
      !Number.isInteger(nanoseconds) ||
      typeof id !== "string" ||
      id === "" ||
      id.length > 1500
    )
      return null;
    return { seconds: seconds as number, nanoseconds: nanoseconds as number, id };
  } catch {
    return null;
  }
}
