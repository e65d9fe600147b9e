import type { ComponentType, ReactNode } from "react";
import { Link, type MetaDescriptor } from "react-router";
import { BRAND } from "../../config/brand";

/** The frame of a page an emailed link opens: the brand, back to the site, the page's heading, its panel. */
export function LinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="mb-2 text-sm font-semibold text-brand-700">
          <Link to="/" className="underline-offset-2 hover:underline">
            {BRAND.name}
          </Link>
        </p>
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** Shown while a client-only link page loads. */
export function LinkPageLoading() {
  return <p className="p-8 text-center text-slate-700">Loading...</p>;
}

/**
 * What a link page's route module exports: its head (the title, and kept out of search results, since each
 * link is one person's) and its page, the panel in the frame.
 */
export function linkPageRoute(title: string, Panel: ComponentType) {
  return {
    meta: (): MetaDescriptor[] => [
      { title: `${title} | ${BRAND.name}` },
      { name: "robots", content: "noindex, nofollow" },
    ],
    Page: function LinkPageRoute() {
      return (
        <LinkPage title={title}>
          <Panel />
        </LinkPage>
      );
    },
  };
}
