import type { Plugin } from "vite";

// Every lucide-react icon module imports `../createLucideIcon.mjs`, which brings an icon context, class
// merging and attribute builders: about 1.5 KB gzip on every page that shows one icon. This plugin swaps in
// the small implementation below for both the browser and the prerender build (so their markup matches).
// It renders what lucide renders for the props this site passes (className, size, color, strokeWidth,
// absoluteStrokeWidth, aria-*): the same <svg> attributes and classes, aria-hidden unless labelled.
// lucide's <LucideProvider> context is not supported; nothing here uses it.

const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
const VIRTUAL_ID = "\0erf:lean-lucide-icon";

const LEAN_CREATE_LUCIDE_ICON = `
import { createElement } from "react";

export default function createLucideIcon(iconOrName, iconNode) {
  const icon = typeof iconOrName === "string" ? { name: iconOrName, node: iconNode } : iconOrName;
  // React 19 passes ref as a prop, so no forwardRef.
  return function LucideIcon({ className, color = "currentColor", size = 24, strokeWidth = 2, absoluteStrokeWidth, children, ...rest }) {
    const labelled = children || rest["aria-label"] || rest["aria-labelledby"] || rest.role || rest.title;
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: color,
        strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * 24) / Number(size) : strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: "lucide lucide-" + icon.name + (className ? " " + className : ""),
        "aria-hidden": labelled ? undefined : "true",
        ...rest,
      },
      ...icon.node.map(([tag, attrs]) => createElement(tag, attrs)),
      children,
    );
  };
}
`;

export function leanLucide(): Plugin {
  return {
    name: "erf:lean-lucide",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && ICON_MODULE.test(importer)) return VIRTUAL_ID;
      return null;
    },
    load(id) {
      return id === VIRTUAL_ID ? LEAN_CREATE_LUCIDE_ICON : null;
    },
  };
}
