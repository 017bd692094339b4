import { describe, expect, it } from "vitest";
import { sandboxEnv } from "./sandbox-env";

describe("sandbox environment", () => {
  it("passes what Node and the tasks read, never the server's secrets or flags", () => {
    const env = sandboxEnv({
      PATH: "/usr/bin",
      TZ: "Europe/Paris",
      CULPRIT_SANDBOX_NICE: "7",
      DATABASE_URL: "postgres://culprit:secret@localhost/culprit",
      CULPRIT_SESSION_SECRET: "s3cret",
      OPENAI_API_KEY: "sk-test",
      NODE_OPTIONS: "--inspect",
    });
    expect(env).toEqual({ PATH: "/usr/bin", TZ: "Europe/Paris", CULPRIT_SANDBOX_NICE: "7" });
  });
});
