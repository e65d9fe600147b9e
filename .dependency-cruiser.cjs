// Import cycles, type-only imports included: `import type` edges are edges of the design even though the
// compiler erases them, and eslint's import-x/no-cycle skips them. `npm run lint` runs this; a planted
// type-only cycle in tests/unit/lint/cycles.test.ts shows that it fails.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A module must not reach itself through its imports, type-only ones included.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "^build/", "^\\.react-router/"] },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".d.ts"] },
  },
};
