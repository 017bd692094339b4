/**
 * A recording is a file that may come from someone else: `verify` never runs the commands it
 * holds on its own, and never sends the child's API key to an upstream it names unless that
 * upstream is this machine or the one the user's own environment points at.
 */
import type { Recording } from "../record/recording-format";
import { shellQuote } from "./shell-quote";
import { defaultUpstreams, type ProxyFlags } from "./proxy-options";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

function trusted(recorded: string, ownDefault: string): boolean {
  try {
    const u = new URL(recorded);
    // 0.0.0.0 and 127.0.0.0/8 reach this machine too.
    return (
      LOOPBACK.has(u.hostname) ||
      u.hostname === "0.0.0.0" ||
      /^127\.\d+\.\d+\.\d+$/.test(u.hostname) ||
      recorded.replace(/\/+$/, "") === ownDefault.replace(/\/+$/, "")
    );
  } catch {
    return false;
  }
}

/** The command and check to replay with, or a message saying what to pass. */
export function replayCommand(
  recording: Recording,
  command: string[] | undefined,
  check: string | undefined,
): { command: string[]; check?: string } | string {
  if (!command)
    return `Give the command to replay after --; the recording was made with:\n  -- ${shellQuote(recording.command)}`;
  if (recording.check !== undefined && check === undefined)
    return `The recorded run's outcome was decided by a check: pass it again, --check ${shellQuote([recording.check])}`;
  return { command, ...(check !== undefined ? { check } : {}) };
}

/** Upstreams for the replays: the flags, else the recorded ones when trusted, else a message. */
export function replayUpstreams(
  recording: Recording,
  flags: ProxyFlags,
  env: NodeJS.ProcessEnv,
): { openai: string; anthropic: string } | string {
  const own = defaultUpstreams(env, {} as ProxyFlags);
  const pick = (flag: string | undefined, recorded: string, ownDefault: string, name: string) => {
    if (flag) return flag;
    if (trusted(recorded, ownDefault)) return recorded;
    throw `The recording names ${recorded} as its ${name}; pass --${name} ${recorded} to send your API key there again`;
  };
  try {
    const openai = pick(flags.upstream, recording.upstream.openai, own.openai, "upstream");
    const anthropic = pick(flags.anthropicUpstream, recording.upstream.anthropic, own.anthropic, "anthropic-upstream");
    return defaultUpstreams({} as NodeJS.ProcessEnv, { ...flags, upstream: openai, anthropicUpstream: anthropic });
  } catch (msg) {
    return msg instanceof Error ? msg.message : String(msg);
  }
}
