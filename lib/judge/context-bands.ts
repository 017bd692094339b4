/**
 * ECHO-style context bands around a focus step (ECHO; the judge hooks in docs/methods.md): L1 (±1)
 * in full, L2 (±2–3) and L3 (±4–6) shortened by deterministic truncation, L4 only milestones (the
 * first step, error steps, the final step) as headlines. Keeps step-by-step prompts small.
 */
import type { TStep } from "../trace/schema";

const LIMITS = { L1: 4000, L2: 600, L3: 160, L4: 80 } as const;

export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

export function stepLine(step: TStep, index: number, max: number): string {
  const body =
    step.content ||
    step.tool?.result ||
    (step.state ? `${step.state.op} ${step.state.key}` : "") ||
    step.error?.message ||
    "";
  return `[${index}] ${step.agent} (${step.kind}${step.name ? `, ${step.name}` : ""}${step.status === "error" ? ", ERROR" : ""}): ${clip(body, max)}`;
}

export function contextBands(steps: readonly TStep[], focus: number): string {
  const lines: string[] = [];
  const milestone = (i: number) =>
    i === 0 || i === steps.length - 1 || steps[i].status === "error" || steps[i].kind === "final";
  for (let i = 0; i < steps.length; i++) {
    const d = Math.abs(i - focus);
    if (i === focus) lines.push(`>>> ${stepLine(steps[i], i, LIMITS.L1)}`);
    else if (d <= 1) lines.push(stepLine(steps[i], i, LIMITS.L1));
    else if (d <= 3) lines.push(stepLine(steps[i], i, LIMITS.L2));
    else if (d <= 6) lines.push(stepLine(steps[i], i, LIMITS.L3));
    else if (milestone(i)) lines.push(stepLine(steps[i], i, LIMITS.L4));
    else if (lines[lines.length - 1] !== "…") lines.push("…");
  }
  return lines.join("\n");
}
