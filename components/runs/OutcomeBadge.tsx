const LABEL = { failure: "FAILED", success: "SUCCEEDED", unknown: "UNKNOWN" } as const;

export function OutcomeBadge({ outcome }: { outcome: keyof typeof LABEL }) {
  return <span className={`badge ${outcome}`}>{LABEL[outcome]}</span>;
}
