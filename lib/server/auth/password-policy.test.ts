import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy";
import { waitSeconds } from "./sign-in-limits";

describe("password policy", () => {
  it.each([
    "aaaaaaaaaa",
    "aaaaaaaaaaaaaaa",
    "password1234",
    "qwertyuiop123",
    "123456789012",
    "olivia.owner@example.org",
  ])("refuses %s", (p) => expect(passwordProblem(p, ["Olivia Owner", "olivia.owner@example.org"])).not.toBeNull());
  it.each(["Tulip-Anchor-Violet-42", "correct horse battery staple", "sj3!kd8#qm2L"])("accepts %s", (p) =>
    expect(passwordProblem(p, ["Olivia Owner"])).toBeNull(),
  );
  it("stays fast on the longest allowed password", () => {
    const t = performance.now();
    passwordProblem("ab1!".repeat(64));
    expect(performance.now() - t).toBeLessThan(500);
  });
});

describe("sign-in backoff", () => {
  it("is free up to the allowance, then doubles from 1 s up to 15 minutes", () => {
    expect(waitSeconds(4, 5, 0)).toBe(0);
    expect(waitSeconds(5, 5, 0)).toBe(1);
    expect(waitSeconds(7, 5, 1)).toBe(3);
    expect(waitSeconds(40, 5, 0)).toBe(900);
    expect(waitSeconds(6, 5, 5)).toBe(0);
  });
});
