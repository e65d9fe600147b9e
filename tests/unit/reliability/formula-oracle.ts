import fc from "fast-check";

// What a spreadsheet could evaluate, decided character by character with the runtime's own NFKC
// rather than the export's hard-coded tables, so the two check each other. A segment is what follows
// the start of a cell or any place a spreadsheet might split it; it is dangerous when, after the
// characters a spreadsheet may skip, it starts with = + - @ (or anything NFKC folds into one, or a
// minus sign).

const LINE_SEPARATORS = new Set(["\t", "\n", "\v", "\f", "\r", "\u0085", "\u2028", "\u2029"]);
const SKIPPABLE = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800"]$/u;
const TRIGGERS = new Set(["=", "+", "-", "@", "\u2212"]);

export const isSeparator = (char: string) => LINE_SEPARATORS.has(char) || [",", ";"].includes(char.normalize("NFKC"));
const isTrigger = (char: string) => TRIGGERS.has(char.normalize("NFKC").charAt(0));

/** The pieces of `text` between separators, with the offset where each starts. */
function segments(text: string): { start: number; text: string }[] {
  const found: { start: number; text: string }[] = [];
  let start = 0;
  let offset = 0;
  for (const char of text) {
    if (isSeparator(char)) {
      found.push({ start, text: text.slice(start, offset) });
      start = offset + char.length;
    }
    offset += char.length;
  }
  found.push({ start, text: text.slice(start) });
  return found;
}

/** The segment starts a formula once the skippable characters (and, if asked, apostrophes) are passed. */
function startsFormula(segment: string, skipApostrophes: boolean): boolean {
  for (const char of segment) {
    if (SKIPPABLE.test(char) || (skipApostrophes && char === "'")) continue;
    return isTrigger(char);
  }
  return false;
}

/** Segments a spreadsheet could evaluate, however it splits `text` (a cell, or a whole raw file). */
export function formulaSegments(text: string): string[] {
  return segments(text)
    .filter((segment) => startsFormula(segment.text, false))
    .map((segment) => segment.text);
}

/** OWASP's list also has a cell that starts with tab or CR (LF and NUL kept alongside). */
export const OWASP_CONTROL_START = /^[\t\r\n\0]/;

/**
 * The value as stored, from the cell as read back: one `'` off each segment that needed it. Throws if
 * such a segment has no apostrophe to take off (then the export did not guard it).
 */
export function unguard(cell: string): string {
  const cuts = segments(cell)
    .filter(
      (segment) =>
        startsFormula(segment.text, true) || (segment.start === 0 && OWASP_CONTROL_START.test(cell.replace(/^'+/, ""))),
    )
    .map((segment) => segment.start);
  let result = cell;
  for (const at of cuts.reverse()) {
    if (result[at] !== "'") throw new Error(`unguarded segment at ${at} in ${JSON.stringify(cell)}`);
    result = result.slice(0, at) + result.slice(at + 1);
  }
  return result;
}

/** Characters a spreadsheet or a reader's eye may pass over before a formula character. */
export const INVISIBLES = [
  "\u200b",
  "\ufeff",
  "\u00a0",
  "\u3000",
  "\u2060",
  "\u202e",
  "\u00ad",
  "\u3164",
  "\u0301",
  "\u2800",
  '"',
  "\u200d",
  "\u180e",
];
/** = + - @ in other clothes. */
export const LOOKALIKE_TRIGGERS = ["＝", "＋", "－", "＠", "﹦", "﹢", "﹣", "﹫", "⁼", "⁺", "⁻", "₌", "−"];
/** Places a spreadsheet may start a new cell or row. */
export const SPLITTERS = [",", ";", "\t", "\r\n", "\n", "\r", "\u2028", "\u0085", "；", "，", "\u037e", "\v"];
/** Values a probe would try first. */
export const KNOWN_BYPASSES = [
  "ok;=cmd|' /C calc'!A0",
  "ok\t=cmd|' /C calc'!A0",
  'ok\n=HYPERLINK("http://evil.test")',
  "ok,=1+1",
  "ok；＝1+1",
  "\u200b=1+1",
  "\ufeff@SUM(A1)",
  "\u00a0+1+1",
  "ok;\u200b\u3000-1+1",
  "'=1+1",
  'ok;"=1+1"',
];

/** A value made of ordinary text, formula characters, their look-alikes, invisibles and separators. */
export const hostileText = (allowNul: boolean) =>
  fc
    .array(
      fc.constantFrom(
        ...[
          "a",
          "Z",
          "7",
          " ",
          "'",
          '"',
          '""',
          "🏠",
          "👩🏽‍💻",
          "é",
          "=",
          "+",
          "-",
          "@",
          "|",
          "%",
          "SUM(A1:A9)",
          "cmd|' /C calc'!A0",
        ],
        ...INVISIBLES,
        ...LOOKALIKE_TRIGGERS,
        ...SPLITTERS,
        ...KNOWN_BYPASSES,
        ...(allowNul ? ["\0"] : []),
      ),
      { maxLength: 10 },
    )
    .map((pieces) => pieces.join(""));
