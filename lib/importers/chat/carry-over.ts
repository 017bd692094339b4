/**
 * AG2 / AutoGen 0.2 sequential chats (`initiate_chats`, a chat queue): every chat after the first
 * opens with the message the developer queued, to which AG2 appends what the earlier chats left
 * (their summaries, and any `carryover` the developer passed) as "\nContext: \n" + carry-over
 * (`ConversableAgent._process_carryover`; older releases print "Context:" without the space). The
 * message is sent in the name of the chat's initiator, but the carry-over is the harness's copy of
 * what others said or what a program left, not the initiator's claims: the importer marks where it
 * starts as an observation (`culprit.observation_at`), like a quoted tool output.
 *
 * Recognised where the run shows it is a carry-over: the message opens a later chat of a printed
 * sequential chat (a "Starting a new chat" banner came before it: its `chat` number changes), or the text after the
 * "Context:" line starts with an earlier message word for word (AG2's default `last_msg` summary). A
 * "Context:" line an agent writes in its own reply matches neither.
 */
import { OBSERVATION_AT } from "../../trace/canonical-attributes";
import type { TStepInput } from "../../trace/schema";

/** The line AG2 puts between the queued message and the carry-over. */
const CONTEXT_LINE_RE = /\nContext: ?\r?\n/;
/** Only the head of a message is searched for the line: the queued message is a request, not a report. */
const SCAN_CHARS = 20_000;
/** Characters of an earlier message the carry-over must repeat exactly: a summary, not a shared phrase. */
const COPIED_CHARS = 60;

const head = (text: string) => text.trimStart().slice(0, COPIED_CHARS);

/**
 * Marks the carry-over of each chat-opening message among `steps` (parallel to `chats`: the printed
 * chat each message belongs to, or undefined when the log does not say). Linear: each earlier
 * message's head is kept once in a set.
 */
export function markCarryOvers(steps: readonly (TStepInput | undefined)[], chats: readonly unknown[]): void {
  const seen = new Set<string>();
  steps.forEach((step, index) => {
    if (!step || step.kind !== "message") return addHead(seen, step);
    const content = step.content ?? "";
    const line = CONTEXT_LINE_RE.exec(content.slice(0, SCAN_CHARS));
    if (line) {
      const from = line.index + line[0].length;
      const opensChat = index > 0 && typeof chats[index] === "number" && chats[index] !== chats[index - 1];
      const copied = seen.has(head(content.slice(from)));
      if (opensChat || copied) {
        // An observation the message quotes before the carry-over (`markObservation`) starts earlier still.
        const earlier = step.attributes?.[OBSERVATION_AT];
        const at = typeof earlier === "number" ? Math.min(earlier, line.index + 1) : line.index + 1;
        step.attributes = { ...step.attributes, [OBSERVATION_AT]: at };
      }
    }
    addHead(seen, step);
  });
}

function addHead(seen: Set<string>, step: TStepInput | undefined): void {
  const text = step?.content ?? "";
  if (text.trim().length >= COPIED_CHARS) seen.add(head(text));
}
