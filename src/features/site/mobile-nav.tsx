import { useRef } from "react";
import { cn } from "../../components/ui/cn";
import { MenuIcon } from "./icons";
import "./invoker-commands";
import { MENU_BUTTON_CLASSES } from "./menu-button-classes";
import { MobileNavDrawer } from "./mobile-nav-drawer";

const DRAWER_ID = "mobile-nav";

/**
 * The small-screen menu button and its drawer (mobile-nav-drawer.tsx). The button opens the drawer with an
 * invoker command, which needs no JavaScript; the click handler does the same in browsers without commands
 * (once hydrated), and the command then finds the dialog open and does nothing.
 */
export function MobileNav() {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        className={cn(MENU_BUTTON_CLASSES, "lg:hidden")}
        aria-label="Open menu"
        aria-haspopup="dialog"
        commandfor={DRAWER_ID}
        command="show-modal"
        onClick={() => {
          if (!dialog.current?.open) dialog.current?.showModal();
        }}
      >
        <MenuIcon className="h-6 w-6" />
      </button>
      <MobileNavDrawer id={DRAWER_ID} dialogRef={dialog} />
    </>
  );
}
