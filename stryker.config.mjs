// Mutation testing of the attribution engine (issue 10 item 8): `npm run mutation`.
// Slow (every mutant reruns the engine's unit tests); restrict with `-- --mutate <file>` for a quick figure.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: ["lib/attribution/**/*.ts", "!lib/attribution/**/*.test.ts", "!lib/attribution/test-graphs.ts"],
  coverageAnalysis: "perTest",
  concurrency: 1,
  timeoutMS: 10000,
  ignoreStatic: true, // module-level constants need a full rerun per mutant; their effect is covered through the functions that use them
  reporters: ["clear-text", "progress-append-only", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  ignorePatterns: [".data", ".next", "test-results", "playwright-report", "reports"],
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
};
