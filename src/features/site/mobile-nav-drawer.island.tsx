import { ButtonLink } from "../../components/ui/button";
import { GET_STARTED } from "../../content/navigation";
import { PrimaryNavList } from "./primary-nav-list";

// As in the header, the current page is styled from aria-current (NavLink sets it when prerendering,
// SiteHeader keeps it up to date on client-side navigations).
const drawerLink =
  "flex min-h-12 items-center rounded-lg px-3 text-base font-medium " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 " +
  "text-slate-800 not-aria-[current=page]:hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800";

/** The drawer's links and Get Started: the static part of the mobile menu. */
export function MobileNavLinksBody() {
  return (
    <>
      <PrimaryNavList
        label="Mobile"
        navClassName="flex-1 overflow-y-auto px-4 py-4"
        listClassName="flex flex-col gap-1"
        linkClassName={drawerLink}
      />
      <div className="border-t border-slate-200 p-4">
        <ButtonLink to={GET_STARTED.to} size="lg" className="w-full">
          {GET_STARTED.label}
        </ButtonLink>
      </div>
    </>
  );
}
