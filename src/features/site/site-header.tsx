import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { MobileNav } from "./mobile-nav";
import { SiteHeaderLinksBody } from "./site-header.island";
import { staticIsland } from "./static-island";

const SiteHeaderLinks = staticIsland("site-header-links", import.meta.env.SSR ? SiteHeaderLinksBody : null);

/** Marks the link to the current page (NavLink's rule: "/" exactly, other links their whole subtree). */
function markCurrentLinks(header: HTMLElement, pathname: string) {
  const path = pathname.toLowerCase();
  for (const link of header.querySelectorAll<HTMLAnchorElement>("nav a")) {
    const to = link.pathname.toLowerCase();
    const current = to === "/" ? path === "/" : path === to || path.startsWith(`${to}/`);
    if (current) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

/** The fixed top bar: links inline from `lg`, a drawer below that. */
export function SiteHeader() {
  const header = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // The links are island HTML (static-island.tsx) that stays in place across navigations.
  useLayoutEffect(() => {
    if (header.current) markCurrentLinks(header.current, pathname);
  }, [pathname]);

  return (
    <header
      ref={header}
      className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <SiteHeaderLinks />
        <MobileNav />
      </div>
    </header>
  );
}
