import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  serverTimestamp,
  setDoc,
  writeBatch,
  type DocumentReference,
  type Firestore,
} from "firebase/firestore/lite";
import type { FirebaseClientConfig } from "../../config/firebase-config";
import { HONEYPOT_FIELD } from "../../domain/limits";
import {
  contactInput,
  fieldErrors,
  leadInput,
  newsletterInput,
  type LeadData,
  type NewsletterData,
} from "../../domain/schemas";
import type { PublicBackend, SubmitResult } from "../port";
import { firebaseApp, splitHostPort } from "./app";
import {
  consentEntry,
  consentProof,
  contactDocument,
  leadDocument,
  newsletterDocument,
  resubscription,
  type ConsentContext,
} from "./documents";
import { newsletterDocumentId } from "./newsletter-id";
import { retryWrite } from "./retry-write";
import { errorCode, failure } from "./write-errors";

// Public forms on Firebase: parse with the shared schema, then one create that firestore.rules checks
// again. Loaded only when a form is submitted, and only Firestore Lite (REST, no listeners) so the chunk
// stays small. Contacts and leads use the attempt's idempotency key as document id, so a retry of the
// same attempt can never store it twice. A record with a consent goes in one batch with its entry in the
// `consents` ledger (same key as id): the rules accept neither without the other.

type Schema<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] };
};

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

async function submit<T>(
  schema: Schema<T>,
  input: unknown,
  store: (data: T) => Promise<string>,
  fakeId: string,
): Promise<SubmitResult> {
  // A bot that filled the hidden field gets the same answer as a person, and nothing is stored.
  if (typeof input === "object" && input !== null && (input as Record<string, unknown>)[HONEYPOT_FIELD])
    return { ok: true, id: fakeId };
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "validation", fields: fieldErrors(parsed.error) };
  try {
    return { ok: true, id: await store(parsed.data) };
  } catch (error) {
    return failure(error);
  }
}

/** The browser's side of a consent record; the IP stays unknown (docs/firebase.md, "Privacy on Firebase"). */
const consentContext = (): ConsentContext => ({
  userAgent: typeof navigator === "undefined" ? null : navigator.userAgent,
});

type Write = { ref: DocumentReference; data: object; update?: boolean };

export function createFirebasePublicBackend(config: FirebaseClientConfig, appName?: string): PublicBackend {
  const db = firestoreFor(config, appName);

  const createOnce = async (collection: string, id: string, document: object) => {
    await retryWrite(() => setDoc(doc(db, collection, id), document));
    return id;
  };

  // A batch is committed once: every attempt builds its own. All its writes land, or none.
  const commit = (writes: Write[]) => {
    const batch = writeBatch(db);
    for (const { ref, data, update } of writes) {
      if (update) batch.update(ref, data as Record<string, unknown>);
      else batch.set(ref, data);
    }
    return batch.commit();
  };

  const storeLead = async (data: LeadData, id: string) => {
    const ref = doc(db, "leads", id);
    const lead = leadDocument(data, serverTimestamp(), consentContext());
    const writes: Write[] = [{ ref, data: lead }];
    if ("marketingConsent" in lead && lead.marketingConsent) {
      writes.push({
        ref: doc(db, "consents", id),
        data: consentEntry(lead.email, lead.marketingConsent, { collection: "leads", id }),
      });
    }
    await retryWrite(() => commit(writes));
    return id;
  };

  const storeSubscription = async (data: NewsletterData, consentId: string) => {
    const ref = doc(db, "newsletter", await newsletterDocumentId(data.email));
    const consent = consentProof("newsletter", data, consentContext(), serverTimestamp());
    const entry = {
      ref: doc(db, "consents", consentId),
      data: consentEntry(data.email, consent, { collection: "newsletter", id: ref.id }),
    };
    // A refusal on a retry means an earlier attempt landed: the ledger entry's id is this attempt's key,
    // and the rules never let an entry be written twice.
    await retryWrite(async () => {
      try {
        await commit([{ ref, data: newsletterDocument(data, consent, consentId, serverTimestamp()) }, entry]);
      } catch (error) {
        // The address already has a document (visitors cannot read, so this is how we learn it):
        // the rules allow exactly one change to it, back to "subscribed" with a new consent.
        if (errorCode(error) !== "permission-denied") throw error;
        await commit([{ ref, data: resubscription(data, consent, consentId), update: true }, entry]);
      }
    });
    return ref.id;
  };

  return {
    submitContact: (input, { idempotencyKey }) =>
      submit(
        contactInput,
        input,
        (data) => createOnce("contacts", idempotencyKey, contactDocument(data, serverTimestamp())),
        idempotencyKey,
      ),
    submitLead: (input, { idempotencyKey }) =>
      submit(leadInput, input, (data) => storeLead(data, idempotencyKey), idempotencyKey),
    subscribe: (input, { idempotencyKey }) =>
      submit(newsletterInput, input, (data) => storeSubscription(data, idempotencyKey), idempotencyKey),
  };
}
