import { describe, expect, it } from "vitest";
import { canonicalNumber, contentValues, normalizeAgentName, normalizeContent } from "./normalize-content";

describe("normalizeContent", () => {
  it("folds case, whitespace, number spelling and a chat-role prefix", () => {
    expect(normalizeContent("Assistant:  Osaka South =\n 1,532.0 JPY")).toBe("osaka south = 1532 jpy");
    expect(normalizeContent("osaka south = 1532 jpy")).toBe("osaka south = 1532 jpy");
  });

  it("keeps different values different", () => {
    expect(normalizeContent("South = 1532")).not.toBe(normalizeContent("South = 1385"));
    expect(contentValues(normalizeContent("a 2,140 and b 1532.50"))).toEqual(["1532.5", "2140"]);
  });

  it("masks timestamps and ids that differ between runs by nature", () => {
    expect(normalizeContent("run 3f2a9c1e-0b7d-4e55-9a4c-2f1e0d9b8a77 at 2026-01-02T10:00:00Z")).toBe(
      "run <id> at <time>",
    );
    expect(normalizeContent("span 5b8efff798038103d269b633813fc60c")).toBe("span <id>");
  });

  it("canonicalNumber", () => {
    expect(canonicalNumber("007")).toBe("7");
    expect(canonicalNumber("-0.0")).toBe("0");
    expect(canonicalNumber("1,000,000")).toBe("1000000");
  });

  it("normalizeAgentName", () => {
    expect(normalizeAgentName("Web_Surfer")).toBe(normalizeAgentName("web surfer"));
    expect(normalizeAgentName("WebSurfer")).toBe("websurfer");
  });
});
