/**
 * An action its instruction did not ask for: a browsing agent reports that it scrolled ("I scrolled
 * down one page in the browser.") right after it was told to click a link, search, type or open a
 * page, and to scroll nowhere, or not that way. Scrolling changes nothing the run needs, so the
 * instruction went undelivered at this step, whatever the agent does next; the instruction itself
 * may be sound. A web agent reports each action in the first person before what it sees, which is
 * what is read here; an instruction is read for the browser actions it asks for, each an imperative
 * opening a sentence or a clause ("Click on 'Sale'", "then search for …", "Scroll up to the header",
 * "Please continue scrolling down").
 */
import type { Detector, DetectorHit } from "./types";
import { stepText } from "../build-graph";
import { isAgentUtterance } from "./patterns";
import { allMatches } from "../all-matches";

/** How a reply opens when it reports a scroll. */
const SCROLLED_RE = /^\s*I scrolled (down|up)\b/i;
/** Browser actions asked for, each opening a sentence, a line or a clause. */
const ASKED_RE =
  /(?:^|[.!?:;\n]|\bthen\b|\band\b|,)[ \t]*(?:please\s+|now\s+|first,?\s+|next,?\s+|try\s+|instead,?\s+|continue\s+|keep\s+)*(click|scroll(?:ing)?|type|navigate|go\s+to|visit|open|search|hover|press|select)\b([^.\n]{0,40})/gi;
/** Steps looked back for the instruction, and characters of it read. */
const WINDOW = 6;
const MAX_TEXT = 8_000;
/** How many asked actions an instruction is read for. */
const MAX_ASKED = 32;
const SCORE = 0.5;

type Action = "scroll-down" | "scroll-up" | "other";

/** The browser actions an instruction asks for; a scroll with no direction asks for either. */
function asked(text: string): Set<Action> {
  const out = new Set<Action>();
  let n = 0;
  for (const m of allMatches(ASKED_RE, text.slice(0, MAX_TEXT))) {
    if (++n > MAX_ASKED) break;
    if (!m[1].toLowerCase().startsWith("scroll")) {
      out.add("other");
      continue;
    }
    const rest = m[2].toLowerCase();
    const up = /\b(?:up|top|back)\b/.test(rest);
    const down = /\b(?:down|bottom|through|further)\b/.test(rest);
    if (up || !down) out.add("scroll-up");
    if (down || !up) out.add("scroll-down");
  }
  return out;
}

export const detectUnaskedAction: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  for (let v = 0; v < g.n; v++) {
    const m = SCROLLED_RE.exec(stepText(g.steps[v]).slice(0, 40));
    if (!m || !isAgentUtterance(g, v)) continue;
    const did: Action = m[1].toLowerCase() === "down" ? "scroll-down" : "scroll-up";
    // The instruction: the latest step of another agent before it that asks for a browser action.
    for (let u = v - 1; u >= 0 && u >= v - WINDOW; u--) {
      if (g.agentOf[u] === g.agentOf[v]) break;
      if (!isAgentUtterance(g, u)) continue;
      const want = asked(stepText(g.steps[u]));
      if (want.size === 0) continue;
      if (!want.has(did))
        hits.push({
          step: v,
          name: "unmet-instruction",
          score: SCORE,
          mast: "FM-1.1 disobey task specification",
          evidence: {
            stepIds: [g.steps[v].id, g.steps[u].id],
            note: `did not deliver what ${g.steps[u].id} asked: it scrolled ${did === "scroll-down" ? "down" : "up"} instead of the action it was told to take`,
          },
        });
      break;
    }
  }
  return hits;
};
