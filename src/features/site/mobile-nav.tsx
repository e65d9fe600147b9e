import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { cn } from "../../components/ui/cn";
import { MenuIcon } from "./icons";
import { MENU_BUTTON_CLASSES } from "./menu-button-classes";

const loadDrawer = () => import("./mobile-nav-drawer");
const MobileNavDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.MobileNavDrawer })));

/**
 * The small-screen menu button. The drawer it opens (mobile-nav-drawer.tsx, a native modal <dialog> in place
 * of Radix Dialog) is not part of the page's first JavaScript: it is fetched once the page is idle, so the
 * first tap still opens it at once, and on a dropped connection too.
 */
export function MobileNav() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    const prefetch = () => void loadDrawer().catch(() => undefined);
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(prefetch, 2000);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(prefetch, { timeout: 5000 });
    return () => window.cancelIdleCallback(idle);
  }, []);

  return (
    <>
      <button
        type="button"
        className={cn(MENU_BUTTON_CLASSES, "lg:hidden")}
        aria-label="Open menu"
        aria-haspopup="dialog"
        // The first tap mounts the drawer, which opens itself; later taps reopen the mounted one.
        onClick={() => (mounted ? dialog.current?.showModal() : setMounted(true))}
      >
        <MenuIcon className="h-6 w-6" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <MobileNavDrawer dialogRef={dialog} />
        </Suspense>
      )}
    </>
  );
}
