// Formula-injection defence for the CSV export (OWASP "CSV Injection"), safe however a spreadsheet
// splits a cell. Guarding only the start of a value is not enough: `ok;=cmd|' /C calc'!A0` is one
// quoted-or-not cell to us, but Excel in a locale whose list separator is `;` (South Africa's, among
// others) splits it and evaluates `=cmd...`; an importer that splits rows on a bare line break inside
// quotes does the same after CR or LF. So every place where a new cell could begin is a segment start,
// and a `'` goes in front of each segment that could start a formula. An apostrophe anywhere else in
// the value is left alone, and the value reads back unchanged apart from those apostrophes.

// Where a spreadsheet may begin a new cell or row inside our one cell: the list separators Excel and
// LibreOffice pick by locale (`,` `;`), tab, every line break, and the forms that NFKC folds into `,`
// or `;` (full-width, small, vertical, and the Greek question mark that looks like `;`). Not space,
// nor the "other" separator an import wizard lets a person type: guarding after every space would put
// apostrophes all through ordinary text ("3 - 4 units"), and such an import is a person's deliberate
// choice, where opening the file splits on the locale's separator unasked.
const SEPARATOR = "[,;\\t\\n\\v\\f\\r\\u0085\\u2028\\u2029\\u037e\\ufe10\\ufe14\\ufe50\\ufe54\\uff0c\\uff1b]";

// What a spreadsheet may drop (or a reader not see) before the character it parses first: white space
// of every kind (NBSP, ideographic space ...), control and format characters (zero-width spaces and
// joiners, BOM, word joiner, bidi controls, soft hyphen), other default-ignorable code points (Hangul
// fillers, variation selectors), combining marks with nothing to combine with, the Braille blank, and
// quotes: a `"` may open a quoted cell in a reader that splits here, and a `'` is skipped so that a
// stored `'=1` is guarded too (as `''=1`), which keeps the guard reversible.
const SKIPPED = `(?:(?!${SEPARATOR})[\\p{White_Space}\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}\\p{M}\\u2800"'])`;

// = + - @ and every character that NFKC folds into one of them (full-width ＝＋－＠, small ﹦﹢﹣﹫,
// super- and subscript ⁼⁺₌₊, ⩵ ⩶, the Hebrew alternative plus), plus U+2212 MINUS SIGN and the
// super- and subscript minus that fold into it, which some spreadsheets read as a minus.
const TRIGGER =
  "[=+\\-@\\u2212\\u207a\\u207b\\u207c\\u208a\\u208b\\u208c\\u2a75\\u2a76\\ufb29\\ufe62\\ufe63\\ufe66\\ufe6b\\uff0b\\uff0d\\uff1d\\uff20]";

/** Anchored where lastIndex points: the segment starting there could start a formula. */
const STARTS_FORMULA = new RegExp(`${SKIPPED}*${TRIGGER}`, "uy");
/** OWASP also lists a leading tab and CR (LF and NUL kept alongside); `'*` keeps the guard reversible. */
const OWASP_START = /^'*[\t\r\n\0]/;
// Every separator is in the Basic Multilingual Plane, so these two need no `u` flag, which is faster.
const SEPARATORS = new RegExp(SEPARATOR, "g");
/**
 * True for every value that may need a guard, and for few that do not: at the start or after a
 * separator, past any spaces, something other than an ASCII letter or digit (skipped characters and
 * triggers never are one). One pass over the value, the only one most cells get.
 */
const MAY_NEED_GUARD = new RegExp(`(?:^|${SEPARATOR}) *[^0-9A-Za-z ]`);

/** An ASCII letter or digit, the usual first character after spaces, is never skipped nor a trigger. */
const isPlain = (code: number) => (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);

function startsFormulaAt(value: string, index: number): boolean {
  let first = index;
  while (value.charCodeAt(first) === 32) first++;
  const code = value.charCodeAt(first);
  if (isPlain(code)) return false;
  if (code === 61 || code === 43 || code === 45 || code === 64) return true; // = + - @
  STARTS_FORMULA.lastIndex = index;
  return STARTS_FORMULA.test(value);
}

/**
 * The value with a `'` in front of every segment that a spreadsheet could read as a formula, however
 * it splits the cell. To undo it exactly: at the start and after each separator, drop one `'` where
 * the segment (skipping the characters above, apostrophes included) starts with a trigger, and at
 * the start where the value is apostrophes then tab, CR, LF or NUL.
 */
export function guardFormulas(value: string): string {
  // Written for speed: the export runs this on every cell of 100,000s of rows.
  if (!MAY_NEED_GUARD.test(value)) return value;
  const guardStart = startsFormulaAt(value, 0) || OWASP_START.test(value);
  SEPARATORS.lastIndex = 0;
  let match = SEPARATORS.exec(value);
  if (!match) return guardStart ? `'${value}` : value;
  let guarded = guardStart ? "'" : "";
  let copied = 0;
  for (; match; match = SEPARATORS.exec(value)) {
    const next = match.index + match[0].length;
    if (!startsFormulaAt(value, next)) continue;
    guarded += `${value.slice(copied, next)}'`;
    copied = next;
  }
  return guarded + value.slice(copied);
}
