/**
 * Whether a message carries code, fenced or not. Frameworks that write code to files ask for it in
 * their own layout ("FILENAME: game.py / LANGUAGE: Python / CODE: …") and logs that strip markdown
 * drop the fences, so code is also recognized by its lines: a few lines that open with a statement
 * only code opens with (an import, a definition, an assignment to an attribute, a block header
 * ending in a colon). Prose quoting one line of code is not enough.
 */

/** Lines of a statement layout needed to call a message code without fences. */
const MIN_CODE_LINES = 3;
/** Characters read: the statements that make a message code appear early in it. */
const MAX_READ = 20_000;

const CODE_LINE_RE =
  /^[ \t]*(?:import [\w.]+|from [\w.]+ import |def \w+\(|class \w+[(:]|(?:async )?function \w*\(|(?:const|let|var) \w+ =|(?:self|this)\.\w+ =|(?:if|elif|for|while|with|try|else|except)\b[^\n]*:[ \t]*$|return\b)/;

export function hasCode(text: string): boolean {
  if (text.includes("```")) return true;
  let lines = 0;
  for (const line of text.slice(0, MAX_READ).split("\n"))
    if (CODE_LINE_RE.test(line) && ++lines >= MIN_CODE_LINES) return true;
  return false;
}
