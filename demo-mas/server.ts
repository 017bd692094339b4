/**
 * `npm run demo:mas [-- --port 4320 --otlp http://127.0.0.1:3000/v1/traces]`
 * Starts the reference multi-agent system on 127.0.0.1. Environment: DEMO_MAS_PORT, DEMO_MAS_OTLP_URL
 * (set it to "" to not stream runs anywhere).
 */
import { startDemoMas } from "./app";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0
    ? process.argv[i + 1]
    : process.argv
        .find((a) => a.startsWith(`--${name}=`))
        ?.split("=")
        .slice(1)
        .join("=");
}

const port = Number(arg("port") ?? process.env.DEMO_MAS_PORT ?? 4320);
const exportUrl = arg("otlp") ?? process.env.DEMO_MAS_OTLP_URL ?? "http://127.0.0.1:3000/v1/traces";
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`demo-mas: bad port "${port}"`);
  process.exit(2);
}
try {
  const mas = await startDemoMas({ port, exportUrl: exportUrl || undefined });
  console.log(`demo-mas listening on ${mas.url}`);
  console.log(`  runs stream to: ${exportUrl || "(nowhere)"}`);
  console.log(`  replay endpoint: ${mas.url}/replay   (e.g. CULPRIT_REPLAY_DEMO_MAS_URL=${mas.url}/replay)`);
  console.log(
    `  try: curl -s -XPOST ${mas.url}/run -d '{"fault":{"agent":"worker_2","mode":"wrong_value"}}' | head -c 300`,
  );
} catch (err) {
  console.error(`demo-mas: cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
