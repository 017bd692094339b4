/**
 * What an LLM call saw besides its instructions. Importers render a call's messages as "role: body"
 * blocks (`importers/otlp/render-messages.ts`, `importers/content-text.ts`); a leading system or
 * developer message is the framework's instructions, full of worked examples ("What is 5 + 3 +
 * 1294.678?"). A value the instructions state is still seen (an answer copied from them is no
 * invention, and retrieval apps put their documents there), but their numbers are no operands: any
 * small number is a sum or product of two of a long prompt's examples, which made a value the agent
 * invented look computable (`grounding.ts`).
 */

/** A leading instructions message. */
const INSTRUCTIONS_HEAD_RE = /^(?:system|developer): /;
/** The next message of another role, on a line of its own (blocks are joined by one or two newlines). */
const NEXT_MESSAGE_RE = /\n(?:user|human|assistant|ai|model|tool|tool-call|tool-response|function): /;

/** `input` without a leading system or developer message; "" when that message is all it holds. */
export function inputWithoutInstructions(input: string | undefined): string | undefined {
  if (!input || !INSTRUCTIONS_HEAD_RE.test(input)) return input;
  const next = NEXT_MESSAGE_RE.exec(input);
  return next ? input.slice(next.index + 1) : "";
}
