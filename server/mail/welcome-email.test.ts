import { describe, expect, it } from "vitest";
import type { MailSettings } from "./settings";
import { welcomeEmail } from "./welcome-email";

const settings: MailSettings = {
  from: "Erf <hello@erf.co.za>",
  notifyTo: [],
  publicUrl: "https://erf.test",
  unsubscribeMailto: "mailto:privacy@erf.co.za?subject=unsubscribe",
};

describe("welcome email", () => {
  // Nothing a visitor typed goes into it (the address is only the recipient): this keeps it that way.
  it("links only to PUBLIC_URL, and its only mailto is ours", () => {
    const mail = welcomeEmail(
      "reader+<https://evil.test>@example.com",
      "https://erf.test/unsubscribe?token=t.s",
      settings,
    );
    const body = [mail.text, mail.html ?? "", ...Object.values(mail.headers ?? {})].join("\n");
    const links = [...body.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"]+/gi)].map((match) => match[0]);
    expect(links.length).toBeGreaterThan(0);
    expect(
      links.filter((link) => !link.startsWith("https://erf.test/") && link.replace(/[.,]$/, "") !== "https://erf.test"),
    ).toEqual([]);
    expect([...body.matchAll(/mailto:[^\s<>"]+/g)].map((match) => match[0])).toEqual([
      "mailto:privacy@erf.co.za?subject=unsubscribe",
    ]);
    expect(body).not.toContain("evil");
  });
});
