import type { ComponentProps, MouseEvent } from "react";
import { scrollBehavior } from "./reduced-motion";

export type ScrollLinkProps = Omit<ComponentProps<"a">, "href"> & { targetId: string };

/**
 * An in-page link that scrolls smoothly (instantly under reduced motion) and moves keyboard focus
 * to the target. Without JavaScript the plain #fragment still works.
 */
export function ScrollLink({ targetId, onClick, ...props }: ScrollLinkProps) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const target = document.getElementById(targetId);
    if (event.defaultPrevented || !target) return;
    event.preventDefault();
    target.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
    target.focus({ preventScroll: true });
  }
  return <a href={`#${targetId}`} onClick={handleClick} {...props} />;
}
