import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DashboardStats, ListPage } from "../../src/domain/admin";
import type { ContactRecord, LeadRecord } from "../../src/domain/records";
import { splitSignals, type SpamSignal } from "../../src/domain/spam";
import type { PersonView } from "../../src/domain/workspace";
import type { Clock } from "../clock";
import { claimRenderStamps, findContactById, findLeadById, purgeUsedRenderStamps } from "../db/store";
import { createLogger } from "../logger";
import { createSmtpMailer } from "../mail/mailer";
import { mailSettings } from "../mail/settings";
import { createOutboxWorker, type OutboxWorker } from "../outbox/worker";
import { derivePrivacyKeys } from "../privacy/keys";
import { runRetention } from "../privacy/retention";
import { ADMIN_EMAIL, mintSession, seedSales, send } from "../test-support/admin";
import {
  fakeVerifier,
  manualClock,
  postJson,
  TEST_APP_SECRET,
  testApp,
  testConfig,
  validContact,
  validDemo,
  validSignup,
} from "../test-support/app";
import { auditMark, auditSince } from "../test-support/audit";
import { startSmtpServer, type TestSmtpServer } from "../test-support/smtp";
import { describeStorage } from "../test-support/storage-suite";
import { SECOND_STAFF, seedStaff } from "../test-support/workspace";
import type { Config } from "../env";
import type { RecaptchaVerifier } from "../security/recaptcha";

// The spam score end to end (src/domain/spam.ts, docs/decisions/0030-spam-score.md): each named signal
// fires on its own; above SPAM_THRESHOLD a record is stored all the same but held in the Spam view, out
// of the lists, counts, alerts and round-robin; a staff "Not spam" restores it and sends what it missed,
// audited and on the person's timeline; the retention job purges spam after 30 days.

const keys = derivePrivacyKeys(TEST_APP_SECRET);
const NOTIFY = ["sales@erf.test"];
const SPAMMY_LINKS = "Cheap backlinks at http://a.test and http://b.test and http://c.test today";

describeStorage(
  "spam score",
  (open) => {
    let time: ReturnType<typeof manualClock>;
    beforeEach(() => {
      time = manualClock("2025-06-01T10:00:00.000Z");
    });

    const appWith = (
      config: Partial<Config> = {},
      verifier: RecaptchaVerifier | null = null,
      clock: Clock = time.clock,
    ) => testApp(open.db, { clock, config: testConfig(config), verifier });

    /** A stamp the app signed, the form then left open for `openMs`. */
    async function stamp(app: ReturnType<typeof testApp>, openMs = 10_000): Promise<string> {
      const response = await app.request("/api/form-stamp");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const { stamp } = (await response.json()) as { stamp: string };
      time.advance(openMs);
      return stamp;
    }

    async function post(
      app: ReturnType<typeof testApp>,
      path: "/api/contacts" | "/api/leads",
      body: object,
    ): Promise<string> {
      const response = await postJson(app, path, body);
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    }

    const signalsOf = async (id: string): Promise<SpamSignal[]> =>
      splitSignals((await findContactById(open.db, id))?.spamSignals ?? (await findLeadById(open.db, id))?.spamSignals);

    it("scores a person's submission at 0 when nothing fires: a signed stamp from 10 s before, a passed bot check", async () => {
      const app = appWith({}, fakeVerifier({ success: true, action: "contact", score: 0.9 }).verifier);
      const id = await post(app, "/api/contacts", {
        ...validContact,
        recaptchaToken: "t",
        renderStamp: await stamp(app),
      });
      expect(await findContactById(open.db, id)).toMatchObject({
        spamScore: 0,
        spamSignals: "",
        spam: false,
        botCheck: "passed",
      });
    });

    const ALONE: [SpamSignal, (app: ReturnType<typeof testApp>) => Promise<object>, RecaptchaVerifier | null][] = [
      [
        "bot-check-failed",
        async (app) => ({ ...validContact, recaptchaToken: "t", renderStamp: await stamp(app) }),
        fakeVerifier({ success: false }).verifier,
      ],
      [
        "bot-check-missing",
        async (app) => ({ ...validContact, renderStamp: await stamp(app) }),
        fakeVerifier({ success: true }).verifier,
      ],
      ["too-fast", async (app) => ({ ...validContact, renderStamp: await stamp(app, 2_000) }), null],
      [
        "render-stamp-invalid",
        async (app) => ({
          ...validContact,
          renderStamp: (await stamp(app)).replace(/\.(.)/, (_m, c: string) => `.${c === "A" ? "B" : "A"}`),
        }),
        null,
      ],
      ["no-render-stamp", async () => validContact, null],
      [
        "disposable-email",
        async (app) => ({ ...validContact, email: "someone@mailinator.com", renderStamp: await stamp(app) }),
        null,
      ],
      [
        "links",
        async (app) => ({
          ...validContact,
          message: "Our portfolio is at https://karoo.example, please call.",
          renderStamp: await stamp(app),
        }),
        null,
      ],
      ["many-links", async (app) => ({ ...validContact, message: SPAMMY_LINKS, renderStamp: await stamp(app) }), null],
      [
        "gibberish",
        async (app) => ({
          ...validContact,
          message: "sdfkjhsdkfjh qwrtpsdfgh lkjhgfdszxcvb",
          renderStamp: await stamp(app),
        }),
        null,
      ],
    ];

    it.each(ALONE)("fires %s alone", async (signal, body, verifier) => {
      const app = appWith({}, verifier);
      const id = await post(app, "/api/contacts", await body(app));
      expect(await signalsOf(id)).toEqual([signal]);
    });

    it("fires repeated-content alone on the third address to send the same words within a day, on contacts and demo requests alike", async () => {
      const app = appWith();
      const words = "We offer the best SEO services for your property website, reply now";
      const first = await post(app, "/api/contacts", {
        ...validContact,
        email: "a@example.org",
        message: words,
        renderStamp: await stamp(app),
      });
      // The same address again is not another address; spacing and case do not make it new words.
      const again = await post(app, "/api/contacts", {
        ...validContact,
        email: "a@example.org",
        message: words.toUpperCase(),
        renderStamp: await stamp(app),
      });
      const second = await post(app, "/api/leads", {
        ...validDemo,
        email: "b@example.org",
        challenges: `  ${words}!`,
        renderStamp: await stamp(app),
      });
      const third = await post(app, "/api/contacts", {
        ...validContact,
        email: "c@example.org",
        message: words,
        renderStamp: await stamp(app),
      });
      expect([await signalsOf(first), await signalsOf(again), await signalsOf(second), await signalsOf(third)]).toEqual(
        [[], [], [], ["repeated-content"]],
      );
      // A day later the earlier ones no longer count.
      time.advance(24 * 60 * 60 * 1000);
      const later = await post(app, "/api/contacts", {
        ...validContact,
        email: "d@example.org",
        message: words,
        renderStamp: await stamp(app),
      });
      expect(await signalsOf(later)).toEqual([]);
    });

    // Issue 39, item 5: the score can be steered neither way (decision 0045).
    describe("steering", () => {
      const from = (ip: string) => ({ "X-Forwarded-For": ip });
      const postFrom = async (
        app: ReturnType<typeof testApp>,
        path: "/api/contacts" | "/api/leads",
        body: object,
        ip: string,
        headers: Record<string, string> = {},
      ) => {
        const response = await postJson(app, path, body, { ...from(ip), ...headers });
        expect(response.status, await response.clone().text()).toBe(201);
        return ((await response.json()) as { id: string }).id;
      };
      const WORDS = "Please send me a quote for three bedroom rentals in Stellenbosch this winter";

      it("does not hold a real visitor with a valid stamp for words a competitor seeded from three addresses and three IPs", async () => {
        const app = appWith({ spamThreshold: 40, trustProxy: 1 });
        for (const [index, ip] of ["203.0.113.7", "198.51.100.23", "192.0.2.200"].entries()) {
          await postFrom(
            app,
            "/api/contacts",
            { ...validContact, email: `seed${index}@example.org`, message: WORDS, renderStamp: await stamp(app) },
            ip,
          );
        }
        const visitor = await postFrom(
          app,
          "/api/contacts",
          { ...validContact, email: "real.person@example.co.za", message: WORDS, renderStamp: await stamp(app) },
          "2001:4860:4860::8888",
        );
        // The repetition is seen, and weighed: alone it does not hold anyone.
        expect(await findContactById(open.db, visitor)).toMatchObject({
          spamSignals: "repeated-content",
          spamScore: 30,
          spam: false,
        });
        // With a signal of its own (a link), the same repetition holds.
        const spammer = await postFrom(
          app,
          "/api/contacts",
          {
            ...validContact,
            email: "bot@example.net",
            message: `${WORDS} https://cheap.example`,
            renderStamp: await stamp(app),
          },
          "192.0.2.201",
        );
        expect(await signalsOf(spammer)).toEqual(["links"]);
        const spammerAgain = await postFrom(
          app,
          "/api/contacts",
          { ...validContact, email: "bot@mailinator.com", message: WORDS, renderStamp: await stamp(app) },
          "192.0.2.202",
        );
        expect(await findContactById(open.db, spammerAgain)).toMatchObject({
          spamSignals: "disposable-email,repeated-content",
          spam: true,
        });
      });

      it("counts repetition by source: three addresses from one client are one source", async () => {
        const app = appWith({ spamThreshold: 40, trustProxy: 1 });
        const ids: string[] = [];
        for (const index of [0, 1, 2])
          ids.push(
            await postFrom(
              app,
              "/api/contacts",
              {
                ...validContact,
                email: `same.machine${index}@example.org`,
                message: WORDS,
                renderStamp: await stamp(app),
              },
              "203.0.113.9",
            ),
          );
        // An IPv6 client's /64 is one source too.
        ids.push(
          await postFrom(
            app,
            "/api/leads",
            { ...validDemo, email: "v6a@example.org", challenges: WORDS, renderStamp: await stamp(app) },
            "2001:db8:1:2::10",
          ),
        );
        ids.push(
          await postFrom(
            app,
            "/api/leads",
            { ...validDemo, email: "v6b@example.org", challenges: WORDS, renderStamp: await stamp(app) },
            "2001:db8:1:2::99",
          ),
        );
        expect(await Promise.all(ids.map(signalsOf))).toEqual([[], [], [], [], []]);
        // A third source makes it repeated.
        const third = await postFrom(
          app,
          "/api/contacts",
          { ...validContact, email: "elsewhere@example.org", message: WORDS, renderStamp: await stamp(app) },
          "198.51.100.77",
        );
        expect(await signalsOf(third)).toEqual(["repeated-content"]);
      });

      it("uses each form stamp once: a second submission with it scores render-stamp-reused, stored all the same; a retry with its Idempotency-Key is not penalised", async () => {
        const app = appWith({ spamThreshold: 40 });
        const shared = await stamp(app);
        const key = "0c8d2b1e-7f3a-4e5b-9a6c-1d2e3f4a5b6c";
        const firstResponse = await postJson(
          app,
          "/api/contacts",
          { ...validContact, email: "first@example.org", renderStamp: shared },
          { "Idempotency-Key": key },
        );
        expect(firstResponse.status).toBe(201);
        const first = ((await firstResponse.json()) as { id: string }).id;
        // The same request again (a lost answer, retried): the same answer, nothing new stored, nothing scored.
        const retry = await postJson(
          app,
          "/api/contacts",
          { ...validContact, email: "first@example.org", renderStamp: shared },
          { "Idempotency-Key": key },
        );
        expect([
          retry.status,
          ((await retry.json()) as { id: string }).id,
          retry.headers.get("idempotent-replayed"),
        ]).toEqual([201, first, "true"]);
        const second = await post(app, "/api/contacts", {
          ...validContact,
          email: "second@example.org",
          message: "A different message, from a script that kept the stamp.",
          renderStamp: shared,
        });
        const third = await post(app, "/api/leads", {
          ...validSignup,
          email: "third@example.org",
          renderStamp: shared,
        });
        expect([await signalsOf(first), await signalsOf(second), await signalsOf(third)]).toEqual([
          [],
          ["render-stamp-reused"],
          ["render-stamp-reused"],
        ]);
        expect(
          await open.db
            .selectFrom("contacts")
            .select("id")
            .where("email", "in", ["first@example.org", "second@example.org"])
            .execute(),
        ).toHaveLength(2);
        // Reuse together with repeated words is held.
        for (const index of [0, 1])
          await post(app, "/api/contacts", {
            ...validContact,
            email: `r${index}@example.org`,
            message: WORDS,
            renderStamp: await stamp(app),
          });
        const reusedAndRepeated = await post(app, "/api/contacts", {
          ...validContact,
          email: "r2@example.org",
          message: WORDS,
          renderStamp: shared,
        });
        expect(await findContactById(open.db, reusedAndRepeated)).toMatchObject({
          spamSignals: "repeated-content,render-stamp-reused",
          spam: true,
        });
      });

      it("gives one stamp to one submission when several arrive together (one commit group)", async () => {
        const app = appWith();
        const shared = await stamp(app);
        const responses = await Promise.all(
          [0, 1, 2, 3].map((index) =>
            postJson(app, "/api/contacts", {
              ...validContact,
              email: `together${index}@example.org`,
              renderStamp: shared,
            }),
          ),
        );
        const ids = await Promise.all(
          responses.map(async (response) => ((await response.json()) as { id: string }).id),
        );
        const signals = await Promise.all(ids.map(signalsOf));
        expect(signals.filter((named) => named.length === 0)).toHaveLength(1);
        expect(signals.filter((named) => named.join() === "render-stamp-reused")).toHaveLength(3);
        expect(await open.db.selectFrom("usedRenderStamps").select(["recordId"]).execute()).toEqual([
          { recordId: ids[signals.findIndex((named) => named.length === 0)] },
        ]);
      });

      it("counts links written with full-width letters, broken by zero-width characters or defanged, and evens them out before comparing words", async () => {
        const app = appWith();
        const obfuscated = "Visit ｈｔｔｐｓ：／／cheap.example, ht\u200btps://b.example and hxxp://c.example today";
        const many = await post(app, "/api/contacts", {
          ...validContact,
          message: obfuscated,
          renderStamp: await stamp(app),
        });
        expect(await signalsOf(many)).toEqual(["many-links"]);
        const one = await post(app, "/api/contacts", {
          ...validContact,
          email: "one.link@example.org",
          message: "Our site: w\u200dww.karoo\u202e.example, call us",
          renderStamp: await stamp(app),
        });
        expect(await signalsOf(one)).toEqual(["links"]);
        // The same words with invisible characters and full-width letters are the same words.
        const words = "Ｂｅｓｔ SEO services for your property website, reply now";
        await post(app, "/api/contacts", {
          ...validContact,
          email: "w1@example.org",
          message: words,
          renderStamp: await stamp(app),
        });
        await post(app, "/api/contacts", {
          ...validContact,
          email: "w2@example.org",
          message: "Best SEO ser\u200bvices for your prop\u2066erty website, reply now",
          renderStamp: await stamp(app),
        });
        const third = await post(app, "/api/contacts", {
          ...validContact,
          email: "w3@example.org",
          message: "Best SEO services for your property website, reply now",
          renderStamp: await stamp(app),
        });
        expect(await signalsOf(third)).toEqual(["repeated-content"]);
      });

      it("claims a group's stamps in one statement: the first holder of each nonce wins, in the group and against earlier groups", async () => {
        const claim = (nonce: string, recordId: string) => ({ nonce, recordId, expiresAt: "2025-06-01T11:00:00.000Z" });
        expect(await open.db.transaction().execute((trx) => claimRenderStamps(trx, [claim("n-old", "r0")]))).toEqual([
          true,
        ]);
        const group = [claim("n-a", "r1"), null, claim("n-a", "r2"), claim("n-b", "r3"), claim("n-old", "r4")];
        expect(await open.db.transaction().execute((trx) => claimRenderStamps(trx, group))).toEqual([
          true,
          true,
          false,
          true,
          false,
        ]);
        expect(
          await open.db.selectFrom("usedRenderStamps").select(["nonce", "recordId"]).orderBy("nonce").execute(),
        ).toEqual([
          { nonce: "n-a", recordId: "r1" },
          { nonce: "n-b", recordId: "r3" },
          { nonce: "n-old", recordId: "r0" },
        ]);
        // A group rolled back leaves nothing claimed.
        await expect(
          open.db.transaction().execute(async (trx) => {
            await claimRenderStamps(trx, [claim("n-c", "r5")]);
            throw new Error("the group failed");
          }),
        ).rejects.toThrow("the group failed");
        expect(
          await open.db.selectFrom("usedRenderStamps").select("nonce").where("nonce", "=", "n-c").execute(),
        ).toEqual([]);
      });

      it("forgets a used stamp once it has expired (the hourly maintenance)", async () => {
        const app = appWith();
        await post(app, "/api/contacts", { ...validContact, renderStamp: await stamp(app) });
        expect(await open.db.selectFrom("usedRenderStamps").select("nonce").execute()).toHaveLength(1);
        expect(await purgeUsedRenderStamps(open.db, time.clock().toISOString())).toBe(0);
        expect(
          await purgeUsedRenderStamps(open.db, new Date(time.clock().getTime() + 60 * 60 * 1000).toISOString()),
        ).toBe(1);
        expect(await open.db.selectFrom("usedRenderStamps").select("nonce").execute()).toEqual([]);
      });
    });

    it("fires blocklisted alone for an address or a domain an admin listed, its subdomains too", async () => {
      const app = appWith();
      const cookie = await mintSession(app, open.db);
      expect(
        (await send(app, "POST", "/api/admin/spam/blocklist", { cookie, body: { entry: "@Spam.Example" } })).status,
      ).toBe(201);
      expect(
        (await send(app, "POST", "/api/admin/spam/blocklist", { cookie, body: { entry: "pest@example.org" } })).status,
      ).toBe(201);
      const domain = await post(app, "/api/contacts", {
        ...validContact,
        email: "x@mail.spam.example",
        renderStamp: await stamp(app),
      });
      const address = await post(app, "/api/leads", {
        ...validSignup,
        email: "pest@example.org",
        renderStamp: await stamp(app),
      });
      const other = await post(app, "/api/leads", {
        ...validSignup,
        email: "friend@example.org",
        renderStamp: await stamp(app),
      });
      expect([await signalsOf(domain), await signalsOf(address), await signalsOf(other)]).toEqual([
        ["blocklisted"],
        ["blocklisted"],
        [],
      ]);
      const list = (await (await send(app, "GET", "/api/admin/spam/blocklist", { cookie })).json()) as {
        items: { entry: string; kind: string; addedBy: string }[];
      };
      expect(list.items.map(({ entry, kind, addedBy }) => [entry, kind, addedBy])).toEqual([
        ["pest@example.org", "address", ADMIN_EMAIL],
        ["spam.example", "domain", ADMIN_EMAIL],
      ]);
    });

    it("lets sales read the blocklist but only admins change it, and names the field of a bad entry", async () => {
      const app = appWith();
      await seedSales(open.db, SECOND_STAFF);
      const admin = await mintSession(app, open.db);
      const sales = await mintSession(app, open.db, SECOND_STAFF);
      expect((await send(app, "GET", "/api/admin/spam/blocklist", { cookie: sales })).status).toBe(200);
      expect(
        (await send(app, "POST", "/api/admin/spam/blocklist", { cookie: sales, body: { entry: "spam.example" } }))
          .status,
      ).toBe(403);
      expect((await send(app, "DELETE", "/api/admin/spam/blocklist/spam.example", { cookie: sales })).status).toBe(403);
      for (const entry of ["", "not a domain", "a@b", 42]) {
        const response = await send(app, "POST", "/api/admin/spam/blocklist", { cookie: admin, body: { entry } });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { fields: Record<string, string> }).fields).toHaveProperty("entry");
      }
      expect(
        (
          await send(app, "POST", "/api/admin/spam/blocklist", {
            cookie: admin,
            body: { entry: "x.example", extra: 1 },
          })
        ).status,
      ).toBe(400);
      expect(
        (await send(app, "POST", "/api/admin/spam/blocklist", { cookie: admin, body: { entry: "x.example" } })).status,
      ).toBe(201);
      expect(
        (await send(app, "POST", "/api/admin/spam/blocklist", { cookie: admin, body: { entry: "X.example" } })).status,
      ).toBe(409);
      const mark = await auditMark(open.db);
      expect((await send(app, "DELETE", "/api/admin/spam/blocklist/x.example", { cookie: admin })).status).toBe(204);
      expect((await send(app, "DELETE", "/api/admin/spam/blocklist/x.example", { cookie: admin })).status).toBe(404);
      expect((await auditSince(open.db, mark)).map((entry) => [entry.action, entry.details])).toEqual([
        ["spam.blocklist-remove", { entry: "x.example" }],
      ]);
    });

    it("holds a record only above SPAM_THRESHOLD, stored all the same, and keeps it out of lists, counts and stats", async () => {
      // disposable-email (30) + no-render-stamp (10) = 40: at the threshold, not above it.
      const app = appWith({ spamThreshold: 40 });
      const at = await post(app, "/api/contacts", { ...validContact, email: "one@mailinator.com" });
      const above = await post(app, "/api/contacts", {
        ...validContact,
        email: "two@mailinator.com",
        message: "See https://x.example for details of our offer.",
      });
      expect(await findContactById(open.db, at)).toMatchObject({ spamScore: 40, spam: false });
      expect(await findContactById(open.db, above)).toMatchObject({
        spamScore: 60,
        spamSignals: "no-render-stamp,disposable-email,links",
        spam: true,
      });

      const cookie = await mintSession(app, open.db);
      const list = async (query = "") =>
        (
          (await (await send(app, "GET", `/api/admin/contacts${query}`, { cookie })).json()) as ListPage<"contacts">
        ).items.map((item) => item.id);
      const count = async (query = "") =>
        ((await (await send(app, "GET", `/api/admin/contacts/count${query}`, { cookie })).json()) as { count: number })
          .count;
      expect(await list()).toEqual([at]);
      expect(await list("?spam=only")).toEqual([above]);
      expect([await count(), await count("?spam=only")]).toEqual([1, 1]);
      const stats = (await (await send(app, "GET", "/api/admin/stats", { cookie })).json()) as DashboardStats;
      expect(stats.tabs.contacts).toBe(1);
      const bad = await send(app, "GET", "/api/admin/contacts?spam=maybe", { cookie });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty("spam");
      expect((await send(app, "GET", "/api/admin/newsletter?spam=only", { cookie })).status).toBe(400);
    });

    describeMail();

    function describeMail() {
      let smtp: TestSmtpServer;
      const workers: OutboxWorker[] = [];
      beforeEach(async () => {
        smtp = await startSmtpServer();
      });
      afterEach(async () => {
        await Promise.all(workers.splice(0).map((worker) => worker.stop()));
        await smtp.stop();
      });

      function mailApp() {
        const config = testConfig({
          smtpUrl: smtp.url,
          notifyTo: NOTIFY,
          publicUrl: "https://erf.test",
          spamThreshold: 40,
        });
        // The worker sends on the real clock; the app's records are stamped with it too.
        const worker = createOutboxWorker({
          db: open.db,
          mailer: createSmtpMailer(smtp.url),
          settings: mailSettings(config),
          keys,
          clock: () => new Date(),
          logger: createLogger("silent"),
          pollMs: 100,
        });
        workers.push(worker);
        worker.start();
        return testApp(open.db, { config, wakeOutbox: worker.wake });
      }

      it("alerts nobody and deals to nobody for spam; Not spam restores it, sends the alert over SMTP and deals it, audited and on the timeline", async () => {
        const app = mailApp();
        await seedStaff(open.db, SECOND_STAFF);
        const cookie = await mintSession(app, open.db);
        expect(
          (await send(app, "PUT", "/api/admin/settings", { cookie, body: { assignment: "round-robin" } })).status,
        ).toBe(200);

        const held = await post(app, "/api/leads", {
          ...validDemo,
          email: "spammer@mailinator.com",
          challenges: SPAMMY_LINKS,
        });
        const clean = await post(app, "/api/leads", { ...validSignup });
        // The clean signup's alert and its assignment email (in either order); nothing for the held demo.
        const first = await smtp.waitForMessages(2, 5_000);
        expect(first.map((mail) => mail.parsed.subject).sort()).toEqual([
          "Assigned to you: Pieter van der Merwe, Karoo Rentals",
          "New signup: Pieter van der Merwe, Karoo Rentals",
        ]);
        expect(await findLeadById(open.db, held)).toMatchObject({ spam: true, owner: null });
        expect((await findLeadById(open.db, clean))?.owner).not.toBeNull();
        const heldEvents = await open.db
          .selectFrom("workspaceEvents")
          .select("kind")
          .where("recordId", "=", held)
          .execute();
        expect(heldEvents).toEqual([]);
        expect(await open.db.selectFrom("outbox").select("kind").where("recordId", "=", held).execute()).toEqual([]);

        const mark = await auditMark(open.db);
        const restored = await send(app, "POST", `/api/admin/leads/${held}/spam`, {
          cookie,
          body: { verdict: "not-spam" },
        });
        expect(restored.status).toBe(200);
        const record = (await restored.json()) as LeadRecord;
        expect(record).toMatchObject({ id: held, spam: false, spamScore: 85 });
        expect(record.owner).not.toBeNull();
        // The signup's alert and assignment came first; then the demo's late alert and its assignment.
        const mails = await smtp.waitForMessages(4, 5_000);
        const subjects = mails.map((mail) => mail.parsed.subject);
        expect(subjects).toContain("New demo request: Ama Owusu, Accra Estates");
        expect(subjects.some((subject) => subject === "Assigned to you: Ama Owusu, Accra Estates")).toBe(true);
        expect((await auditSince(open.db, mark)).map((entry) => [entry.action, entry.actor, entry.details])).toEqual([
          ["record.spam", ADMIN_EMAIL, { collection: "leads", id: held, from: "spam", to: "not-spam" }],
        ]);
        const person = (await (await send(app, "GET", `/api/admin/leads/${held}?with=person`, { cookie })).json()) as {
          person: PersonView;
        };
        const kinds = person.person.timeline.map((entry) => entry.kind);
        expect(kinds).toContain("spam-decision");
        expect(person.person.timeline.find((entry) => entry.kind === "spam-decision")).toMatchObject({
          from: "spam",
          to: "not-spam",
          by: ADMIN_EMAIL,
        });
        expect(kinds).toContain("assigned");

        // Again: nothing more changes, nothing more is sent or audited.
        const before = await auditMark(open.db);
        expect(
          (await send(app, "POST", `/api/admin/leads/${held}/spam`, { cookie, body: { verdict: "not-spam" } })).status,
        ).toBe(200);
        expect(await auditSince(open.db, before)).toEqual([]);

        // "Spam" on a clean record moves it to the Spam view; no alert goes again.
        const moved = await send(app, "POST", `/api/admin/leads/${clean}/spam`, { cookie, body: { verdict: "spam" } });
        expect(((await moved.json()) as LeadRecord).spam).toBe(true);
        const list = (await (
          await send(app, "GET", "/api/admin/leads?spam=only", { cookie })
        ).json()) as ListPage<"leads">;
        expect(list.items.map((item) => item.id)).toEqual([clean]);
      }, 30_000);
    }

    it("answers a decision's bad input with 400 naming the field, an unknown record with 404, and has none for subscribers", async () => {
      const app = appWith();
      const cookie = await mintSession(app, open.db);
      const id = await post(app, "/api/contacts", validContact);
      for (const body of [{}, { verdict: "ham" }, { verdict: "spam", note: "x" }, []]) {
        const response = await send(app, "POST", `/api/admin/contacts/${id}/spam`, { cookie, body });
        expect(response.status).toBe(400);
        expect(
          Object.keys(((await response.json()) as { fields: Record<string, string> }).fields).length,
        ).toBeGreaterThan(0);
      }
      expect(
        (await send(app, "POST", "/api/admin/contacts/nope/spam", { cookie, body: { verdict: "spam" } })).status,
      ).toBe(404);
      expect(
        (await send(app, "POST", "/api/admin/newsletter/x/spam", { cookie, body: { verdict: "spam" } })).status,
      ).toBe(404);
      const contact = (await (
        await send(app, "POST", `/api/admin/contacts/${id}/spam`, { cookie, body: { verdict: "spam" } })
      ).json()) as ContactRecord;
      expect(contact.spam).toBe(true);
    });

    it("purges spam 30 days after it arrived, whatever its status, and keeps restored records", async () => {
      const app = appWith({ spamThreshold: 40 });
      const cookie = await mintSession(app, open.db);
      const spam = await post(app, "/api/contacts", {
        ...validContact,
        email: "x@mailinator.com",
        message: SPAMMY_LINKS,
      });
      const restored = await post(app, "/api/contacts", {
        ...validContact,
        email: "y@mailinator.com",
        message: SPAMMY_LINKS,
      });
      await send(app, "POST", `/api/admin/contacts/${restored}/spam`, { cookie, body: { verdict: "not-spam" } });
      const run = (days: number) =>
        runRetention(open.db, {
          now: new Date(time.clock().getTime() + days * 86_400_000),
          retentionDays: 730,
          actor: "system",
          auditEmptyRuns: false,
        });
      expect((await run(29)).deleted.contacts).toBe(0);
      expect((await run(31)).deleted.contacts).toBe(1);
      expect(await findContactById(open.db, spam)).toBeUndefined();
      expect(await findContactById(open.db, restored)).toBeDefined();
    });
  },
  { admin: true },
);
