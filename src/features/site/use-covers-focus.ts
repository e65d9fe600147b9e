import { useEffect, useState, type RefObject } from "react";

/** Whether two boxes share any area. */
const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Whether the element in `box` (a fixed overlay) lies over the element that has focus, anywhere on the
 * page outside it. Checked when focus moves, and when the page scrolls or resizes under a still focus.
 */
export function useCoversFocus(box: RefObject<HTMLElement | null>): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    const check = () => {
      const focused = document.activeElement;
      const overlay = box.current;
      const outside =
        overlay && focused instanceof HTMLElement && focused !== document.body && !overlay.contains(focused);
      setCovers(Boolean(outside && overlap(focused.getBoundingClientRect(), overlay.getBoundingClientRect())));
    };
    check();
    const options = { passive: true } as const;
    document.addEventListener("focusin", check);
    document.addEventListener("focusout", check);
    window.addEventListener("scroll", check, options);
    window.addEventListener("resize", check, options);
    return () => {
      document.removeEventListener("focusin", check);
      document.removeEventListener("focusout", check);
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, [box]);
  return covers;
}
