/**
 * A ChatDev log carries no evaluation of the software against its task (ADR 0117). The one thing it
 * can state is that the software it delivered crashes: its last test report is a traceback of the
 * program and no code changed after it. A report ChatDev could not produce (its own exception) says
 * nothing of the program, and "run successfully" only means the program was still running after three
 * seconds, not that it does what was asked: both leave the outcome unknown.
 */
import type { TOutcome } from "../../trace/schema";
import type { TestVerdict } from "./test-report";

export function chatDevOutcome(tests: readonly { verdict: TestVerdict; codeChangedAfter: boolean }[]): {
  outcome: TOutcome;
} {
  const last = tests.at(-1);
  return { outcome: last?.verdict === "crashed" && !last.codeChangedAfter ? "failure" : "unknown" };
}
