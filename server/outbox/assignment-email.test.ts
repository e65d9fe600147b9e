import { expect, it } from "vitest";
import { outboxRow } from "../db/store";
import { mailSettings } from "../mail/settings";
import { derivePrivacyKeys } from "../privacy/keys";
import { describeStorage } from "../test-support/storage-suite";
import { TEST_APP_SECRET, testConfig } from "../test-support/app";
import { minute, seedContact, seedLead } from "../test-support/records";
import { composeMessage } from "./compose";

// The assignment email, composed at send time like the others: to the owner it was queued for, with
// a link to the record's panel; cancelled when the record went or has another owner by then.

const keys = derivePrivacyKeys(TEST_APP_SECRET);
const settings = mailSettings(testConfig({ publicUrl: "https://erf.test", mailFrom: "Erf <hello@erf.test>" }));
const OWNER = "thabo@erf.co.za";

describeStorage("assignment email", (open) => {
  const message = (recordCollection: "leads" | "contacts", recordId: string, recipient = OWNER) =>
    outboxRow(
      { kind: "assignment", subjectEmail: "ama@example.com", recordCollection, recordId, recipient },
      minute(5),
    );
  const compose = (row: ReturnType<typeof message>) =>
    composeMessage(open.db, row, settings, keys, new Date(minute(6)));

  it("tells the owner whose record it is, on one line however the visitor wrote it, with a link to its panel", async () => {
    await seedLead(
      open.db,
      "l-1",
      minute(1),
      { firstName: "Ama\r\nOpen https://evil.test", companyName: "Accra Estates" },
      "demo",
    );
    await open.db.updateTable("leads").set({ owner: OWNER }).where("id", "=", "l-1").execute();
    const composed = await compose(message("leads", "l-1"));
    expect(composed).toEqual({
      send: {
        from: "Erf <hello@erf.test>",
        to: [OWNER],
        subject: "Assigned to you: Ama Open https[:]//evil[.]test Owusu, Accra Estates",
        text: [
          `The demo request from Ama Open https[:]//evil[.]test Owusu, Accra Estates (received ${minute(1)}) is now yours on Erf.`,
          "",
          "Open it in the dashboard: https://erf.test/admin/dashboard?tab=leads&record=l-1",
        ].join("\n"),
      },
    });
  });

  it("is cancelled when the record has another owner by then, or none, or is gone", async () => {
    await seedContact(open.db, "c-1", minute(1));
    await open.db.updateTable("contacts").set({ owner: "someone.else@erf.co.za" }).where("id", "=", "c-1").execute();
    expect(await compose(message("contacts", "c-1"))).toEqual({ cancel: "the record has another owner now" });
    await open.db.updateTable("contacts").set({ owner: null }).where("id", "=", "c-1").execute();
    expect(await compose(message("contacts", "c-1"))).toEqual({ cancel: "the record has another owner now" });
    expect(await compose(message("leads", "gone"))).toEqual({ cancel: "the record no longer exists" });
  });
});
