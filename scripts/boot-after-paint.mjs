// React Router's prerendered page asks for all its JavaScript at once: a <link rel="modulepreload"> in <head>
// for every module (about 100 KB gzip on the home page) and a module script at the end of <body> that imports
// the route modules and then the client entry, which hydrates. On a slow connection those requests share the
// bandwidth with the HTML and the stylesheet the first paint needs; on a fast one with a slow CPU, evaluating
// them and hydrating ran before the browser painted at all (seen in Lighthouse's traces: the first paint came
// after the load event). Lighthouse's simulation counts every request that finished before the observed
// paint as needed for it, so it made the text wait for the scripts: LCP about 2 s on Slow 4G.
//
// This rewrites each page so that the browser paints first: the module preloads leave <head>, and the boot
// script (below) asks for the modules once the first contentful paint has been reported, then runs React
// Router's boot code unchanged in meaning: every module it imported, then the client entry.
//
// Until hydration the page is HTML: links navigate, the menu opens with invoker commands, FAQ answers open
// (<details>), text typed into a field stays there and reaches React on hydration. A form sent in that window
// would be sent by the browser itself (a GET with the fields in the address); instead the boot script holds
// the submission and sends it again, through React, once the page has hydrated (HYDRATED_EVENT, root.tsx).
const PRELOAD = /<link rel="modulepreload"(?: fetchpriority="[a-z]+")? href="([^"]+)"\/>/g;
const BOOT_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"]+");$/;

/** Dispatched on `document` by the root route once the page has hydrated (src/root.tsx). */
export const HYDRATED_EVENT = "erf:hydrated";

/** Splits React Router's boot script into its static imports and the statements after them. */
function parseBoot(source, page) {
  const imports = [];
  const rest = [];
  for (const rawLine of source.split("\n")) {
    const line = rawLine.trim();
    if (!line) continue;
    const found = STATIC_IMPORT.exec(line);
    if (found && rest.length === 0) imports.push({ binding: found[1] ?? null, specifier: found[2] });
    else rest.push(line);
  }
  const entry = rest.map((line) => /^import\(("[^"]+")\);$/.exec(line)?.[1]).find(Boolean);
  if (imports.length === 0 || !entry) {
    throw new Error(`boot-after-paint: ${page} has a boot script in a shape this script does not know`);
  }
  return { imports, rest, entry: JSON.parse(entry) };
}

// The boot script, minified by hand (it is inline in every page). `boot` runs once. It asks for every module
// the page needs up front, so the files come in parallel and not as an import waterfall, largest first (the
// framework chunk is most of the bytes): import() for the modules React Router's code imports anyway, a
// <link rel="modulepreload"> for the client entry alone, which must not run before the route modules are in
// place. One request per task: each costs the main thread about a millisecond, several under DevTools
// tracing, and 20 in one go made a long task (appending 17 preload links took 45 ms at a 4x CPU slowdown).
// Once all are asked for, React Router's boot code runs as it would have: its imports, then the entry.
// Boot starts on the first contentful paint, or when the visitor touches or focuses something first (which a
// browser that never reports the paint would otherwise leave waiting), or submits a form.
// `held` are the forms submitted before hydration, sent again once React has hydrated them (a task later, so
// the fields' state has caught up with what was typed: use-typed-before-hydration.ts). The field focused
// before hydration gets its focus event again too: a form starts loading its back-end adapter on focus.
function bootScript({ imports, rest, entry }, order) {
  const bindings = imports.map(({ binding }) => binding ?? "").join(",");
  const loaded = imports.map(({ specifier }) => `p[${specifier}]`).join(",");
  return `<script type="module">const d=document,held=[];let booted=false;
const boot=()=>{if(booted)return;booted=true;
const q=${JSON.stringify(order)},p={},c=new MessageChannel();
c.port1.onmessage=()=>{const m=q.shift();
if(m===${JSON.stringify(entry)}){const l=d.createElement("link");l.rel="modulepreload";l.href=m;d.head.append(l);}else{p[m]=import(m);p[m].catch(()=>{});}
if(q.length)c.port2.postMessage(0);else Promise.all([${loaded}]).then(([${bindings}])=>{
${rest.join("\n")}
});};
c.port2.postMessage(0);};
const hold=(e)=>{e.preventDefault();e.stopImmediatePropagation();if(!held.some((h)=>h[0]===e.target))held.push([e.target,e.submitter]);boot();};
d.addEventListener("submit",hold,true);
d.addEventListener("${HYDRATED_EVENT}",()=>{d.removeEventListener("submit",hold,true);setTimeout(()=>{const a=d.activeElement;
if(a&&a!==d.body)a.dispatchEvent(new FocusEvent("focusin",{bubbles:true}));
for(const[f,s]of held)if(f.isConnected)f.requestSubmit(s&&s.isConnected?s:null);});},{once:true});
for(const t of["pointerdown","focusin"])d.addEventListener(t,boot,{once:true,passive:true});
if((PerformanceObserver.supportedEntryTypes||[]).includes("paint")){
const o=new PerformanceObserver((l)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();boot();}});
o.observe({type:"paint",buffered:true});
}else requestAnimationFrame(()=>requestAnimationFrame(boot));</script>`;
}

/**
 * The page with its JavaScript loaded after the first paint; throws if React Router's markup is not as
 * expected. `sizeOf` gives a module's size in bytes (for the order of the requests).
 */
export function bootAfterPaint(html, page = "page", sizeOf = () => 0) {
  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1]);
  const boots = [...html.matchAll(BOOT_SCRIPT)];
  if (preloads.length === 0 || boots.length !== 1 || /<link rel="modulepreload"/.test(html.replace(PRELOAD, ""))) {
    throw new Error(`boot-after-paint: ${page} does not have React Router's module preloads and one boot script`);
  }
  const boot = parseBoot(boots[0][1], page);
  const needed = [boot.entry, ...boot.imports.map(({ specifier }) => JSON.parse(specifier))];
  const missing = needed.filter((url) => !preloads.includes(url));
  if (missing.length > 0)
    throw new Error(`boot-after-paint: ${page} imports ${missing.join(", ")} without preloading it`);
  const order = preloads.filter((url) => url !== boot.entry).sort((a, b) => sizeOf(b) - sizeOf(a));
  return html.replace(PRELOAD, "").replace(BOOT_SCRIPT, () => bootScript(boot, [...order, boot.entry]));
}
