import { importTrace } from "@/lib/importers";
import fs from "node:fs";
for (const f of ["ag2-group-chat.json","autogen-task-result.json","langfuse-trace.json","langsmith-runs.jsonl"]) {
const r = importTrace(fs.readFileSync(`lib/importers/fixtures/${f}`,"utf8"), {fileName: f});
console.log(f, r.format, r.trace.agents.map(a=>a.name), r.trace.run.outcome, r.trace.run.title, r.trace.warnings);
for (const s of r.trace.steps) console.log("  ", s.id, s.parentId ?? "-", s.agent, s.kind, s.name, s.status, s.tool?.name??"", JSON.stringify(s.state ?? ""), JSON.stringify(s.error ?? ""), JSON.stringify(s.tokens??""), s.attributes?.["culprit.state.writes"]??"", s.attributes?.["culprit.state.reads"]??"");
for (const e of r.trace.edges) console.log("  E", e.kind, e.from, e.to, e.confidence, e.evidence.slice(0,150));
}
