/**
 * What a ChatDev `**[Test Reports]**` entry says of the run of the software, in ChatDev's own words
 * (`chatdev/chat_env.py` `ChatEnv.exist_bugs`, branch `chatdev1.0`): it runs `python3 main.py` for three
 * seconds and reports `"The software run successfully without errors."`, the program's stderr when it
 * holds a traceback, or its own exception (`"An error occurred: …"`, `"Error: …"`, e.g. `os.setsid`
 * missing on Windows) when it could not run the program at all. Older versions reported any stderr.
 */
import type { TStepInput } from "../../trace/schema";

export const SOFTWARE_RAN = "The software run successfully without errors.";

export type TestVerdict =
  /** ChatDev's success sentence: the program did not crash within the time ChatDev waited. */
  | "ran"
  /** A Python traceback of the program. */
  | "crashed"
  /** ChatDev's own exception: the program was not run, so the report says nothing of it. */
  | "not_run"
  /** Other stderr text (a server's startup warning): ChatDev counted it as a bug, it shows no error. */
  | "stderr";

export function testVerdict(report: string): TestVerdict {
  const text = report.trim();
  if (text === SOFTWARE_RAN) return "ran";
  if (text.includes("Traceback (most recent call last)")) return "crashed";
  if (text.startsWith("An error occurred: ") || text.startsWith("Error: ")) return "not_run";
  return "stderr";
}

/**
 * The step status of a report: ok when the program ran, error when it crashed, unset otherwise. A
 * report ChatDev could not produce (its own exception, the program never started) is no failure of
 * the program, and so of no step that wrote it: the runner failed, as a service outage fails.
 */
export function testStatus(verdict: TestVerdict): NonNullable<TStepInput["status"]> {
  if (verdict === "ran") return "ok";
  return verdict === "crashed" ? "error" : "unset";
}
