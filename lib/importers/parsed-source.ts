/**
 * A parsed upload handed to an importer in a box rather than as a plain argument, so the importer
 * can let go of it: once the OTLP importer has decoded the spans it empties the box, and the
 * parsed JSON tree (as large as the file, and mostly still in V8's young generation right after
 * `JSON.parse`) dies before the next scavenge instead of being copied and promoted with the
 * trace being built. On a 10k-span file that halves garbage-collection time.
 *
 * Keep the value out of local variables and call arguments in the frames that stay on the stack
 * while mapping (read it inside short helpers whose frames are gone by then): a stack slot would
 * keep the tree alive just the same.
 */
export interface ParsedSource {
  value: unknown;
}

/** Takes the value out of the box, leaving it empty. */
export function takeValue(source: ParsedSource): unknown {
  const value = source.value;
  source.value = undefined;
  return value;
}
