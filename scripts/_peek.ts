import { generateRun } from "../lib/synthetic/index";
import { importTrace } from "../lib/importers/index";
const [topology, fault, seed] = process.argv.slice(2);
const r = generateRun(topology as never, fault as never, seed);
const { trace } = importTrace(JSON.stringify(r.otlp));
console.log(JSON.stringify({ ...r.label, agents: undefined }));
const depth = (id?: string): number => { let d = 0; let s = trace.steps.find((x) => x.id === id); while (s?.parentId) { d++; s = trace.steps.find((x) => x.id === s!.parentId); } return d; };
for (const s of trace.steps) console.log(`${"  ".repeat(depth(s.id))}${s.id.slice(0, 6)} ${s.agent} ${s.kind} ${s.status}${s.state ? ` state:${s.state.op}:${s.state.key}` : ""} ${s.tool ? `tool:${s.tool.name} args:${JSON.stringify(s.tool.arguments)}` : ""} | ${s.content.slice(0, 110).replace(/\n/g, " / ")}`);
console.log("edges", trace.edges.length, [...new Set(trace.edges.map((e) => e.kind))].join(","), "outcome", trace.run.outcome, "warnings", trace.warnings);
