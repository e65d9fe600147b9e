import { NavLink } from "react-router";
import { ButtonLink } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { GET_STARTED, PRIMARY_NAV } from "../../content/navigation";
import { BrandLogo } from "./brand-logo";
import { MobileNav } from "./mobile-nav";

/** The fixed top bar: links inline from `lg`, a drawer below that. */
export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {PRIMARY_NAV.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  className={({ isActive }) =>
                    cn(
                      "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium transition-colors",
                      "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                      isActive ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {/* Wrapped because ButtonLink's own display class would fight a `hidden` passed to it. */}
          <div className="hidden lg:block">
            <ButtonLink to={GET_STARTED.to}>{GET_STARTED.label}</ButtonLink>
          </div>
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
