/** The demo's one page: pick a fault, run, see the outcome (results shown as text, never as HTML). */
export const INDEX_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>demo-mas</title>
<style>body{font:14px system-ui;margin:2rem;max-width:48rem}select,button{font:inherit;padding:.3rem}pre{background:#f4f4f4;padding:1rem;white-space:pre-wrap}</style></head>
<body><h1>demo-mas: a reference multi-agent system</h1>
<p>Planner → workers → aggregator → verifier → planner publishes. Pick a fault to inject, then run. Runs stream to Culprit when the server was started with an OTLP endpoint.</p>
<label>Fault <select id="fault"><option value="">none (a clean run)</option></select></label>
<button id="run">Run</button>
<pre id="out">No run yet.</pre>
<script>
const sel = document.getElementById("fault"), out = document.getElementById("out");
fetch("/faults").then(r => r.json()).then(d => { for (const f of d.faults) { const o = document.createElement("option"); o.value = JSON.stringify(f); o.textContent = f.agent + " · action " + f.step + " · " + f.mode; sel.append(o); } });
document.getElementById("run").onclick = async () => {
  out.textContent = "Running…";
  const body = sel.value ? { fault: JSON.parse(sel.value) } : {};
  const r = await fetch("/run", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const d = await r.json();
  out.textContent = r.ok ? "trace " + d.traceId + "\\noutcome: " + d.outcome + "\\nfinal answer: " + d.finalAnswer + "\\nstreamed to Culprit: " + d.exported : "Error: " + d.error;
};
</script></body></html>`;
