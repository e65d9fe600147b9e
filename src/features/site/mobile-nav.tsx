import * as Dialog from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import { useState } from "react";
import { NavLink } from "react-router";
import { ButtonLink } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { GET_STARTED, PRIMARY_NAV } from "../../content/navigation";

const iconButton =
  "inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** The small-screen menu: a right-side Radix dialog (focus trapped, Escape closes) that closes on navigation. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={cn(iconButton, "lg:hidden")} aria-label="Open menu">
        <Menu aria-hidden="true" className="h-6 w-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 transition-opacity duration-200 starting:opacity-0" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-xl transition-transform duration-200 starting:translate-x-full focus:outline-none"
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">Menu</Dialog.Title>
            <Dialog.Close className={iconButton} aria-label="Close menu">
              <X aria-hidden="true" className="h-6 w-6" />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-4 py-4">
            <ul className="flex flex-col gap-1">
              {PRIMARY_NAV.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === "/"}
                    onClick={() => setOpen(false)}
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
            <ButtonLink to={GET_STARTED.to} size="lg" className="w-full" onClick={() => setOpen(false)}>
              {GET_STARTED.label}
            </ButtonLink>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
