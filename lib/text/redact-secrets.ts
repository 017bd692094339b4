/**
 * Removes secrets from a command line before it is stored or shown (security review L-5): a
 * recording, its trace and a posted verification keep the command for people to read, and
 * `culprit record -- env OPENAI_API_KEY=sk-… node app.mjs` must not put the key in front of every
 * viewer. Replaced: values of `NAME=value` words whose NAME says key/token/secret/password, the
 * word after (or the value of) such an option (`--api-key X`, `--token=X`), and words shaped like
 * well-known key formats wherever they stand. Pure and linear; the rest of the line is kept.
 */
export const REDACTED = "[redacted]";

const SECRET_NAME =
  /(?:api[_-]?key|(?:^|[_-])key(?:$|[_-])|token|secret|passw(?:or)?d|credential|(?:^|[_-])auth(?:$|[_-]|orization))/i;
const SECRET_OPTION = /^--?[a-z0-9_-]{0,40}$/i;
const KNOWN_SECRET =
  /^(?:sk-[\w-]{16,}|sk_(?:live|test)_\w{16,}|culprit_[\w-]{20,}|gh[pousr]_\w{20,}|xox[abprs]-[\w-]{10,}|AKIA[0-9A-Z]{16}|AIza[\w-]{30,})$/;

/** The same argument vector with secret values replaced. */
export function redactArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    const eq = word.indexOf("=");
    const name = eq > 0 ? word.slice(0, eq) : word;
    if (KNOWN_SECRET.test(eq > 0 ? word.slice(eq + 1) : word)) out.push(eq > 0 ? `${name}=${REDACTED}` : REDACTED);
    else if (
      eq > 0 &&
      SECRET_NAME.test(name) &&
      (SECRET_OPTION.test(name) || /^[A-Za-z_][A-Za-z0-9_]{0,80}$/.test(name))
    )
      out.push(`${name}=${REDACTED}`);
    else if (
      eq < 0 &&
      word.startsWith("-") &&
      SECRET_OPTION.test(word) &&
      SECRET_NAME.test(word) &&
      i + 1 < argv.length
    ) {
      out.push(word, REDACTED);
      i++;
    } else out.push(word);
  }
  return out;
}

/** A command line as one string (words separated by white space) with secret values replaced. */
export function redactCommandLine(line: string): string {
  const parts = line.split(/(\s+)/);
  const words = parts.filter((_, i) => i % 2 === 0);
  const redacted = redactArgv(words);
  return parts.map((p, i) => (i % 2 === 0 ? redacted[i / 2] : p)).join("");
}
