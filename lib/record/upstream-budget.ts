/**
 * A budget on what the proxy may spend upstream across a whole `record` or `verify`: calls,
 * tokens, and dollars (when prices per million tokens are given). Checked before each upstream
 * call; once exhausted the proxy refuses further calls and the run is stopped.
 */
export interface BudgetLimits {
  maxCalls?: number;
  maxTokens?: number;
  maxCostUsd?: number;
  /** USD per million input / output tokens, for `maxCostUsd`. */
  pricePerMTok?: { input: number; output: number };
}

export class UpstreamBudget {
  calls = 0;
  tokens = 0;
  costUsd = 0;

  constructor(readonly limits: BudgetLimits = {}) {}

  /** Why no further upstream call may be made, or undefined. */
  exhausted(): string | undefined {
    const l = this.limits;
    if (l.maxCalls !== undefined && this.calls >= l.maxCalls)
      return `the upstream call budget (${l.maxCalls}) is used up`;
    if (l.maxTokens !== undefined && this.tokens >= l.maxTokens)
      return `the upstream token budget (${l.maxTokens}) is used up (${this.tokens} tokens)`;
    if (l.maxCostUsd !== undefined && this.costUsd >= l.maxCostUsd)
      return `the upstream cost budget ($${l.maxCostUsd}) is used up ($${this.costUsd.toFixed(4)})`;
    return undefined;
  }

  start(): void {
    this.calls++;
  }

  add(usage: { input?: number; output?: number } | undefined): void {
    const input = usage?.input ?? 0;
    const output = usage?.output ?? 0;
    this.tokens += input + output;
    const p = this.limits.pricePerMTok;
    if (p) this.costUsd += (input * p.input + output * p.output) / 1e6;
  }
}
