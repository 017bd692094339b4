import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url";
import { resolveReplayToken } from "./replay-endpoints";

describe("replay credentials never leave the server (F-14)", () => {
  it("drops user info, query and fragment from an endpoint", () => {
    expect(redactUrl("https://bob:s3cret@replay.example:8443/v1/replay?key=abc#x")).toBe(
      "https://replay.example:8443/v1/replay",
    );
    expect(redactUrl("not a url")).toBe("(invalid URL)");
  });
  it("resolves the token per system, then the shared one", () => {
    const env = { CULPRIT_REPLAY_DEMO_MAS_TOKEN: "per-system", CULPRIT_REPLAY_TOKEN: "shared" };
    expect(resolveReplayToken("demo-mas", env)).toBe("per-system");
    expect(resolveReplayToken("other", env)).toBe("shared");
    expect(resolveReplayToken(undefined, {})).toBeUndefined();
  });
});
