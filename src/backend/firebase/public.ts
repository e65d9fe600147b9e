import { connectFirestoreEmulator, doc, getFirestore, serverTimestamp, setDoc, updateDoc, type Firestore } from "firebase/firestore/lite";
import type { FirebaseClientConfig } from "../../config/firebase-config";
import { HONEYPOT_FIELD } from "../../domain/limits";
import { contactInput, fieldErrors, leadInput, newsletterInput } from "../../domain/schemas";
import type { PublicBackend, SubmitResult } from "../port";
import { firebaseApp, splitHostPort } from "./app";
import { contactDocument, leadDocument, newsletterDocument, resubscription } from "./documents";
import { newsletterDocumentId } from "./newsletter-id";
import { retryWrite } from "./retry-write";
import { errorCode, failure } from "./write-errors";

// Public forms on Firebase: parse with the shared schema, then one create that firestore.rules checks
// again. Loaded only when a form is submitted, and only Firestore Lite (REST, no listeners) so the chunk
// stays small. Contacts and leads use the attempt's idempotency key as document id, so a retry of the
// same attempt can never store it twice.

type Schema<T> = { safeParse(input: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] } };

const connected = new WeakSet<Firestore>();

function firestoreFor(config: FirebaseClientConfig, appName?: string): Firestore {
  const db = getFirestore(firebaseApp(config, appName));
  if (config.firestoreEmulatorHost && !connected.has(db)) {
    const { host, port } = splitHostPort(config.firestoreEmulatorHost);
    connectFirestoreEmulator(db, host, port);
    connected.add(db);
  }
  return db;
}

async function submit<T>(schema: Schema<T>, input: unknown, store: (data: T) => Promise<string>, fakeId: string): Promise<SubmitResult> {
  // A bot that filled the hidden field gets the same answer as a person, and nothing is stored.
  if (typeof input === "object" && input !== null && (input as Record<string, unknown>)[HONEYPOT_FIELD]) return { ok: true, id: fakeId };
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "validation", fields: fieldErrors(parsed.error) };
  try {
    return { ok: true, id: await store(parsed.data) };
  } catch (error) {
    return failure(error);
  }
}

export function createFirebasePublicBackend(config: FirebaseClientConfig, appName?: string): PublicBackend {
  const db = firestoreFor(config, appName);

  const createOnce = async (collection: string, id: string, document: object) => {
    await retryWrite(() => setDoc(doc(db, collection, id), document));
    return id;
  };

  return {
    submitContact: (input, { idempotencyKey }) =>
      submit(contactInput, input, (data) => createOnce("contacts", idempotencyKey, contactDocument(data, serverTimestamp())), idempotencyKey),
    submitLead: (input, { idempotencyKey }) =>
      submit(leadInput, input, (data) => createOnce("leads", idempotencyKey, leadDocument(data, serverTimestamp())), idempotencyKey),
    subscribe: (input, { idempotencyKey }) =>
      submit(
        newsletterInput,
        input,
        async (data) => {
          const ref = doc(db, "newsletter", await newsletterDocumentId(data.email));
          await retryWrite(async () => {
            try {
              await setDoc(ref, newsletterDocument(data, serverTimestamp()));
            } catch (error) {
              // The address already has a document (visitors cannot read, so this is how we learn it):
              // the rules allow exactly one change to it, back to "subscribed".
              if (errorCode(error) !== "permission-denied") throw error;
              await updateDoc(ref, resubscription(data));
            }
          }, { deniedRetryMeansStored: false });
          return ref.id;
        },
        idempotencyKey,
      ),
  };
}
