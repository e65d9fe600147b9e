// The dashboard bench's in-page code (bench/dashboard.ts), passed to the page as text: tsx would wrap
// named functions in a helper the page does not have.

// The record panel. Installed once on the dashboard page (in-page code as text, as above):
// - the moment of the last click or key press, taken first thing (a window listener in the capture phase);
// - __panelShows(id): resolves with the time from that moment until the panel shows record `id` in full
//   (its ID field, its consent read, not "Loading…") and its person's timeline with this record's
//   "submitted" entry (the same timestamp as its Created At field), in the frame after (painted).
export const WATCH_PANEL = `(() => {
  const mark = () => (window.__inputAt = performance.now());
  window.addEventListener("click", mark, true);
  window.addEventListener("keydown", mark, true);
  const shows = (id) => {
    const dialog = document.querySelector("[role=dialog]");
    if (!dialog || dialog.querySelector('[data-field="id"] code')?.textContent !== id) return false;
    const consent = dialog.querySelector('[data-field="consent"] dd');
    if (!consent || consent.textContent === "Loading…") return false;
    const created = dialog.querySelector('[data-field="createdAt"] time')?.getAttribute("datetime");
    return Boolean(created && dialog.querySelector('ol[aria-label="Timeline entries"] li[data-kind="submitted"] time[datetime="' + created + '"]'));
  };
  window.__panelShows = (id) =>
    new Promise((resolve, reject) => {
      const done = () => {
        observer.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - window.__inputAt)));
      };
      const observer = new MutationObserver(() => shows(id) && done());
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error("the panel did not show record " + id + " within 5 s"));
      }, 5000);
    });
})()`;

/** Brings row `index` of the Leads table into the DOM (the table renders only what is in view) and returns its id. */
export const ROW_IN_VIEW = `async (index) => {
  const region = document.querySelector('[role=region][aria-label="Leads"]');
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  // Rows past those loaded come with the next page, read when the table nears its end: allow it 10 s.
  for (let started = performance.now(); performance.now() - started < 10000; ) {
    const row = region.querySelector('tbody tr[data-index="' + index + '"]');
    if (row) return row.dataset.id;
    // Rows differ in height (a badge or a clock can wrap a line): step from the rows rendered now.
    const rendered = [...region.querySelectorAll("tbody tr[data-index]")];
    const indices = rendered.map((each) => Number(each.dataset.index));
    const height = rendered.reduce((sum, each) => sum + each.offsetHeight, 0) / Math.max(rendered.length, 1) || 56;
    const nearest = index < Math.min(...indices) ? Math.min(...indices) : Math.max(...indices);
    region.scrollTop = rendered.length === 0 ? index * height : region.scrollTop + (index - nearest) * height;
    await frame();
  }
  const table = region.querySelector("table");
  throw new Error("row " + index + " never came into view (rows " + table.getAttribute("aria-rowcount") + ", scrollTop " + region.scrollTop + " of " + region.scrollHeight + ", rendered " + [...region.querySelectorAll("tbody tr[data-index]")].map((row) => row.dataset.index).join(",") + ")");
}`;
