import { describe, expect, it } from "vitest";
import { jsonBodyResponse } from "./body-encoding";

describe("jsonBodyResponse", () => {
  it("answers the cached bytes as JSON with their byte length and the given headers", async () => {
    const raw = Buffer.from(JSON.stringify({ steps: ["ä", "b"] }), "utf8");
    const res = jsonBodyResponse(raw, { etag: '"v"' });
    expect(res.headers.get("etag")).toBe('"v"');
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("content-length")).toBe(String(raw.byteLength));
    expect(await res.json()).toEqual({ steps: ["ä", "b"] });
  });
});
