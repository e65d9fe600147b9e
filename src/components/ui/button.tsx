import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "./cn";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "inverse" | "inverseOutline" | "danger";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

// Each variant owns its colours, focus ring included, because `className` is appended, not merged:
// pass layout classes there (width, margins), not colours.
const onLight = "focus-visible:outline-brand-600";
const onDark = "focus-visible:outline-white";
const variants: Record<ButtonVariant, string> = {
  primary: `bg-brand-700 text-white shadow-sm hover:bg-brand-800 ${onLight}`,
  secondary: `bg-brand-50 text-brand-800 hover:bg-brand-100 ${onLight}`,
  outline: `border border-slate-300 bg-white text-slate-900 hover:border-brand-600 hover:text-brand-800 ${onLight}`,
  ghost: `text-slate-700 hover:bg-slate-100 hover:text-slate-900 ${onLight}`,
  // The two inverse variants are for dark or brand-coloured backgrounds.
  inverse: `bg-white text-brand-800 shadow-sm hover:bg-brand-50 ${onDark}`,
  inverseOutline: `border border-white/50 text-white hover:bg-white/10 ${onDark}`,
  danger: `bg-red-700 text-white hover:bg-red-800 ${onLight}`,
};

// Every size keeps at least a 44px touch target except "sm", meant for dense tables.
const sizes: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-11 px-5 text-sm",
  lg: "min-h-12 px-6 text-base",
  icon: "h-11 w-11",
};

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The button look, for elements that are not <Button> (e.g. a plain <a> or a Radix trigger). */
export function buttonClasses({ variant = "primary", size = "md", className }: ButtonStyleProps = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export type ButtonProps = ComponentProps<"button"> & ButtonStyleProps;

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}

export type ButtonLinkProps = ComponentProps<typeof Link> & ButtonStyleProps;

/** A router link styled as a button: navigation stays a link for assistive tech and crawlers. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses({ variant, size, className })} {...props} />;
}
