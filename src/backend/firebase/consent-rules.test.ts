import { describe, expect, it } from "vitest";
import { CONSENT_PURPOSES, consentWordings } from "../../domain/consent";
import { expectRulesBlock } from "./test-support/rules-block";

// firestore.rules cannot import src/domain/consent.ts, so it holds a copy of every wording the rules
// accept. This keeps the copy exact: a new or retired version there fails here until the block in the
// rules is replaced with the one printed below. (tests/rules checks the emulator accepts each of them.)

const BEGIN = "    // BEGIN consent wordings";
const END = "    // END consent wordings";

/** A rules string literal (single quotes, backslash escapes). */
const literal = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function expectedBlock(): string {
  const purposes = CONSENT_PURPOSES.map((purpose) => {
    const entries = consentWordings(purpose).map(
      (wording) => `          ${literal(wording.version)}: ${literal(wording.text)}`,
    );
    return [`        ${literal(purpose)}: {`, entries.join(",\n"), "        }"].join("\n");
  });
  return [
    `${BEGIN}: generated from src/domain/consent.ts (consentWordings), do not edit by hand.`,
    "    // src/backend/firebase/consent-rules.test.ts fails, printing this block, until it matches again.",
    "    function consentWordings() {",
    "      return {",
    purposes.join(",\n"),
    "      };",
    "    }",
    END,
  ].join("\n");
}

describe("firestore.rules and src/domain/consent.ts", () => {
  it("accept exactly the same consent wordings", () => {
    expectRulesBlock(BEGIN, END, expectedBlock());
  });

  it("escapes quotes and backslashes as the rules language reads them", () => {
    expect(literal("it's a \\ test")).toBe("'it\\'s a \\\\ test'");
  });
});
