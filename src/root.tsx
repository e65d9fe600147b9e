import { useEffect, useLayoutEffect, useRef } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { ToastRegion } from "./components/ui/toast";
import { rememberFirstTouch } from "./features/capture/first-touch";
import "./app.css";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-ZA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Marks the document once the visitor has navigated inside the app, so the page fade-in (app.css) plays on
 * client-side navigations only and never delays the prerendered first paint. A layout effect, so the mark
 * is there before the new page paints.
 */
function useMarkClientNavigations() {
  const { key } = useLocation();
  const firstKey = useRef(key);
  useLayoutEffect(() => {
    if (key !== firstKey.current) document.documentElement.dataset.navigated = "";
  }, [key]);
}

/**
 * Tells the boot script (scripts/boot-after-paint.mjs) that the page has hydrated, so it sends through React
 * any form submitted while the page was still plain HTML.
 */
function useAnnounceHydration() {
  useEffect(() => {
    document.dispatchEvent(new Event("erf:hydrated"));
  }, []);
}

/** The visit's first page notes where the visit came from (features/capture/first-touch.ts). */
function useRememberFirstTouch() {
  useEffect(rememberFirstTouch, []);
}

export default function App() {
  useMarkClientNavigations();
  useRememberFirstTouch();
  useAnnounceHydration();
  return (
    <ToastRegion>
      <Outlet />
    </ToastRegion>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-4">
        Please try again, or{" "}
        <a className="text-teal-700 underline" href="/">
          go to the home page
        </a>
        .
      </p>
    </main>
  );
}
