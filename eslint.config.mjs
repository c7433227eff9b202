// ESLint flat config (the ESLint CLI: `next lint` is gone in Next 16). typescript-eslint with type
// information through the project service, plus the fence that keeps UI code away from the API's
// server modules and databases.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** Node globals for the plain .mjs/.js scripts (TypeScript files get theirs from @types/node). */
const nodeGlobals = Object.fromEntries(
  [
    "process",
    "console",
    "Buffer",
    "URL",
    "URLSearchParams",
    "fetch",
    "AbortController",
    "AbortSignal",
    "setTimeout",
    "clearTimeout",
    "setInterval",
    "clearInterval",
    "setImmediate",
    "structuredClone",
    "TextEncoder",
    "TextDecoder",
    "performance",
  ].map((name) => [name, "readonly"]),
);

/** UI code (pages, components) must not reach the API implementation or any database module. */
const serverFence = {
  patterns: [
    {
      regex: "(^|/)lib/gateway(/|$)",
      message: "UI code must not import the Employment API implementation (lib/gateway): call the API over HTTP through lib/console.",
    },
    {
      regex: "(^|/)lib/(.+/)?db(-kit)?(/|$)",
      message: "UI code must not import database modules: go through a server module of lib/console.",
    },
  ],
};

/**
 * Browser code (client components and every console module outside lib/console/server/) must not
 * reach server-only code: the console's server modules, `server-only` itself, Node built-ins.
 * Server components that live in components/ are named `*.server.tsx` and are exempt.
 * docs/decisions/console-server-browser-split.md; scripts/fence.test.ts proves the fence fails.
 */
const browserFence = {
  patterns: [
    ...serverFence.patterns,
    {
      regex: "(^|/)lib/console/server(/|$)",
      message:
        "Browser code must not import the console's server modules (lib/console/server): fetch through the BFF (lib/console/bff-client.ts), or make this a server component named *.server.tsx.",
    },
    {
      regex: "^(server-only|node:.*|fs|path|crypto|os|child_process)$",
      message: "Browser code must not import server-only modules or Node built-ins.",
    },
  ],
};

/** Browser-safe console modules are imported by lib/queries, never the other way round. */
const consoleBrowserFence = {
  patterns: [
    ...browserFence.patterns,
    { regex: "(^|/)lib/queries(/|$)", message: "lib/console's browser modules must not import lib/queries (lib/queries imports them)." },
  ],
};

/** The console's server side talks to the API over HTTP only, exactly as to the real provider. */
const consoleServerFence = {
  patterns: [serverFence.patterns[0]],
};

// The form engine (lib/forms) is universal: the API's validation and the browser load the same
// code (docs/decisions/forms-engine.md), so it imports no server module and no Node built-in.
const universalFence = {
  patterns: [
    ...serverFence.patterns,
    { regex: "(^|/)lib/console(/|$)", message: "The form engine is universal: it must not import console code." },
    {
      regex: "^(node:|server-only$|fs$|path$|crypto$|os$)",
      message: "The form engine is universal: no server-only module or Node built-in.",
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "coverage/**",
      "bench/results/**",
      "next-env.d.ts",
      "lib/gateway/db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mts,cts}"],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Type-aware rules that catch real bugs (unawaited promises, promises where a value is expected).
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/consistent-type-imports": ["warn", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: nodeGlobals, sourceType: "module" },
  },
  {
    // Playwright fixtures that use no other fixture take `async ({}, use) => …`: the empty pattern is its API.
    files: ["e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["app/**", "components/**/*.server.tsx"],
    rules: { "no-restricted-imports": ["error", serverFence] },
  },
  {
    files: ["components/**"],
    ignores: ["components/**/*.server.tsx", "components/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", browserFence] },
  },
  {
    files: ["lib/console/**", "lib/queries/**", "lib/contract/**"],
    ignores: ["lib/console/server/**", "**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", consoleBrowserFence] },
  },
  {
    files: ["lib/queries/**"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", browserFence] },
  },
  {
    files: ["lib/console/server/**"],
    // Tests start an API instance in-process (test-support/, *.test.ts).
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", consoleServerFence] },
  },
  {
    files: ["lib/forms/**"],
    ignores: ["lib/forms/**/*.test.ts", "test-support/forms/**"],
    rules: { "no-restricted-imports": ["error", universalFence] },
  },
);
