import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

describe("safeNext (where sign-in leads)", () => {
  it.each([
    "/\t/evil.example/patterns",
    "/\n/x",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "/\u0000",
    "javascript:alert(1)",
  ])("refuses %j", (next) => expect(safeNext(next)).toBe("/"));
  it("keeps paths with their query and fragment", () => {
    expect(safeNext("/runs/abc?tab=steps#step-3")).toBe("/runs/abc?tab=steps#step-3");
    expect(safeNext(undefined)).toBe("/");
    expect(safeNext(["/a", "/b"])).toBe("/");
  });
});
