import { Container } from "../../../components/ui/container";
import type { LegalBlock, LegalDocument } from "../../../content/types";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

// Formatted by hand: Intl output differs between Node's ICU and browsers, which would break hydration.
function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** Turns email addresses in legal copy into mailto links, so the copy can stay plain strings. */
function WithEmailLinks({ text }: { text: string }) {
  return text.split(EMAIL).map((part, index) =>
    // split() with a capture group puts the matches at odd indexes.
    index % 2 === 1 ? (
      <a
        key={index}
        href={`mailto:${part}`}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        {part}
      </a>
    ) : (
      part
    ),
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string")
    return (
      <p>
        <WithEmailLinks text={block} />
      </p>
    );
  return (
    <>
      {block.intro && (
        <p>
          <WithEmailLinks text={block.intro} />
        </p>
      )}
      <ul className="list-disc space-y-2 pl-6 marker:text-brand-700">
        {block.list.map((item) => (
          <li key={item}>
            <WithEmailLinks text={item} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** A legal page: title, date, summary, a contents list and numbered sections with anchor ids. */
export function LegalDocumentViewBody({ document }: { document: LegalDocument }) {
  return (
    <Container size="md" className="py-16 sm:py-20">
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{document.title}</h1>
        <p className="mt-3 text-sm text-slate-600">
          Last updated: <time dateTime={document.lastUpdated}>{formatDate(document.lastUpdated)}</time>
        </p>
        <p className="mt-6 text-lg leading-8 text-slate-700">{document.summary}</p>
      </header>
      <nav aria-label="Contents" className="mt-8 rounded-2xl bg-slate-50 p-6">
        <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Contents</h2>
        <ol className="mt-4 grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {document.sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex min-h-8 items-center text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-12 space-y-12">
        {document.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
            <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-slate-900">
              {section.heading}
            </h2>
            <div className="mt-4 space-y-4 leading-7 text-slate-700">
              {section.blocks.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </Container>
  );
}
