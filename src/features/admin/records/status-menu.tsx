import { Check, ChevronDown, Loader2 } from "lucide-react";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { badgeClasses } from "../common/status-style";
import { menuMove, openingIndex } from "./menu-keys";

interface StatusMenuProps {
  /** What the control changes: "Status of ama@example.com" in a row, "Status" in the record panel. */
  label: string;
  value: string;
  /** The statuses staff may choose (the current one may be missing: a pending subscription). */
  options: readonly string[];
  /** Saves the chosen status; it reports the outcome itself (a toast). */
  onChange: (status: string) => Promise<void>;
}

/** Room kept between the menu and the window's edge. */
const EDGE = 8;

/**
 * A row's or record's status as a menu button. A native <select> saved on ↓ (a closed select changes its
 * value on an arrow key) and, disabled while saving, dropped focus to <body>. Here ↓, Enter or Space only
 * open the menu; a status is saved on Enter or a click on it, Escape or Tab leave nothing changed, and
 * while it saves the button keeps focus, marked aria-busy and aria-disabled rather than disabled.
 *
 * The menu is drawn in place, fixed to the window beside the button, so a table's scrolling box does not
 * clip it and the record panel's focus trap keeps it.
 */
export function StatusMenu({ label, value, options, onChange }: StatusMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [saving, setSaving] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  }, []);

  function openAt(which: "first" | "last") {
    if (saving || options.length === 0) return;
    setActive(openingIndex(options, value, which));
    setOpen(true);
  }

  async function choose(status: string) {
    close(true);
    if (status === value) return;
    setSaving(true);
    try {
      await onChange(status);
    } finally {
      // A status filter may have taken the row away meanwhile.
      if (mounted.current) setSaving(false);
    }
  }

  // Below the button, or above it when the window has no room below; again on any scroll or resize. Set
  // on the element itself, before the first paint, so the item can take focus straight away.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const position = () => {
      const button = trigger.current?.getBoundingClientRect();
      const list = menu.current;
      if (!button || !list) return;
      list.style.minWidth = `${button.width}px`;
      const height = list.offsetHeight;
      const below = button.bottom + 4;
      const top =
        below + height + EDGE > window.innerHeight && button.top - 4 - height >= EDGE ? button.top - 4 - height : below;
      const left = Math.max(EDGE, Math.min(button.left, window.innerWidth - list.offsetWidth - EDGE));
      Object.assign(list.style, { top: `${top}px`, left: `${left}px` });
    };
    position();
    window.addEventListener("scroll", position, true);
    window.addEventListener("resize", position);
    return () => {
      window.removeEventListener("scroll", position, true);
      window.removeEventListener("resize", position);
    };
  }, [open]);

  // The highlighted item holds focus (without scrolling anything: the menu is placed where it shows).
  useEffect(() => {
    if (open)
      menu.current?.querySelectorAll<HTMLElement>("[role='menuitemradio']")[active]?.focus({ preventScroll: true });
  }, [open, active]);

  // A press anywhere else closes it, leaving focus where the press put it.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [open, close]);

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    // Not a step through the table's rows or the panel's records: the key is the menu's.
    event.preventDefault();
    event.stopPropagation();
    openAt(event.key === "ArrowDown" ? "first" : "last");
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const move = menuMove(event.key, active, options);
    if (move.kind === "none") return;
    if (move.kind === "leave") {
      // Tab goes on from the button, to whatever follows it.
      close(true);
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    if (move.kind === "focus") setActive(move.index);
    else if (move.kind === "cancel") close(true);
    else void choose(options[active]!);
  }

  return (
    <div
      ref={wrapper}
      className="inline-block"
      onBlur={(event) => {
        if (open && !wrapper.current?.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <button
        ref={trigger}
        id={`${id}-button`}
        type="button"
        aria-label={`${label}: ${value}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-disabled={saving || undefined}
        aria-busy={saving || undefined}
        onClick={() => (open ? close(true) : openAt("first"))}
        onKeyDown={onTriggerKeyDown}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2 text-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-disabled:cursor-progress"
      >
        <span
          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${badgeClasses(value)}`}
        >
          {value}
        </span>
        {saving ? (
          <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin text-slate-600" />
        ) : (
          <ChevronDown aria-hidden="true" className="h-4 w-4 text-slate-600" />
        )}
      </button>
      {open && (
        <ul
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKeyDown}
          className="fixed top-0 left-0 z-50 grid min-w-[10rem] gap-0.5 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {options.map((option, index) => (
            <li
              key={option}
              role="menuitemradio"
              aria-checked={option === value}
              tabIndex={-1}
              data-value={option}
              onClick={() => void choose(option)}
              onPointerMove={() => index !== active && setActive(index)}
              className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-2 text-sm capitalize outline-none focus:bg-brand-50 focus:outline-2 focus:-outline-offset-2 focus:outline-brand-600"
            >
              <Check
                aria-hidden="true"
                className={`h-4 w-4 shrink-0 text-brand-700 ${option === value ? "" : "invisible"}`}
              />
              <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeClasses(option)}`}>
                {option}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
