// The import layers, as lint rules. Each rule is an allow-list ("from src, except …") so that a new folder
// under src/ is out of bounds until someone decides where it sits. tests/unit/lint/layers.test.ts plants a
// violation of each rule and checks that lint reports it.
import { existsSync, readdirSync, realpathSync } from "node:fs";
import path from "node:path";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

const root = import.meta.dirname;

/** Every folder under src/features is a feature; a new one is fenced off from the others without a config edit. */
const features = readdirSync(path.join(root, "src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The staff CRM; every other feature serves the public site. */
const adminFeatures = ["admin"];
const publicFeatures = features.filter((name) => !adminFeatures.includes(name));

/**
 * The resolver hands back real paths, and node_modules may be a symlink (a shared install), so a package is
 * named by both its linked and its real folder.
 */
function packageFolders(name) {
  const linked = path.join(root, "node_modules", name);
  return [...new Set([linked, existsSync(linked) ? realpathSync(linked) : linked])];
}

/** Everything that may use the database but is not server/db: the rest of server/, tests, benchmarks, scripts. */
const outsideDb = ["server/*", "server/!(db)/**", "tests/**", "bench/**", "scripts/**"];

/** What each layer of src/ may import from src/ (besides itself). Bottom to top. */
const layers = [
  { target: "src/domain", allow: [], why: "src/domain imports nothing of ours (zod and npm only)." },
  { target: "src/config", allow: [], why: "src/config is a leaf: settings and brand data import nothing of ours." },
  {
    target: "src/content",
    allow: ["config"],
    why: "src/content is page copy: it may use src/config (the brand) only.",
  },
  {
    target: "src/components",
    allow: ["domain", "config"],
    why: "UI pieces depend on nothing above them: src/domain and src/config only (page copy comes in as props).",
  },
  {
    target: "src/backend",
    allow: ["domain", "config"],
    why: "src/backend serves the UI and never imports it: src/domain and src/config only.",
  },
  ...features.map((name) => ({
    target: `src/features/${name}`,
    allow: ["features", "components", "backend", "domain", "config", "content"],
    why: "A feature builds on components, backend, domain, config and content; it never imports a route.",
  })),
  {
    target: ["src/routes", "src/root.tsx", "src/routes.ts"],
    allow: ["features", "components", "backend", "domain", "config", "content", "app.css"],
    why: "Routes and the app shell sit on top and may import any layer below them.",
  },
];

const zones = [
  ...layers.map(({ target, allow, why }) => ({
    target,
    from: "src",
    except: [...[target].flat().map((own) => path.relative("src", own)), ...allow].map((folder) => `./${folder}`),
    message: why,
  })),
  ...features.map((name) => ({
    target: `src/features/${name}`,
    from: "src/features",
    except: [`./${name}`],
    message: "Features never import one another: move what both need down to components, domain or backend.",
  })),
  {
    target: "src",
    from: ["server", "scripts", "tests", "bench"],
    message: "Code under src/ ships to the browser: it never imports server/, scripts/, tests/ or bench/.",
  },
  {
    // The server shares the zod schemas and the brand with the site, and nothing else: never UI or browser adapters.
    target: "server",
    from: "src",
    except: ["./domain", "./config/brand.ts"],
    message: "server/ may import only src/domain and src/config/brand.ts from src/.",
  },
  {
    // The database behind one front door: server/db/store.ts lists what the rest of the code may use.
    target: outsideDb,
    from: "server/db",
    except: ["./store.ts"],
    message: "Outside server/db, import the database from server/db/store.ts only (add what you need to its list).",
  },
  {
    // Inside server/db, the SQLite machinery is reached through the one module connect.ts uses.
    target: [...outsideDb, "server/db/*", "server/db/!(sqlite)/**"],
    from: "server/db/sqlite",
    except: ["./sqlite.ts"],
    message: "The SQLite machinery is reached only through server/db/sqlite/sqlite.ts.",
  },
  {
    target: ["src/features", "src/routes", "src/root.tsx", "src/components"],
    from: ["src/backend/firebase", "src/backend/http"],
    message:
      "The UI reaches the back end through the ports and public-backend/admin-backend; the adapters load behind them.",
  },
  {
    // Public pages must stay light and must not expose staff code; admin files go by their folder or name.
    target: [
      "src/routes/!(admin-*)",
      "src/routes/!(admin-*)/**",
      "src/root.tsx",
      "src/components/**",
      "src/content/**",
      ...publicFeatures.map((name) => `src/features/${name}/**`),
    ],
    from: adminFeatures
      .map((name) => `src/features/${name}/**`)
      .concat(["src/routes/admin-*", "src/backend/admin-*", "src/backend/*/admin*"]),
    message: "Public site code never imports admin code.",
  },
  {
    // Only the Firebase adapter talks to Firestore; everything else goes through the ports.
    target: ["src/!(backend)/**", "src/*.{ts,tsx}", "src/backend/*.{ts,tsx}", "src/backend/!(firebase)/**"],
    from: [...packageFolders("firebase"), ...packageFolders("@firebase")],
    message: "Only src/backend/firebase imports the Firebase SDK.",
  },
];

export const layerRules = [
  {
    plugins: { "import-x": importX },
    settings: {
      // Without these the plugin reads only .js files, and no-cycle would walk no TypeScript at all.
      "import-x/extensions": [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: path.join(root, "tsconfig.json"), alwaysTryTypes: true }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones }],
      // No maxDepth: most of the rule's time goes on parsing each module once, not on the walk, so a
      // shallower walk saved nothing measurable and would miss long cycles.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
];
