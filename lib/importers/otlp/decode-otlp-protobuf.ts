import protobuf from "protobufjs";
import { TraceInputError } from "../../trace/errors";
import { OTLP_TRACE_PROTO } from "./trace-proto";

let requestType: protobuf.Type | undefined;

function getRequestType(): protobuf.Type {
  requestType ??= protobuf.parse(OTLP_TRACE_PROTO).root.lookupType("opentelemetry.proto.ExportTraceServiceRequest");
  return requestType;
}

/**
 * Decodes an OTLP/HTTP protobuf body (`application/x-protobuf`) into the same shape as OTLP/JSON:
 * camelCase fields, ids as base64 strings (normalized to hex by the mapper), int64 as strings,
 * enums as numbers. Feed the result to `mapOtlpRequests`.
 */
export function decodeOtlpProtobuf(bytes: Uint8Array): unknown {
  const type = getRequestType();
  let message: protobuf.Message;
  try {
    message = type.decode(bytes);
  } catch (err) {
    throw new TraceInputError(
      "malformed_json",
      `Malformed OTLP protobuf body: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return type.toObject(message, {
    longs: String,
    enums: Number,
    bytes: String,
    defaults: false,
    arrays: false,
    oneofs: false,
  });
}

/** Encodes an OTLP/JSON-shaped request as protobuf (tests and benchmarks use it to build bodies). */
export function encodeOtlpProtobuf(request: unknown): Uint8Array {
  const type = getRequestType();
  return type.encode(type.fromObject(request as Record<string, unknown>)).finish();
}
