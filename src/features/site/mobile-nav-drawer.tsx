import { useEffect, type RefObject } from "react";
import { NavLink } from "react-router";
import { ButtonLink } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { GET_STARTED, PRIMARY_NAV } from "../../content/navigation";
import { CloseIcon } from "./icons";
import { MENU_BUTTON_CLASSES } from "./menu-button-classes";

const FOCUSABLE = "a[href],button:not([disabled])";

/** Keeps Tab inside the drawer: a modal <dialog> makes the page inert, but Tab could still reach the browser's own UI. */
function wrapTab(event: React.KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The drawer behind the menu button: a right-side modal <dialog>, so the page behind is inert, focus stays
 * inside, Escape closes it and focus returns to the button. Opens as soon as it is mounted.
 */
export function MobileNavDrawer({ dialogRef }: { dialogRef: RefObject<HTMLDialogElement | null> }) {
  const close = () => dialogRef.current?.close();
  useEffect(() => {
    dialogRef.current?.showModal();
  }, [dialogRef]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="mobile-nav-title"
      onKeyDown={wrapTab}
      // A click on the backdrop lands on the <dialog> itself; clicks inside land on its children.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className={cn(
        "fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none border-0 bg-white p-0 shadow-xl",
        "transition-transform duration-200 starting:translate-x-full backdrop:bg-slate-900/50",
      )}
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
          <h2 id="mobile-nav-title" className="text-lg font-semibold text-slate-900">
            Menu
          </h2>
          <button type="button" className={MENU_BUTTON_CLASSES} aria-label="Close menu" onClick={close}>
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>
        <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-4 py-4">
          <ul className="flex flex-col gap-1">
            {PRIMARY_NAV.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  onClick={close}
                  className={({ isActive }) =>
                    cn(
                      "flex min-h-12 items-center rounded-lg px-3 text-base font-medium",
                      "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                      isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-200 p-4">
          <ButtonLink to={GET_STARTED.to} size="lg" className="w-full" onClick={close}>
            {GET_STARTED.label}
          </ButtonLink>
        </div>
      </div>
    </dialog>
  );
}
