/**
 * Test helper: checks a value against the required fields of a schema in the recorded excerpt of
 * Langfuse's OpenAPI spec (test/fixtures/langfuse-api/openapi-excerpt.json). Follows `$ref`,
 * `allOf` and the items of arrays; a `oneOf` is accepted when any branch fits.
 */
import { readFixture } from "./recorded-langfuse-server";

type Schema = {
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
};

const spec = readFixture("openapi-excerpt.json") as {
  schemas: Record<string, Schema>;
  paths: Record<string, Record<string, unknown>>;
};

export function specPaths() {
  return spec.paths;
}

function resolve(s: Schema): Schema {
  return s.$ref ? (spec.schemas[s.$ref.split("/").pop() ?? ""] ?? {}) : s;
}

/** Where `value` breaks the schema: paths of missing required fields and wrong types. */
export function shapeProblems(schemaName: string, value: unknown): string[] {
  const problems: string[] = [];
  check(spec.schemas[schemaName], value, schemaName, problems);
  return problems;
}

function check(raw: Schema | undefined, value: unknown, at: string, out: string[]): void {
  if (!raw) return;
  const s = resolve(raw);
  if (value === null || value === undefined) {
    // A schema without a type ("any JSON") admits null too.
    const typed = s.type || s.properties || s.allOf || s.oneOf || s.enum;
    if (typed && !s.nullable && !raw.nullable) out.push(`${at}: null`);
    return;
  }
  if (s.oneOf) {
    if (!s.oneOf.some((b) => shapeOk(b, value))) out.push(`${at}: fits no oneOf branch`);
    return;
  }
  for (const part of s.allOf ?? []) check(part, value, at, out);
  if (s.enum && !s.enum.includes(value)) out.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (s.type === "array" || s.items) {
    if (!Array.isArray(value)) out.push(`${at}: not an array`);
    else value.forEach((v, i) => check(s.items, v, `${at}[${i}]`, out));
    return;
  }
  if (s.type === "string" && typeof value !== "string") out.push(`${at}: not a string`);
  if ((s.type === "number" || s.type === "integer") && typeof value !== "number") out.push(`${at}: not a number`);
  if (s.type === "boolean" && typeof value !== "boolean") out.push(`${at}: not a boolean`);
  if (!s.properties && !s.required) return;
  if (typeof value !== "object" || Array.isArray(value)) {
    out.push(`${at}: not an object`);
    return;
  }
  const obj = value as Record<string, unknown>;
  for (const key of s.required ?? []) if (!(key in obj)) out.push(`${at}.${key}: missing`);
  for (const [key, sub] of Object.entries(s.properties ?? {}))
    if (key in obj) check(sub, obj[key], `${at}.${key}`, out);
}

function shapeOk(s: Schema, value: unknown): boolean {
  const out: string[] = [];
  check(s, value, "", out);
  return out.length === 0;
}
