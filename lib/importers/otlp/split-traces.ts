import { TraceInputError } from "../../trace/errors";
import type { DecodedSpan } from "./decoded-span";

/** Most traces one file may hold: each becomes a run of its own. */
export const MAX_TRACES_PER_FILE = 1000;

/**
 * Groups spans by trace id, in order of each trace's first span in the file, so a file holding
 * several traces (two trace ids, two roots) imports as several runs instead of one merged run.
 * Spans without a trace id go with the first trace. One trace (the usual case) costs one pass and
 * no copy.
 */
export function splitByTrace(spans: DecodedSpan[]): DecodedSpan[][] {
  let first: string | undefined;
  let several = false;
  for (const s of spans) {
    if (s.traceId === undefined) continue;
    if (first === undefined) first = s.traceId;
    else if (s.traceId !== first) {
      several = true;
      break;
    }
  }
  if (!several) return [spans];
  const groups = new Map<string, DecodedSpan[]>();
  const traceless: DecodedSpan[] = [];
  for (const s of spans) {
    if (s.traceId === undefined) {
      traceless.push(s);
      continue;
    }
    let group = groups.get(s.traceId);
    if (!group) {
      if (groups.size >= MAX_TRACES_PER_FILE) {
        throw new TraceInputError(
          "too_large",
          `The file holds more than ${MAX_TRACES_PER_FILE} traces; split it into smaller files`,
        );
      }
      group = [];
      groups.set(s.traceId, group);
    }
    group.push(s);
  }
  const out = [...groups.values()];
  out[0].push(...traceless);
  return out;
}
