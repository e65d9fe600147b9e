import type { FaqGroup } from "../../../content/faqs";

/** FAQPage structured data, built from the same content the page shows. Data only, never executed. */
export function FaqJsonLd({ groups }: { groups: readonly FaqGroup[] }) {
  const data = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: groups.flatMap((group) =>
      group.items.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    ),
  };
  // "<" is escaped so no answer text can close the script element early.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
