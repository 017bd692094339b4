import "server-only";
import { IMPORT_FORMATS, type ImportFormat } from "@/lib/importers";
import { TraceInputError } from "@/lib/trace/errors";

/**
 * An upload's body as the importer reads it, worked out inside the sandbox process: a multipart
 * body is parsed here, not on the web server's event loop (six 40 MB bodies of 600k parts kept
 * /api/health waiting 13.7 s there; security review M-3). The form's `file` (or `text`) field is the
 * trace; its `format` field overrides the query's.
 */
export async function uploadBody(input: {
  bytes: Uint8Array;
  contentType?: string;
  format?: string;
  fileName?: string;
}): Promise<{ bytes: Uint8Array; format: ImportFormat | "auto"; fileName?: string }> {
  if (!input.contentType?.startsWith("multipart/form-data"))
    return { bytes: input.bytes, format: parseFormatOption(input.format), fileName: input.fileName };
  const form = await new Response(input.bytes as BodyInit, { headers: { "content-type": input.contentType } })
    .formData()
    .catch(() => {
      throw new TraceInputError("bad_input", "Malformed multipart body");
    });
  const file = form.get("file");
  const text = form.get("text");
  const format = parseFormatOption((form.get("format") as string | null) ?? input.format);
  if (file instanceof File) return { bytes: new Uint8Array(await file.arrayBuffer()), format, fileName: file.name };
  if (typeof text === "string") return { bytes: new TextEncoder().encode(text), format };
  throw new TraceInputError("bad_input", "Multipart upload needs a `file` field (or a `text` field)");
}

export function parseFormatOption(value: string | null | undefined): ImportFormat | "auto" {
  if (!value || value === "auto") return "auto";
  if ((IMPORT_FORMATS as readonly string[]).includes(value)) return value as ImportFormat;
  throw new TraceInputError(
    "unknown_format",
    `Unknown format "${value}"; use auto or one of: ${IMPORT_FORMATS.join(", ")}`,
  );
}
