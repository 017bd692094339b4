"use client";
import type { Headline } from "@/lib/view/headline";
import type { ReportSummary } from "@/lib/view/types";
import { verdictParts } from "@/lib/view/verdict-parts";
import { SelectLink } from "./SelectLink";
import styles from "./verdict.module.css";

/** The answer: one sentence (agent and step are links), 2–3 evidence bullets, path and "Why this verdict". */
export function VerdictAnswer({ report }: { report: ReportSummary }) {
  const headline = report.headline;
  if (!headline)
    return (
      <p className={styles.sentence} data-testid="verdict">
        {report.verdict}
      </p>
    );
  return (
    <div className={styles.answer}>
      <p className={styles.sentence} data-testid="verdict" data-kind={headline.kind} title={headline.sentence}>
        <Sentence headline={headline} />
      </p>
      {headline.evidence.length ? (
        <ul className={styles.evidence} data-testid="verdict-evidence">
          {headline.evidence.map((b, i) => (
            <li key={i} title={b.quote ? `${b.text}: “${b.quote}”` : b.text}>
              {b.text}
              {b.quote ? (
                <>
                  {": "}
                  {b.stepId ? (
                    <SelectLink selection={{ type: "step", id: b.stepId }} testId="evidence-quote">
                      <q>{b.quote}</q>
                    </SelectLink>
                  ) : (
                    <q>{b.quote}</q>
                  )}
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <AnswerFacts report={report} headline={headline} />
    </div>
  );
}

/** The sentence with the named agent and its step as links (the sentence itself stays plain text). */
function Sentence({ headline }: { headline: Headline }) {
  const { sentence, agent, stepId } = headline;
  const match = agent ? new RegExp(`${escapeRegExp(agent)} \\((step \\d+)`).exec(sentence) : null;
  if (!agent || !stepId || !match) return <>{sentence}</>;
  const before = sentence.slice(0, match.index);
  const after = sentence.slice(match.index + match[0].length);
  return (
    <>
      {before}
      <SelectLink selection={{ type: "agent", id: agent }} testId="verdict-agent">
        {agent}
      </SelectLink>
      {" ("}
      <SelectLink selection={{ type: "step", id: stepId }} testId="verdict-step">
        {match[1]}
      </SelectLink>
      {after}
    </>
  );
}

function AnswerFacts({ report, headline }: { report: ReportSummary; headline: Headline }) {
  const parts = verdictParts(report);
  const hops = parts.hops;
  return (
    <div className={styles.facts2}>
      {hops.length ? (
        <span
          className={styles.path}
          data-testid="channel-path"
          title={hops.map((h, i) => `${i ? "" : h.fromAgent} —${h.edgeKinds.join("/")}→ ${h.toAgent}`).join(" ")}
        >
          Path: <SelectLink selection={{ type: "agent", id: hops[0].fromAgent }}>{hops[0].fromAgent}</SelectLink>
          {hops.map((hop, i) => (
            <span key={i}>
              {" —"}
              {hop.edgeIds[0] ? (
                <SelectLink selection={{ type: "edge", id: hop.edgeIds[hop.edgeIds.length - 1] }}>
                  {hop.edgeKinds.join("/")}
                </SelectLink>
              ) : (
                hop.edgeKinds.join("/")
              )}
              {"→ "}
              <SelectLink selection={{ type: "agent", id: hop.toAgent }}>{hop.toAgent}</SelectLink>
            </span>
          ))}
          {parts.hopCount > hops.length ? ` … ${parts.hopCount - hops.length} more hops` : null}
        </span>
      ) : null}
      {headline.coCulprits.length ? (
        <span data-testid="co-culprits">Co-culprits: {headline.coCulprits.join(", ")}</span>
      ) : null}
      {headline.confidence ? (
        <span title="how sure the engine is of the named step">Confidence: {headline.confidence}</span>
      ) : null}
      {parts.budgetNote ? <span className="badge unknown">{parts.budgetNote}</span> : null}
      {report.flags.verificationCollapsed ? (
        <span className="badge unknown" title="at least half of the verifier approvals checked nothing">
          Verification collapsed
        </span>
      ) : null}
      <details className={styles.why} data-testid="why-verdict">
        <summary>Why this verdict</summary>
        <ul>
          {headline.why.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
