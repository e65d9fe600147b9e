import { readdirSync } from "node:fs";
import { join, relative } from "node:path";

// Imports that break the layers, each planted "in" a real folder: the test lints the text as if it were a
// file at that path, so no broken file ever sits in the tree for tsc or `eslint .` to trip over.

export const ROOT = join(import.meta.dirname, "..", "..", "..");

export interface PlantedFile {
  /** What the planted file does, as the test names it. */
  name: string;
  /** Where it pretends to live, relative to the repository. */
  file: string;
  /** Repository paths of modules it imports, or npm specifiers. */
  imports: string[];
  /** Load them with import() rather than a static import. */
  dynamic?: boolean;
}

export interface Violation extends PlantedFile {
  rule: "import-x/no-restricted-paths" | "import-x/no-cycle";
  /** A fragment of the report that tells which rule of the layers was broken. */
  message: string;
}

/** Some module of the admin feature, found rather than named, so that reorganising the folder keeps this test valid. */
function adminModule(folder = "src/features/admin"): string {
  const entries = readdirSync(join(ROOT, folder), { withFileTypes: true });
  const file = entries.find((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes(".test."));
  if (file) return `${folder}/${file.name}`;
  const sub = entries.find((entry) => entry.isDirectory());
  if (!sub) throw new Error(`no module in ${folder}`);
  return adminModule(`${folder}/${sub.name}`);
}

/** The planted file's source: one import per target, each used so that only the layer rules have anything to say. */
export function plantedSource({ file, imports, dynamic }: PlantedFile): string {
  const specifiers = imports.map((target) =>
    target.includes("/") && /\.[a-z]+$/.test(target) ? specifierFrom(file, target) : target,
  );
  if (dynamic)
    return `export const probes = [${specifiers.map((spec) => `() => import(${JSON.stringify(spec)})`).join(", ")}];\n`;
  const lines = specifiers.map((spec, index) => `import * as probe${index} from ${JSON.stringify(spec)};`);
  return `${lines.join("\n")}\nexport const probes = [${specifiers.map((_, index) => `probe${index}`).join(", ")}];\n`;
}

/** A relative, extensionless specifier, as the code base writes them. */
function specifierFrom(file: string, target: string): string {
  const path = relative(join(file, ".."), target).replace(/\.(ts|tsx)$/, "");
  return path.startsWith(".") ? path : `./${path}`;
}

const ADMIN = adminModule();
const paths = "import-x/no-restricted-paths" as const;
const FEATURES_APART = "Features never import one another";
const SERVER = "server/ may import only src/domain and src/config/brand.ts";
const FIREBASE = "Only src/backend/firebase imports the Firebase SDK";
const PUBLIC = "Public site code never imports admin code";
const STORE = "import the database from server/db/store.ts only";
const SQLITE = "reached only through server/db/sqlite/sqlite.ts";

export const VIOLATIONS: Violation[] = [
  {
    name: "a feature imports a route",
    file: "src/features/site/planted.tsx",
    imports: ["src/routes/home.tsx"],
    rule: paths,
    message: "it never imports a route",
  },
  {
    name: "the backend imports a feature",
    file: "src/backend/planted.ts",
    imports: ["src/features/capture/messages.ts"],
    rule: paths,
    message: "src/backend serves the UI and never imports it",
  },
  {
    name: "privacy imports admin",
    file: "src/features/privacy/planted.ts",
    imports: [ADMIN],
    rule: paths,
    message: FEATURES_APART,
  },
  {
    name: "admin imports privacy",
    file: "src/features/admin/planted.ts",
    imports: ["src/features/privacy/use-unsubscribe.ts"],
    rule: paths,
    message: FEATURES_APART,
  },
  {
    name: "server code imports src/features",
    file: "server/planted.ts",
    imports: ["src/features/capture/messages.ts"],
    rule: paths,
    message: SERVER,
  },
  {
    name: "server code imports src/routes",
    file: "server/routes/planted.ts",
    imports: ["src/routes/home.tsx"],
    rule: paths,
    message: SERVER,
  },
  {
    name: "server code imports src/backend",
    file: "server/planted.ts",
    imports: ["src/backend/port.ts"],
    rule: paths,
    message: SERVER,
  },
  {
    name: "public site code imports firebase/firestore",
    file: "src/features/capture/planted.ts",
    imports: ["firebase/firestore"],
    rule: paths,
    message: FIREBASE,
  },
  {
    name: "a public route loads firebase/firestore lazily",
    file: "src/routes/planted.tsx",
    imports: ["firebase/firestore"],
    dynamic: true,
    rule: paths,
    message: FIREBASE,
  },
  {
    name: "a public route imports the admin feature",
    file: "src/routes/planted.tsx",
    imports: [ADMIN],
    rule: paths,
    message: PUBLIC,
  },
  {
    name: "public site code imports the admin back end",
    file: "src/features/site/planted.tsx",
    imports: ["src/backend/admin-backend.ts"],
    rule: paths,
    message: PUBLIC,
  },
  {
    name: "the domain imports the backend",
    file: "src/domain/planted.ts",
    imports: ["src/backend/port.ts"],
    rule: paths,
    message: "src/domain imports nothing of ours",
  },
  {
    name: "a components/ui file imports a feature",
    file: "src/components/ui/planted.tsx",
    imports: ["src/features/site/cta-band.tsx"],
    rule: paths,
    message: "UI pieces depend on nothing above them",
  },
  {
    name: "a feature imports an adapter past its port",
    file: "src/features/capture/planted.ts",
    imports: ["src/backend/http/public.ts"],
    rule: paths,
    message: "the adapters load behind them",
  },
  {
    name: "browser code imports server code",
    file: "src/features/admin/planted.ts",
    imports: ["server/env.ts"],
    rule: paths,
    message: "it never imports server/",
  },
  {
    name: "a route imports a table's module past the store",
    file: "server/routes/planted.ts",
    imports: ["server/db/leads.ts"],
    rule: paths,
    message: STORE,
  },
  {
    name: "a test imports the schema past the store",
    file: "tests/unit/reliability/planted.ts",
    imports: ["server/db/schema.ts"],
    rule: paths,
    message: STORE,
  },
  {
    name: "a benchmark imports the migrations past the store",
    file: "bench/lib/planted.ts",
    imports: ["server/db/migrate.ts"],
    rule: paths,
    message: STORE,
  },
  {
    name: "server code imports the SQLite machinery",
    file: "server/export/planted.ts",
    imports: ["server/db/sqlite/sqlite-writer.ts"],
    rule: paths,
    message: SQLITE,
  },
  {
    name: "a repository imports the SQLite read thread",
    file: "server/db/planted.ts",
    imports: ["server/db/sqlite/sqlite-thread.ts"],
    rule: paths,
    message: SQLITE,
  },
  // schemas.ts imports limits.ts for its values, so limits.ts importing schemas.ts closes a loop.
  {
    name: "a cycle",
    file: "src/domain/limits.ts",
    imports: ["src/domain/schemas.ts"],
    rule: "import-x/no-cycle",
    message: "Dependency cycle",
  },
];

/** Imports the layers allow, so the rules are seen to draw a line rather than forbid everything. */
export const ALLOWED: PlantedFile[] = [
  {
    name: "a public route uses features, content and components",
    file: "src/routes/planted.tsx",
    imports: [
      "src/features/site/cta-band.tsx",
      "src/features/capture/messages.ts",
      "src/content/home.ts",
      "src/components/ui/button.tsx",
    ],
  },
  {
    name: "an admin route uses the admin feature and its back end",
    file: "src/routes/admin-planted.tsx",
    imports: [ADMIN, "src/backend/admin-backend.ts"],
  },
  {
    name: "a public feature uses the ports and the layers below",
    file: "src/features/capture/planted.ts",
    imports: [
      "src/backend/public-backend.ts",
      "src/backend/port.ts",
      "src/components/ui/button.tsx",
      "src/domain/limits.ts",
      "src/config/brand.ts",
    ],
  },
  {
    name: "the server uses the shared schemas and the brand",
    file: "server/planted.ts",
    imports: ["src/domain/schemas.ts", "src/config/brand.ts"],
  },
  {
    name: "the Firebase adapter uses the SDK",
    file: "src/backend/firebase/planted.ts",
    imports: ["firebase/firestore", "src/domain/records.ts"],
  },
  {
    name: "the back end entry loads its adapters lazily",
    file: "src/backend/planted.ts",
    imports: ["src/backend/http/public.ts"],
    dynamic: true,
  },
  { name: "page copy uses the brand", file: "src/content/planted.ts", imports: ["src/config/brand.ts"] },
  { name: "a route uses the database's front door", file: "server/routes/planted.ts", imports: ["server/db/store.ts"] },
  {
    name: "a test uses the database's front door",
    file: "tests/unit/reliability/planted.ts",
    imports: ["server/db/store.ts"],
  },
  {
    name: "a repository uses its neighbours and the SQLite door",
    file: "server/db/planted.ts",
    imports: ["server/db/schema.ts", "server/db/sqlite/sqlite.ts"],
  },
  {
    name: "the SQLite machinery uses its own modules",
    file: "server/db/sqlite/planted.ts",
    imports: ["server/db/sqlite/sqlite-writer.ts", "server/db/sqlite/statement-cache.mjs"],
  },
];
