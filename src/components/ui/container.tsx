import type { ComponentProps } from "react";
import { cn } from "./cn";

export type ContainerProps = ComponentProps<"div"> & { size?: "md" | "lg" | "xl" };

const widths = { md: "max-w-3xl", lg: "max-w-5xl", xl: "max-w-7xl" } as const;

/** Centres content with the site's standard gutters. */
export function Container({ className, size = "xl", ...props }: ContainerProps) {
  return <div className={cn("mx-auto w-full px-4 sm:px-6 lg:px-8", widths[size], className)} {...props} />;
}
