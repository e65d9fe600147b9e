import { AdminApiError } from "../admin-port";

// A record or note id from the dashboard's address goes into a Firestore path. A slash there would name
// another document (leads/x/notes/y is a note, not a lead), and Firestore reserves "." , ".." and
// __names__, so anything that cannot be one document's id answers 404, as the server does.

const DOCUMENT_ID = /^(?!\.\.?$)(?!__.*__$)[^/]{1,1500}$/;

export const isDocumentId = (id: string) => DOCUMENT_ID.test(id);

export function checkDocumentId(id: string, what: string): string {
  if (!isDocumentId(id)) throw new AdminApiError(404, "not-found", `No ${what} ${id}`);
  return id;
}
