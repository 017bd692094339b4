#!/usr/bin/env node
// Entry point of `npx culprit`: registers tsx so the TypeScript sources run as-is (no build step).
import { register } from "tsx/esm/api";

register();
const { main } = await import("../lib/cli/main.ts");
main();
