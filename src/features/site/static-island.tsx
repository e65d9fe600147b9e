import { use, useState, useSyncExternalStore, type ComponentType } from "react";
import { useLocation, useNavigate, type NavigateFunction } from "react-router";

const subscribeNever = () => () => {};

/**
 * Sends a click on a same-site link inside island HTML through the router, as a <Link> would; modified
 * clicks (new tab, download), other origins and other targets keep the browser's default.
 */
function followLinkInApp(event: React.MouseEvent<HTMLElement>, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const anchor = (event.target as Element).closest("a");
  if (!anchor || anchor.origin !== window.location.origin) return;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
  event.preventDefault();
  navigate(anchor.pathname + anchor.search + anchor.hash);
}

// One request per page and visit; the same promise each time, as `use` requires.
const prerenderedPages = new Map<string, Promise<Document>>();

function prerenderedPage(pathname: string): Promise<Document> {
  let page = prerenderedPages.get(pathname);
  if (!page) {
    page = fetch(pathname, { headers: { Accept: "text/html" } })
      .then((response) => response.text())
      .then((html) => new DOMParser().parseFromString(html, "text/html"));
    page.catch(() => prerenderedPages.delete(pathname));
    prerenderedPages.set(pathname, page);
  }
  return page;
}

/** The island's HTML as prerendered into the current page's document, for a client-side navigation. */
function IslandFromPage({ name }: { name: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // No <Suspense> on purpose: a navigation is a transition, so React keeps the previous page on screen until
  // the HTML is here instead of flashing an empty section.
  const page = use(prerenderedPage(pathname));
  const html = page.querySelector(`[data-island="${name}"]`)?.innerHTML ?? "";
  return (
    <div
      className="contents"
      data-island={name}
      onClick={(event) => followLinkInApp(event, navigate)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * A part of a public page that is HTML, not JavaScript: text, pictures and links, no state and no handlers.
 * Prerendering renders `body` into the page; the browser build gets `null` instead (each island module
 * passes `import.meta.env.SSR ? Body : null`, which the bundler folds, dropping the body and its imports).
 *
 * Hydration keeps the prerendered HTML as it is: React does not touch the children of an element it renders
 * with `dangerouslySetInnerHTML`. When the island appears later, on a client-side navigation, it takes its
 * HTML from the prerendered page at the new location (`data-island` marks it; names are unique per page).
 * Either way a click on a link inside goes through the router.
 */
export function staticIsland<P extends object>(name: string, body: ComponentType<P> | null) {
  function StaticIsland(props: P) {
    // React reads the server snapshot while hydrating and the client one in any later render.
    const hydrating = useSyncExternalStore(
      subscribeNever,
      () => false,
      () => true,
    );
    const [fromServerHtml] = useState(hydrating);
    const navigate = useNavigate();

    if (body) {
      const Body = body;
      return (
        <div className="contents" data-island={name}>
          <Body {...props} />
        </div>
      );
    }
    if (!fromServerHtml) return <IslandFromPage name={name} />;
    return (
      <div
        className="contents"
        data-island={name}
        onClick={(event) => followLinkInApp(event, navigate)}
        dangerouslySetInnerHTML={{ __html: "" }}
        suppressHydrationWarning
      />
    );
  }
  return StaticIsland;
}
