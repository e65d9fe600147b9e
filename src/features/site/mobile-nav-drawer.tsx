import type { RefObject } from "react";
import { cn } from "../../components/ui/cn";
import { CloseIcon } from "./icons";
import "./invoker-commands";
import { MENU_BUTTON_CLASSES } from "./menu-button-classes";
import { MobileNavLinksBody } from "./mobile-nav-drawer.island";
import { staticIsland } from "./static-island";

const MobileNavLinks = staticIsland("mobile-nav-links", import.meta.env.SSR ? MobileNavLinksBody : null);

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
 * The drawer behind the menu button: a right-side modal <dialog>, so the page behind is inert, Escape closes
 * it and focus returns to the button. It is in the prerendered HTML, closed, and the buttons open and close
 * it with invoker commands and `closedby`, so it works before the page has hydrated; the handlers here add
 * what HTML cannot: Tab kept inside, closing when a link is chosen (the router then navigates in place),
 * and a backdrop click in browsers without `closedby`.
 */
export function MobileNavDrawer({ id, dialogRef }: { id: string; dialogRef: RefObject<HTMLDialogElement | null> }) {
  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      id={id}
      aria-labelledby={`${id}-title`}
      closedby="any"
      onKeyDown={wrapTab}
      // A click on the backdrop lands on the <dialog> itself; a chosen link is followed by the router.
      onClick={(event) => {
        if (event.target === event.currentTarget || (event.target as Element).closest("a")) close();
      }}
      className={cn(
        "fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none border-0 bg-white p-0 shadow-xl",
        "transition-transform duration-200 starting:translate-x-full backdrop:bg-slate-900/50",
      )}
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            Menu
          </h2>
          <button
            type="button"
            className={MENU_BUTTON_CLASSES}
            aria-label="Close menu"
            commandfor={id}
            command="close"
            onClick={close}
          >
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>
        <MobileNavLinks />
      </div>
    </dialog>
  );
}
