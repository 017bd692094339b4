import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./content-coding.mjs";

describe("preferredEncoding", () => {
  it("prefers brotli, then gzip, among what the client accepts", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBe("identity");
    expect(preferredEncoding("")).toBe("identity");
    expect(preferredEncoding(null)).toBe("identity");
  });

  it("honours q-values, including q=0 refusals and the wildcard", () => {
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("gzip;q=0, br;q=0")).toBe("identity");
    expect(preferredEncoding("GZIP ; Q=1")).toBe("gzip");
  });

  it("reads a bounded number of entries of a hostile header", () => {
    const header = `${Array.from({ length: 10_000 }, (_, i) => `x${i}`).join(", ")}, br`;
    expect(preferredEncoding(header)).toBe("identity");
  });
});
