import { describe, expect, it } from "vitest";
import { contactInput, leadInput } from "../../src/domain/schemas";
import { contactRow, leadRow, toContactRecord, toLeadRecord } from "../db/store";
import { validDemo } from "../test-support/app";
import { leadAlertEmail } from "./lead-alert";
import type { MailSettings } from "./settings";

const settings: MailSettings = {
  from: "Erf <hello@erf.co.za>",
  notifyTo: ["sales@erf.test"],
  publicUrl: "https://erf.test",
  unsubscribeMailto: "mailto:privacy@erf.co.za",
};
const OUR_LINK = "https://erf.test/admin/dashboard?tab=leads&record=l1";
const FAKE = "Open it in the dashboard: https://evil.test/admin/login";

// Built as the server builds them (schema, row, record), so a field added to a list needs nothing here.
const createdAt = "2025-10-01T08:00:00.000Z";
const demo = toLeadRecord({
  ...leadRow({ id: "l1", data: leadInput.parse(validDemo), botCheck: "passed", createdAt }),
  statusChangedAt: null,
});
const contact = toContactRecord({
  ...contactRow({
    id: "c1",
    data: contactInput.parse({
      firstName: "Naledi",
      lastName: "Mokoena",
      email: "naledi@example.co.za",
      phone: "",
      message: "Please call me.\nAbout 40 units.",
    }),
    botCheck: "skipped",
    createdAt,
  }),
  statusChangedAt: null,
});

/** Lines of the plain-text part that do not start with the quote marker. */
const ourLines = (text: string) => text.split("\n").filter((line) => !line.startsWith(">"));
const hrefs = (html: string) => [...html.matchAll(/href\s*=\s*"([^"]*)"/gi)].map((match) => match[1]);

describe("lead alert email", () => {
  it("links to the record's panel by its id, and no URL in it carries the visitor's address", () => {
    for (const [record, link] of [
      [demo, OUR_LINK],
      [contact, "https://erf.test/admin/dashboard?tab=contacts&record=c1"],
    ] as const) {
      const mail = leadAlertEmail(record, settings);
      const urls = [...mail.text.matchAll(/https?:\/\/\S+/g)].map(([url]) => url);
      expect(urls).toEqual([link]);
      const html = hrefs(mail.html ?? "").map(String);
      expect(html).toEqual([link.replaceAll("&", "&amp;")]);
      const [local] = record.email.split("@");
      for (const url of [...urls, ...html]) {
        const decoded = decodeURIComponent(url).toLowerCase();
        expect(decoded, url).not.toContain(record.email.toLowerCase());
        expect(decoded, url).not.toContain(local!.toLowerCase());
      }
    }
  });

  it("quotes a visitor's free text after our link, so a link they write is not a line of ours", () => {
    const mail = leadAlertEmail({ ...demo, challenges: `line\r\n\r\n${FAKE}` }, settings);
    const lines = mail.text.split("\n");
    expect(lines.filter((line) => line.startsWith("Open it in the dashboard:"))).toEqual([
      `Open it in the dashboard: ${OUR_LINK}`,
    ]);
    expect(lines.slice(-4)).toEqual([
      "Their words (challenges), quoted as sent, links disabled:",
      "> line",
      ">",
      "> Open it in the dashboard: https[:]//evil[.]test/admin/login",
    ]);
    expect(lines.indexOf(`Open it in the dashboard: ${OUR_LINK}`)).toBeLessThan(lines.indexOf("> line"));
    expect(mail.text).not.toContain("evil.test");
  });

  it("quotes free text behind every kind of line break, and drops controls and bidi overrides", () => {
    for (const breakChar of ["\n", "\r", "\r\n", "\v", "\f", "\u0085", "\u2028", "\u2029"]) {
      const mail = leadAlertEmail({ ...contact, message: `hello${breakChar}${FAKE}` }, settings);
      expect(
        ourLines(mail.text).some((line) => line.includes("evil")),
        JSON.stringify(breakChar),
      ).toBe(false);
      expect(mail.text.split("\n").slice(-2)).toEqual([
        "> hello",
        "> Open it in the dashboard: https[:]//evil[.]test/admin/login",
      ]);
    }
    const mail = leadAlertEmail({ ...contact, message: "a\u202egnp.exe\u0007\u001b[31mred" }, settings);
    expect(mail.text.split("\n").at(-1)).toBe("> agnp[.]exe  [31mred");
  });

  it("keeps single-line fields on one line, whatever line breaks or controls they hold", () => {
    const hostile = `Acme\r\n\r\n${FAKE}\u2028Bot check: passed\u0085x\u0000y`;
    const mail = leadAlertEmail(
      { ...demo, firstName: `Ama\n${FAKE}`, companyName: hostile, jobTitle: `Boss\u2029${FAKE}`, challenges: "" },
      settings,
    );
    const lines = mail.text.split("\n");
    expect(lines.filter((line) => line.startsWith("Company:"))).toEqual([
      "Company: Acme Open it in the dashboard: https[:]//evil[.]test/admin/login Bot check: passed x y",
    ]);
    expect(lines.filter((line) => line.startsWith("Name:"))).toEqual([
      "Name: Ama Open it in the dashboard: https[:]//evil[.]test/admin/login Owusu",
    ]);
    expect(lines.filter((line) => line.startsWith("Job title:"))).toEqual([
      "Job title: Boss Open it in the dashboard: https[:]//evil[.]test/admin/login",
    ]);
    expect(lines.filter((line) => line.startsWith("Open it in the dashboard:"))).toEqual([
      `Open it in the dashboard: ${OUR_LINK}`,
    ]);
    expect(lines.filter((line) => line.startsWith("Bot check:"))).toEqual(["Bot check: passed"]);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).not.toContain("evil.test");
  });

  it("breaks every link-looking part of a visitor's text: schemes, host names, IP addresses", () => {
    const mail = leadAlertEmail(
      {
        ...contact,
        message:
          "see www.evil.test, http://10.0.0.1/x, https：//ｅｖｉｌ．test, evil。test and hxxp:\\\\a.b; pay R3.50",
      },
      settings,
    );
    expect(mail.text.split("\n").at(-1)).toBe(
      "> see www[.]evil[.]test, http[:]//10[.]0[.]0[.]1/x, https[:]//ｅｖｉｌ[.]test, evil[.]test and hxxp[:]\\\\a[.]b; pay R3.50",
    );
  });

  it("has an HTML part whose one link is ours and whose visitor text is an escaped blockquote", () => {
    const mail = leadAlertEmail(
      {
        ...demo,
        companyName: '<a href="https://evil.test">Acme</a>',
        challenges: `line\r\n\r\n${FAKE}\n<img src=x onerror=alert(1)>`,
      },
      settings,
    );
    expect(mail.html).toBeDefined();
    const html = mail.html!;
    expect(hrefs(html)).toEqual([OUR_LINK.replace(/&/g, "&amp;")]);
    expect(html).not.toMatch(/<img|<a href="https:\/\/evil/i);
    expect(html).toContain("&lt;a href=&quot;https[:]//evil[.]test&quot;&gt;Acme&lt;/a&gt;");
    const quote = /<blockquote[^>]*>([\s\S]*?)<\/blockquote>/.exec(html)?.[1];
    expect(quote).toBe(
      "line<br>\n<br>\nOpen it in the dashboard: https[:]//evil[.]test/admin/login<br>\n&lt;img src=x onerror=alert(1)&gt;",
    );
    // Our link comes before the visitor's words.
    expect(html.indexOf(`href="${OUR_LINK.replace(/&/g, "&amp;")}"`)).toBeLessThan(html.indexOf("<blockquote"));
  });

  it("still says who, how to reach them and what they want", () => {
    const mail = leadAlertEmail(demo, settings);
    expect(mail.subject).toBe("New demo request: Ama Owusu, Accra Estates");
    expect(mail.replyTo).toBe("ama@example.com");
    expect(mail.text).toBe(
      [
        "New demo request on Erf, received 2025-10-01T08:00:00.000Z.",
        "",
        "Name: Ama Owusu",
        "Email: ama@example.com",
        "Phone: +233 20 000 0000",
        "Company: Accra Estates",
        "Job title: Operations Lead",
        "Organisation type: investor",
        "Properties: 51-200",
        "Bot check: passed",
        "",
        `Open it in the dashboard: ${OUR_LINK}`,
        "",
        "Their words (challenges), quoted as sent, links disabled:",
        "> Arrears tracking across 3 buildings",
      ].join("\n"),
    );
    expect(leadAlertEmail(contact, settings).text.split("\n").slice(-3)).toEqual([
      "Their words (message), quoted as sent, links disabled:",
      "> Please call me.",
      "> About 40 units.",
    ]);
  });
});
