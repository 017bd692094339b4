/**
 * What an LLM call saw besides its instructions. Importers render a call's messages as "role: body"
 * blocks (`importers/otlp/render-messages.ts`, `importers/content-text.ts`); a leading system or
 * developer message is the framework's instructions, and its numbers, names and values are the
 * prompt's examples ("What is 5 + 3 + 1294.678?"), not data of the run. Read as sources they made a
 * value the agent invented look seen or computable: any small number is a sum or product of two of
 * a long prompt's example numbers. The task and everything after it (user, assistant and tool
 * messages) stay sources.
 */

/** A leading instructions message. */
const INSTRUCTIONS_HEAD_RE = /^(?:system|developer): /;
/** The next message of another role, on a line of its own (blocks are joined by one or two newlines). */
const NEXT_MESSAGE_RE = /\n(?:user|human|assistant|ai|model|tool|tool-call|tool-response|function): /;

/** The last input read and what it holds besides instructions: several readings ask for one step's input in turn. */
let last: { input: string; data: string } | undefined;

/** `input` without a leading system or developer message; "" when that message is all it holds. */
export function inputWithoutInstructions(input: string | undefined): string | undefined {
  if (!input || !INSTRUCTIONS_HEAD_RE.test(input)) return input;
  if (last?.input === input) return last.data;
  const next = NEXT_MESSAGE_RE.exec(input);
  last = { input, data: next ? input.slice(next.index + 1) : "" };
  return last.data;
}
