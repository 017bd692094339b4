import { describe, expect, it } from "vitest";
import { redactArgv, redactCommandLine } from "./redact-secrets";

describe("command-line secrets", () => {
  it("replaces NAME=value secrets, option values and known key shapes", () => {
    expect(redactArgv(["env", "OPENAI_API_KEY=sk-abc", "DEBUG=1", "node", "app.mjs"])).toEqual([
      "env",
      "OPENAI_API_KEY=[redacted]",
      "DEBUG=1",
      "node",
      "app.mjs",
    ]);
    expect(redactArgv(["culprit", "upload", "--api-key", "hunter2hunter2", "--server", "http://x"])).toEqual([
      "culprit",
      "upload",
      "--api-key",
      "[redacted]",
      "--server",
      "http://x",
    ]);
    expect(redactArgv(["tool", "--token=abc", "sk-proj-0123456789abcdefghij"])).toEqual([
      "tool",
      "--token=[redacted]",
      "[redacted]",
    ]);
  });

  it("keeps ordinary commands as they are", () => {
    const argv = ["python3", "agents.py", "--max-steps", "5", "--keyboard-layout=us", "--author", "ann", "input.txt"];
    expect(redactArgv(argv)).toEqual(argv);
    expect(redactArgv(["app", "--key", "k1", "--auth", "a1", "DB_PASSWORD=p"])).toEqual([
      "app",
      "--key",
      "[redacted]",
      "--auth",
      "[redacted]",
      "DB_PASSWORD=[redacted]",
    ]);
    expect(redactArgv(["node", "app.mjs", "--model", "gpt-4o"])).toEqual(["node", "app.mjs", "--model", "gpt-4o"]);
  });

  it("works on a joined line, keeping its spacing", () => {
    expect(redactCommandLine("env  ANTHROPIC_API_KEY=xyz node a.mjs")).toBe(
      "env  ANTHROPIC_API_KEY=[redacted] node a.mjs",
    );
  });
});
