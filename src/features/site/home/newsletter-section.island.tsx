import { NEWSLETTER } from "../../../content/home";
import { MailIcon } from "../icons";

export function NewsletterIntroBody() {
  return (
    <div>
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <MailIcon className="h-6 w-6" />
      </span>
      <h2 id="newsletter-title" className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
        {NEWSLETTER.title}
      </h2>
      <p className="mt-3 text-slate-600">{NEWSLETTER.body}</p>
    </div>
  );
}
