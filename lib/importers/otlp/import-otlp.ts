import type { TTrace, TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { finalizeTrace } from "../finalize-trace";
import { collectSpans } from "./collect-spans";
import { mapSpans } from "./map-spans";
import type { DecodedSpan } from "./decoded-span";
import { takeValue, type ParsedSource } from "../parsed-source";
import { splitByTrace } from "./split-traces";

/**
 * Maps an OTLP/JSON upload: one ExportTraceServiceRequest, an array of them, or (after JSONL
 * parsing) the list of lines.
 */
export function importOtlp(value: unknown): TTraceInput {
  return mapSpans(decodeRequests(value));
}

/**
 * `importOtlp` for a boxed upload, one trace input per trace in the file: the box is emptied once
 * the spans are decoded, so the parsed tree can be collected while the spans are mapped (see
 * `ParsedSource`).
 */
export function importOtlpSource(source: ParsedSource): TTraceInput[] {
  return splitByTrace(takeSpans(source)).map(mapSpans);
}

function takeSpans(source: ParsedSource): DecodedSpan[] {
  return decodeRequests(takeValue(source));
}

function decodeRequests(value: unknown): DecodedSpan[] {
  const requests = Array.isArray(value) ? value : [value];
  if (requests.length === 0) throw new TraceInputError("bad_input", "The OTLP input is an empty array");
  return collectSpans(requests);
}

/**
 * For a live OTLP receiver: maps accumulated ExportTraceServiceRequest batches (OTLP/JSON
 * objects, or `decodeOtlpProtobuf` output) to a validated trace with typed edges.
 * Throws `TraceInputError` on bad input.
 */
export function mapOtlpRequests(requests: unknown[]): TTrace {
  return finalizeTrace(importOtlp(requests));
}
