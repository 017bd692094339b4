/**
 * A tool the agent's program calls (a code agent's `final_answer(mean_delay)`) receives the
 * values the program computed or read at run time, not values the agent wrote: the code names a
 * variable, and the recorded call holds its value. Such a value is the program's result, observed as
 * a tool output's is, not an assertion the agent made up. A value the code writes out
 * (`final_answer(7.25)`) stays the agent's. The call is the program's when the agent's latest step
 * before it (its code) calls the tool by name with a parenthesis; function calling writes no such
 * call, and its arguments stay the agent's.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance } from "../detectors/patterns";
import type { Claim } from "./extract-claims";

/** Steps walked back from a call to the code that issued it. */
const MAX_BACK = 8;
/** Characters of the issuing step searched for the call (the bound every scan has). */
const MAX_CODE_CHARS = 200_000;
const IDENT_CHAR = /[\w.]/;

/** The agent's step whose code issued tool call v, or −1: its latest utterance within MAX_BACK steps. */
function issuingStep(g: EngineGraph, v: number): number {
  for (let u = v - 1; u >= 0 && v - u <= MAX_BACK; u--)
    if (g.agentOf[u] === g.agentOf[v] && g.steps[u].kind !== "tool_call" && isAgentUtterance(g, u)) return u;
  return -1;
}

/** Whether the text calls `name(`, the name standing alone (not `my_final_answer(`, not `x.final_answer(`). */
function callsByName(text: string, name: string): boolean {
  for (let at = text.indexOf(`${name}(`); at >= 0; at = text.indexOf(`${name}(`, at + 1))
    if (at === 0 || !IDENT_CHAR.test(text[at - 1])) return true;
  return false;
}

/**
 * The claims of agent tool call v that its program computed: the issuing code calls the tool by name
 * and does not write the value. Empty when the call is no program's (the common case).
 */
export function runtimeArgumentClaims(g: EngineGraph, v: number, asserted: Claim[]): Claim[] {
  if (asserted.length === 0) return [];
  const tool = g.steps[v].tool?.name;
  if (!tool || !/^[A-Za-z_]\w*$/.test(tool)) return [];
  const u = issuingStep(g, v);
  if (u < 0) return [];
  const code = stepText(g.steps[u]).slice(0, MAX_CODE_CHARS);
  if (!callsByName(code, tool)) return [];
  return asserted.filter((c) => !code.includes(c.raw));
}
