import type { ReactNode } from "react";

// Outline icons in lucide's style (24-unit grid, 2-unit round strokes; paths copied from lucide-react, ISC licence),
// inlined for what every public page hydrates, where each lucide icon would cost its own chunk.
interface IconProps {
  className?: string;
}

/**
 * An icon component that draws `shapes` in the shared frame. Each call is marked pure so that the browser
 * build drops the icons a page does not use, as it would unused function declarations.
 */
function outlineIcon(shapes: ReactNode) {
  return function OutlineIcon({ className }: IconProps) {
    return (
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
      >
        {shapes}
      </svg>
    );
  };
}

export const MenuIcon = /* @__PURE__ */ outlineIcon(<path d="M4 5h16M4 12h16M4 19h16" />);

export const CloseIcon = /* @__PURE__ */ outlineIcon(<path d="M18 6 6 18M6 6l12 12" />);

export const CircleCheckIcon = /* @__PURE__ */ outlineIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m16 9-5.5 5.5L8 12" />
  </>,
);

export const CirclePlayIcon = /* @__PURE__ */ outlineIcon(
  <>
    <path d="M9 9.003a1 1 0 0 1 1.517-.859l4.997 2.997a1 1 0 0 1 0 1.718l-4.997 2.997A1 1 0 0 1 9 14.996z" />
    <circle cx="12" cy="12" r="10" />
  </>,
);

export const MailIcon = /* @__PURE__ */ outlineIcon(
  <>
    <path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7" />
    <rect x="2" y="4" width="20" height="16" rx="2" />
  </>,
);
