import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/not-found";
import { ButtonLink } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { pageMeta } from "../features/site/seo";
import { NOT_FOUND_COPY, NOT_FOUND_SEO } from "../content/not-found";

export const meta: Route.MetaFunction = () => pageMeta({ ...NOT_FOUND_SEO, path: "/404", noindex: true });

export default function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    // The missing path is logged, so broken inbound links show up in the browser console.
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);

  return (
    <Container size="md" className="flex min-h-[70vh] flex-col items-center justify-center py-20 text-center">
      <p className="bg-gradient-to-br from-brand-600 to-brand-900 bg-clip-text text-8xl font-extrabold tracking-tight text-transparent sm:text-9xl">
        {NOT_FOUND_COPY.code}
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{NOT_FOUND_COPY.title}</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">{NOT_FOUND_COPY.body}</p>
      <ButtonLink to={NOT_FOUND_COPY.home.to} size="lg" className="mt-8">
        {NOT_FOUND_COPY.home.label}
      </ButtonLink>
      <nav aria-label={NOT_FOUND_COPY.suggestionsTitle} className="mt-12">
        <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {NOT_FOUND_COPY.suggestionsTitle}
        </h2>
        <ul className="mt-3 flex flex-wrap justify-center gap-x-2 gap-y-1">
          {NOT_FOUND_COPY.suggestions.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-flex min-h-11 items-center px-2 font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Container>
  );
}
