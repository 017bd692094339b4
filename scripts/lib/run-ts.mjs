/**
 * Node arguments to run a TypeScript server script: tsx for TypeScript and the `@/` alias, and
 * the react-server condition so `import "server-only"` resolves to its (empty) server build.
 */
export const TS_NODE_ARGS = ["--conditions=react-server", "--import", "tsx", "--no-warnings"];
