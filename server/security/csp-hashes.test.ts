import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./csp-hashes";

// Expected values from: printf '%s' 'alert(1)' | openssl dgst -sha256 -binary | base64
const ALERT_HASH = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";

describe("inlineScriptHashes", () => {
  it("hashes the exact text of inline scripts", () => {
    expect(inlineScriptHashes("<p>x</p><script>alert(1)</script>")).toEqual([ALERT_HASH]);
  });

  it("hashes inline module scripts and scripts with other attributes", () => {
    expect(
      inlineScriptHashes('<script type="module" async="">alert(1)</script><script id="_R_">alert(1)</script>'),
    ).toEqual([ALERT_HASH, ALERT_HASH]);
  });

  it("skips external scripts and JSON data blocks", () => {
    const html = [
      '<script src="/assets/a.js"></script>',
      "<script type='module' src=/assets/b.js></script>",
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<script type=application/json>{}</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it("does not mistake data-src for src", () => {
    expect(inlineScriptHashes('<script data-src="x">alert(1)</script>')).toEqual([ALERT_HASH]);
  });

  it("changes the hash when one byte changes", () => {
    expect(inlineScriptHashes("<script>alert(2)</script>")).not.toEqual([ALERT_HASH]);
  });
});
