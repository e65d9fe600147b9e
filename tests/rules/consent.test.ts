import { randomUUID } from "node:crypto";
import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
} from "firebase/firestore";
import { beforeEach, describe, expect, it } from "vitest";
import { consentEntry, consentProof } from "../../src/backend/firebase/documents";
import { CONSENT_WORDING, consentWordings } from "../../src/domain/consent";
import {
  aLongTimeAgo,
  formNamed,
  newsletterId,
  submissionOf,
  USER_AGENT,
  withChanges,
  writeSubmission,
  type Doc,
  type Submission,
} from "./forms";
import { dbAs, seed, useRulesClients } from "./rules-env";

// Consent proof (POPIA section 69) on the newsletter and the signup opt-in: the map on the record, its
// entry in the `consents` ledger written in the same batch, and a re-subscription's new consent.

const rules = useRulesClients("demo-erf-rules-consent");

type ConsentForm = "newsletter" | "signup";
const consentKey = (name: ConsentForm) => (name === "signup" ? "marketingConsent" : "consent");
const x = (length: number) => "x".repeat(length);

/** The form's valid submission with its consent changed the same way on the record and in the ledger. */
function withConsent(name: ConsentForm, change: Doc): Submission {
  const valid = submissionOf(name);
  const consent = withChanges(valid.data[consentKey(name)] as Doc, change);
  return {
    ...valid,
    data: { ...valid.data, [consentKey(name)]: consent },
    ledger: valid.ledger && { ...valid.ledger, data: { ...valid.ledger.data, consent } },
  };
}
const send = (name: ConsentForm, submission: Submission) =>
  writeSubmission(rules.visitor, formNamed(name).collection, submission);
const createWithConsent = (name: ConsentForm, change: Doc) => send(name, withConsent(name, change));

describe("the consent on a subscription and on a ticked signup", () => {
  for (const [name, purpose] of [
    ["newsletter", "newsletter"],
    ["signup", "marketing"],
  ] as const) {
    describe(name, () => {
      it("is what the adapter writes: purpose, channel, action, our wording, page, user agent, server time", () => {
        expect(submissionOf(name).data[consentKey(name)]).toEqual({
          purpose,
          channel: "email",
          action: "given",
          wordingVersion: CONSENT_WORDING[purpose].version,
          wording: CONSENT_WORDING[purpose].text,
          sourcePath: name === "signup" ? "/signup" : "/",
          userAgent: USER_AGENT,
          at: expect.anything(),
        });
      });

      it("accepts the exact text of every wording version src/domain/consent.ts accepts", async () => {
        for (const wording of consentWordings(purpose))
          await assertSucceeds(createWithConsent(name, { wordingVersion: wording.version, wording: wording.text }));
      });

      it("refuses a wording that is not its version's exact text", async () => {
        const { text } = CONSENT_WORDING[purpose];
        await assertFails(createWithConsent(name, { wording: `${text} ` }));
        await assertFails(createWithConsent(name, { wording: text.replace("email", "e-mail") }));
        await assertFails(
          createWithConsent(name, {
            wording: CONSENT_WORDING[purpose === "newsletter" ? "marketing" : "newsletter"].text,
          }),
        );
        await assertFails(createWithConsent(name, { wording: undefined }));
      });

      it("refuses an unknown version, or another purpose's, even with that purpose's text", async () => {
        await assertFails(createWithConsent(name, { wordingVersion: `${purpose}-1999-01` }));
        const other = CONSENT_WORDING[purpose === "newsletter" ? "marketing" : "newsletter"];
        await assertFails(createWithConsent(name, { wordingVersion: other.version, wording: other.text }));
        await assertFails(createWithConsent(name, { wordingVersion: 2025 }));
      });

      it("refuses another purpose, channel or action", async () => {
        await assertFails(createWithConsent(name, { purpose: purpose === "newsletter" ? "marketing" : "newsletter" }));
        await assertFails(createWithConsent(name, { channel: "sms" }));
        await assertFails(createWithConsent(name, { action: "withdrawn" }));
      });

      it("refuses an extra key (an IP the browser claims, say) and a missing one", async () => {
        await assertFails(createWithConsent(name, { ip: "203.0.113.9" }));
        await assertFails(createWithConsent(name, { channel: undefined }));
      });

      it("requires the time to be the server's", async () => {
        await assertFails(createWithConsent(name, { at: aLongTimeAgo() }));
        await assertFails(createWithConsent(name, { at: undefined }));
      });

      it("accepts a page path or none, and refuses anything else", async () => {
        await assertSucceeds(createWithConsent(name, { sourcePath: `/${x(299)}` }));
        await assertSucceeds(createWithConsent(name, { sourcePath: undefined }));
        await assertFails(createWithConsent(name, { sourcePath: `/${x(300)}` }));
        await assertFails(createWithConsent(name, { sourcePath: "https://evil.example/" }));
        await assertFails(createWithConsent(name, { sourcePath: "/signup?utm=x" }));
        await assertFails(createWithConsent(name, { sourcePath: "/a page" }));
        await assertFails(createWithConsent(name, { sourcePath: "" }));
      });

      it("accepts a user agent up to 500 characters, or none", async () => {
        await assertSucceeds(createWithConsent(name, { userAgent: x(500) }));
        await assertSucceeds(createWithConsent(name, { userAgent: undefined }));
        await assertFails(createWithConsent(name, { userAgent: x(501) }));
        await assertFails(createWithConsent(name, { userAgent: 42 }));
      });

      it("refuses the record without its consent, and without its ledger entry", async () => {
        const valid = submissionOf(name);
        await assertFails(
          send(name, { ...valid, data: withChanges(valid.data, { [consentKey(name)]: undefined }), ledger: undefined }),
        );
        await assertFails(send(name, { ...valid, ledger: undefined }));
      });
    });
  }

  it("a subscription without a consent id, or naming another entry, is refused", async () => {
    const valid = submissionOf("newsletter");
    await assertFails(send("newsletter", { ...valid, data: withChanges(valid.data, { consentId: undefined }) }));
    await assertFails(send("newsletter", { ...valid, data: withChanges(valid.data, { consentId: randomUUID() }) }));
  });

  it("an unticked signup carries no consent and no ledger entry", async () => {
    const valid = submissionOf("signup");
    await assertSucceeds(
      send("signup", {
        ...valid,
        data: withChanges(valid.data, { marketingOptIn: false, marketingConsent: undefined }),
        ledger: undefined,
      }),
    );
    const other = submissionOf("signup");
    await assertFails(send("signup", { ...other, data: withChanges(other.data, { marketingOptIn: false }) }));
    const alone = submissionOf("signup");
    await assertFails(
      send("signup", { ...alone, data: withChanges(alone.data, { marketingOptIn: false }), ledger: undefined }),
    );
  });

  it("a demo request carries none", async () => {
    const signup = submissionOf("signup");
    const demo = submissionOf("demo");
    await assertFails(
      send("signup", { ...demo, data: { ...demo.data, marketingConsent: signup.data.marketingConsent } }),
    );
    await assertFails(
      send("signup", {
        ...demo,
        ledger: { id: demo.id, data: { ...signup.ledger!.data, email: demo.data.email, recordId: demo.id } },
      }),
    );
  });
});

describe("the consents ledger", () => {
  it("refuses an entry written without its record", async () => {
    const { ledger } = submissionOf("newsletter");
    await assertFails(setDoc(doc(rules.visitor, "consents", ledger!.id), ledger!.data));
  });

  it("refuses an entry for a record stored earlier, even one that names it", async () => {
    const { id, data, ledger } = submissionOf("newsletter");
    await seed(rules.env, "newsletter", id, data);
    await assertFails(setDoc(doc(rules.visitor, "consents", ledger!.id), ledger!.data));
  });

  it("refuses an entry that differs from its record: the proof, the address, the record named, the id", async () => {
    const valid = submissionOf("newsletter");
    const entry = (change: Doc) => ({
      ...valid,
      ledger: { ...valid.ledger!, data: withChanges(valid.ledger!.data, change) },
    });
    await assertFails(
      send("newsletter", entry({ consent: { ...(valid.ledger!.data.consent as Doc), sourcePath: "/elsewhere" } })),
    );
    await assertFails(send("newsletter", entry({ email: "someone.else@example.com" })));
    await assertFails(send("newsletter", entry({ recordId: newsletterId("someone.else@example.com") })));
    await assertFails(send("newsletter", entry({ recordCollection: "contacts" })));
    await assertFails(send("newsletter", entry({ note: "extra" })));
    await assertFails(send("newsletter", { ...valid, ledger: { ...valid.ledger!, id: randomUUID() } }));
    const signup = submissionOf("signup");
    await assertFails(send("signup", { ...signup, ledger: { ...signup.ledger!, id: randomUUID() } }));
  });

  it("refuses a second entry for one consent, and one entry shared by two records", async () => {
    for (const name of ["newsletter", "signup"] as const) {
      const valid = submissionOf(name);
      const batch = writeBatch(rules.visitor);
      batch.set(doc(rules.visitor, formNamed(name).collection, valid.id), valid.data);
      batch.set(doc(rules.visitor, "consents", valid.ledger!.id), valid.ledger!.data);
      batch.set(doc(rules.visitor, "consents", randomUUID()), valid.ledger!.data);
      await assertFails(batch.commit());
    }
    // Two subscriptions naming one entry (which names the second): the first has no entry of its own.
    const first = submissionOf("newsletter");
    const second = submissionOf("newsletter");
    const shared = { ...second.data, consent: first.data.consent, consentId: first.data.consentId };
    const batch = writeBatch(rules.visitor);
    batch.set(doc(rules.visitor, "newsletter", first.id), first.data);
    batch.set(doc(rules.visitor, "newsletter", second.id), shared);
    batch.set(doc(rules.visitor, "consents", first.ledger!.id), {
      ...first.ledger!.data,
      email: second.data.email,
      recordId: second.id,
    });
    await assertFails(batch.commit());
  });

  it("lets staff read it; nobody changes or deletes an entry, staff included", async () => {
    const valid = submissionOf("newsletter");
    await assertSucceeds(send("newsletter", valid));
    const entry = doc(rules.admin, "consents", valid.ledger!.id);
    await assertSucceeds(getDoc(entry));
    await assertSucceeds(getDocs(collection(rules.admin, "consents")));
    await assertFails(getDoc(doc(rules.visitor, "consents", valid.ledger!.id)));
    await assertFails(getDocs(collection(rules.visitor, "consents")));
    await assertFails(getDocs(collection(dbAs(rules.env, "signed-in visitor"), "consents")));
    await assertFails(updateDoc(entry, { email: "changed@example.com" }));
    await assertFails(updateDoc(doc(rules.visitor, "consents", valid.ledger!.id), { email: "changed@example.com" }));
    await assertFails(deleteDoc(entry));
    await assertFails(deleteDoc(doc(rules.visitor, "consents", valid.ledger!.id)));
  });
});

describe("newsletter: re-subscribing an existing address", () => {
  const email = "back.again@example.com";
  const id = newsletterId(email);

  /** What the adapter sends when the create was refused: the status back, a new consent, its ledger entry. */
  function resubscribe(change: Doc = {}, options: { consentId?: string; ledger?: boolean; target?: string } = {}) {
    const consentId = options.consentId ?? randomUUID();
    const target = options.target ?? id;
    const consent = consentProof(
      "newsletter",
      { consentVersion: CONSENT_WORDING.newsletter.version, sourcePath: "/" },
      { userAgent: USER_AGENT },
      serverTimestamp(),
    );
    const batch = writeBatch(rules.visitor);
    batch.update(
      doc(rules.visitor, "newsletter", target),
      withChanges({ status: "subscribed", recaptchaToken: "fresh", consent, consentId }, change),
    );
    if (options.ledger !== false)
      batch.set(
        doc(rules.visitor, "consents", consentId),
        consentEntry(email, consent, { collection: "newsletter", id: target }),
      );
    return batch.commit();
  }

  beforeEach(async () => {
    await seed(rules.env, "newsletter", id, {
      email,
      status: "unsubscribed",
      type: "newsletter",
      createdAt: aLongTimeAgo(),
    });
  });

  it("can only be done as an update: a second create is refused", async () => {
    const valid = submissionOf("newsletter", { email }, id);
    await assertFails(send("newsletter", valid));
  });

  it("sets the status back to subscribed with a new consent, kept in the ledger", async () => {
    await assertSucceeds(resubscribe());
  });

  it("refuses it without a fresh consent, or without its ledger entry", async () => {
    await assertFails(updateDoc(doc(rules.visitor, "newsletter", id), { status: "subscribed" }));
    await assertFails(resubscribe({}, { ledger: false }));
    await assertFails(resubscribe({ consent: undefined, consentId: undefined }, { ledger: false }));
  });

  it("refuses an entry id already in the ledger: each is written once (a retry's refusal means it landed)", async () => {
    const consentId = randomUUID();
    await assertSucceeds(resubscribe({}, { consentId }));
    await assertFails(resubscribe({}, { consentId }));
  });

  it("changes nothing else, and only back to subscribed", async () => {
    await assertFails(resubscribe({ status: "unsubscribed" }));
    await assertFails(resubscribe({ createdAt: serverTimestamp() }));
    await assertFails(resubscribe({ recaptchaToken: x(4097) }));
    await assertFails(resubscribe({}, { target: newsletterId("nobody@example.com") }));
  });
});
