// Text a visitor typed, made fit to show inside a staff email: it must not add lines that read as
// ours, reorder what is shown around it, or become a link a mail client offers to click. Mail clients
// turn `https://...`, `www....` and bare domains into links in plain text (and many in HTML text too),
// so a visitor's URL is shown "defanged", the way security reports quote hostile addresses:
// `https[:]//evil[.]test/login`. Readable, plainly not a link, and the exact text is in the dashboard.

/** Bidi controls and marks: they can make a line display in another order than it was written. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Every way a text can break a line: CRLF, LF, CR, VT, FF, NEL, line and paragraph separators. */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;
/** Control characters (C0, DEL, C1) and white space of any kind, line breaks included. */
const BREAKS_AND_CONTROLS = /[\s\p{Cc}]+/gu;
const CONTROLS = /\p{Cc}/gu;

/** A scheme's `://` (also written with a full-width colon, full-width or back slashes). */
const SCHEME_SEPARATOR = /[:\uff1a](?=\s*[/\\\uff0f]{2})/g;
/** A dot (or an ideographic or full-width one, which IDNA reads as a dot) inside a host name. */
const HOST_DOT = /(?<=[\p{L}\p{N}_-])[.\u3002\uff0e\uff61](?=\p{L})/gu;
/** A dotted IPv4 address: host dots before digits are left alone elsewhere, so prices read as typed. */
const IPV4 = /\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/g;

/** The visitor's text with every link-looking part broken visibly, so no client makes it a link. */
export function defangLinks(text: string): string {
  return text.replace(SCHEME_SEPARATOR, "[:]").replace(HOST_DOT, "[.]").replace(IPV4, "$1[.]$2[.]$3[.]$4");
}

/** One line, whatever the text holds: for header values and the (schema-checked) address. */
export function oneLine(text: string | null | undefined): string {
  return (text ?? "").replace(BIDI_CONTROLS, "").replace(BREAKS_AND_CONTROLS, " ").trim();
}

/** A single-line field a visitor filled (name, company, job title ...): one line, no links. */
export const visitorLine = (text: string | null | undefined): string => defangLinks(oneLine(text));

/** Free text (a message, challenges) as lines to quote: split on every line break, nothing else kept. */
export function quotedLines(text: string | null | undefined): string[] {
  const lines = (text ?? "")
    .replace(BIDI_CONTROLS, "")
    .split(LINE_BREAK)
    .map((line) => defangLinks(line.replace(CONTROLS, " ").trimEnd()));
  while (lines.length > 0 && lines[0] === "") lines.shift();
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return lines;
}
