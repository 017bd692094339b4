/**
 * Budget exhaustion: truncation (finish reason "length"), context or token limits, rate limits,
 * turn caps. Environmental, not an agent's judgement: reported separately as the token-budget confound.
 */
import type { Detector, DetectorHit } from "./types";
import { stepText } from "../build-graph";

const BUDGET_RE =
  /\b(?:rate limit|context length|maximum context|context window|token limit|max(?:imum)?[ _](?:tokens|turns|rounds|iterations)|quota exceeded|too many tokens)\b/i;

export const detectBudgetExhaustion: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  for (let i = 0; i < g.n; i++) {
    const s = g.steps[i];
    const finish = String(s.attributes?.["finish_reason"] ?? s.attributes?.["gen_ai.response.finish_reasons"] ?? "");
    const truncated = /\b(length|max_tokens)\b/.test(finish);
    const errText = `${s.error?.type ?? ""} ${s.error?.message ?? ""}`;
    const limit = BUDGET_RE.test(errText) || (s.status === "error" && BUDGET_RE.test(stepText(s).slice(0, 2000)));
    if (!truncated && !limit) continue;
    hits.push({
      step: i,
      name: "budget-exhaustion",
      score: 0.7,
      environmental: true,
      evidence: {
        stepIds: [s.id],
        note: truncated
          ? `output truncated (finish reason ${finish})`
          : `hit a budget limit: ${errText.trim().slice(0, 120)}`,
      },
    });
  }
  return hits;
};
