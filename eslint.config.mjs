import tseslint from "typescript-eslint";

// Lint is deliberately small: the type checker does the heavy lifting. What lint adds is the
// architecture rules that types cannot express.
const frameworkImports = [
  // The engine must run anywhere (CLI, worker, tests) and give byte-identical output:
  // no UI, database or rendering framework may leak into it.
  { group: ["next", "next/*"], message: "lib/attribution is pure: no Next.js imports." },
  { group: ["react", "react/*", "react-dom", "react-dom/*"], message: "lib/attribution is pure: no React imports." },
  { group: ["@prisma/*", "prisma", "pg", "pg-*"], message: "lib/attribution is pure: the engine never touches the database." },
  { group: ["@xyflow/*"], message: "lib/attribution is pure: canvas code lives in components/." },
  { group: ["d3", "d3-*"], message: "lib/attribution is pure: charts live in components/." },
  { group: ["@/lib/server/*", "**/server/*"], message: "lib/attribution is pure: server code depends on the engine, not the reverse." },
];

export default tseslint.config(
  { ignores: ["node_modules/**", ".next/**", ".data/**", "lib/generated/**", "test-results/**", "playwright-report/**"] },
  {
    files: ["**/*.{ts,tsx,mts}"],
    languageOptions: { parser: tseslint.parser },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: {
      "no-debugger": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: [
      "lib/attribution/**/*.ts",
      "lib/trace/**/*.ts",
      "lib/text/**/*.ts",
      "lib/importers/**/*.ts",
      "lib/compare/**/*.ts",
      "lib/patterns/**/*.ts",
      "lib/synthetic/**/*.ts",
      "lib/eval/**/*.ts",
    ],
    rules: { "no-restricted-imports": ["error", { patterns: frameworkImports }] },
  },
  {
    // Trace content is untrusted: it is never rendered as HTML.
    files: ["**/*.tsx"],
    rules: {
      "no-restricted-syntax": ["error", { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: "Never render trace content as HTML." }],
    },
  },
);
