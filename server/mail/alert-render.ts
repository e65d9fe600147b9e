// The staff alert as a plain-text part and an HTML part, from one description. Values arrive already
// made safe as text (visitor-text.ts); here they are only laid out, and escaped for HTML. The visitor's
// free text comes last, after our link, each line marked as quoted, so nothing they write can sit
// above our link or pass for a line of ours.

export interface AlertField {
  label: string;
  value: string;
}

export interface AlertContent {
  subject: string;
  intro: string;
  fields: AlertField[];
  /** Ours: the only link in the email. */
  link: { text: string; href: string };
  /** The visitor's free text, one entry per field, as lines. */
  quotes: { heading: string; lines: string[] }[];
}

export function renderAlertText({ intro, fields, link, quotes }: AlertContent): string {
  return [
    intro,
    "",
    ...fields.map(({ label, value }) => `${label}: ${value}`),
    "",
    `${link.text}: ${link.href}`,
    ...quotes.flatMap(({ heading, lines }) => ["", heading, ...lines.map((line) => (line ? `> ${line}` : ">"))]),
  ].join("\n");
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

const QUOTE_STYLE = "margin:0 0 16px;padding:8px 12px;border-left:4px solid #c3c8d0;background:#f3f4f6;color:#333";

export function renderAlertHtml({ subject, intro, fields, link, quotes }: AlertContent): string {
  const rows = fields
    .map(
      ({ label, value }) =>
        `<tr><th align="left" style="padding:2px 16px 2px 0;vertical-align:top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const quoted = quotes
    .map(
      ({ heading, lines }) =>
        `<p>${escapeHtml(heading)}</p>\n<blockquote style="${QUOTE_STYLE}">${lines.map(escapeHtml).join("<br>\n")}</blockquote>`,
    )
    .join("\n");
  return [
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">',
    `<p>${escapeHtml(intro)}</p>`,
    `<table role="presentation" style="border-collapse:collapse">\n${rows}\n</table>`,
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
    quoted,
    "</body></html>",
  ]
    .filter(Boolean)
    .join("\n");
}
