/**
 * Values read in another writing than the claim's own: a full date from a day written without its year
 * and a year at hand, a year from a date or a timestamp, an arXiv id from its link, an identifier's last
 * digits from the identifier, and the digits of a name from a link that writes the name solid. Each
 * with near misses that stay unsourced. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";
import { extractClaims } from "./extract-claims";
import { tailHintsOf, valuesAtHand } from "./at-hand-values";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { buildProvenance } from "./provenance";
import { extractNumbers } from "../text-features";

type Step = { id: string; agent: string; kind: "message" | "tool_call" | "tool_result" | "final"; content: string };

/** A run whose policy text comes first, then the clerk's call, the tool's output and the clerk's message. */
function run(task: string, policy: string, output: string, says: string) {
  const steps: Step[] = [
    { id: "p", agent: "Desk", kind: "message", content: policy },
    { id: "c", agent: "Clerk", kind: "tool_call", content: "lookup(query: ferry)" },
    { id: "r", agent: "ferry_api", kind: "tool_result", content: output },
    { id: "a", agent: "Clerk", kind: "message", content: says },
    { id: "w", agent: "Writer", kind: "final", content: `Summary: ${says}` },
  ];
  return analyzeTrace(failedRun(task, steps));
}

const invented = (r: ReturnType<typeof run>) =>
  detectorsAt(r, "a").filter((d) => d === "unsourced-value" || d === "ungrounded-value");

describe("a date written without its year", () => {
  it("is read in every common form, a full date with an abbreviated month too", () => {
    const days = (t: string) => extractClaims(t).map((c) => c.value);
    expect(days("Sailing on the 14th of March.")).toEqual(["d:--03-14"]);
    expect(days("Sailing on Mar. 14 and Sept 3.")).toEqual(["d:--03-14", "d:--09-03"]);
    expect(days("Sailing on Mar. 14, 2031.")).toEqual(["d:2031-03-14"]);
    expect(days("Sailing on 14 Aug 2031.")).toEqual(["d:2031-08-14"]);
    // Near misses: no month there.
    expect(days("The Mayor 14 times")).not.toContain("d:--05-14");
    expect(days("14 Decimals")).toEqual(["n:14"]);
  });

  it("completes to the full date when a year is at hand, from a timestamp, a date or the year alone", () => {
    const task = "Book me the ferry on March 14th.";
    const says = "Booked for 2031-03-14.";
    expect(invented(run(task, "The current time is 2031-02-10 09:00:00 UTC.", "status: open", says))).toEqual([]);
    expect(invented(run(task, "Today is February 10, 2031.", "status: open", says))).toEqual([]);
    expect(invented(run(task, "Timetables for 2031 apply.", "status: open", says))).toEqual([]);
    expect(invented(run(task, "Policy: be polite.", "valid_from: 2031-01-01", says))).toEqual([]);
  });

  it("stays unsourced for another day, or with no year or another year at hand", () => {
    const task = "Book me the ferry on March 14th.";
    const time = "The current time is 2031-02-10 09:00:00 UTC.";
    expect(invented(run(task, time, "status: open", "Booked for 2031-03-15."))).not.toEqual([]);
    expect(invented(run(task, "Policy: be polite.", "status: open", "Booked for 2031-03-14."))).not.toEqual([]);
    expect(invented(run(task, time, "status: open", "Booked for 2032-03-14."))).not.toEqual([]);
    // A date inside an identifier is no year at hand.
    expect(invented(run(task, "Served by gpt-4o-2031-08-06.", "status: open", "Booked for 2031-03-14."))).not.toEqual(
      [],
    );
  });
});

describe("a year written alone", () => {
  it("is read from a date or a timestamp at hand", () => {
    const task = "Which paper describes the method?";
    expect(invented(run(task, "Policy: cite sources.", "published: 2031-08-09", "See Okafor et al. (2031)."))).toEqual(
      [],
    );
    expect(
      invented(run(task, "The current time is 2031-02-10 09:00:00.", "title: Method", "Written in 2031.")),
    ).toEqual([]);
  });

  it("is unsourced when no date at hand has that year", () => {
    const task = "Which paper describes the method?";
    expect(
      invented(run(task, "Policy: cite sources.", "published: 2031-08-09", "See Okafor et al. (2030).")),
    ).not.toEqual([]);
  });
});

describe("the date of a timestamp", () => {
  const task = "When did the ferry notice go out?";
  const policy = "Policy: cite sources.";

  it("is read from the timestamp at hand, in ISO or in words, with or without its year", () => {
    const output = "notice 41: sent 2031-08-09T06:12:44+00:00";
    expect(invented(run(task, policy, output, "Notice 41 went out on 2031-08-09."))).toEqual([]);
    expect(invented(run(task, policy, output, "Notice 41 went out on August 9, 2031."))).toEqual([]);
    expect(invented(run(task, policy, output, "Notice 41 went out on August 9."))).toEqual([]);
    expect(invented(run(task, policy, "sent: 2031-08-09 06:12", "It went out on 2031-08-09."))).toEqual([]);
  });

  it("stays unsourced for another day, or a date inside an identifier", () => {
    const output = "notice 41: sent 2031-08-09T06:12:44+00:00";
    expect(invented(run(task, policy, output, "Notice 41 went out on 2031-08-10."))).not.toEqual([]);
    expect(invented(run(task, policy, output, "Notice 41 went out on August 19, 2031."))).not.toEqual([]);
    expect(
      invented(run(task, policy, "served by relay-2031-08-09T06:12 build", "It went out on 2031-08-09.")),
    ).not.toEqual([]);
  });
});

describe("a site named by its host alone", () => {
  const policy = "Policy: cite sources.";

  it("is the link written in full later", () => {
    const task = "Summarise what quillford.org sells.";
    expect(invented(run(task, policy, "status: open", "Per https://www.quillford.org they sell maps."))).toEqual([]);
    expect(invented(run(task, policy, "status: open", "Per https://quillford.org/ they sell maps."))).toEqual([]);
  });

  it("is at hand in an output that states nothing else (no digit, no other claim)", () => {
    const says = "Per https://quillford.org they sell maps.";
    expect(invented(run("Summarise what the shop sells.", policy, "shop site: quillford.org", says))).toEqual([]);
    expect(invented(run("Summarise what the shop sells.", policy, "shop site: elsewhere", says))).not.toEqual([]);
  });

  it("near misses: another host, an address's domain, a host written with a path", () => {
    const says = "Per https://quillford.org they sell maps.";
    expect(invented(run("Summarise what quillford.net sells.", policy, "status: open", says))).not.toEqual([]);
    expect(invented(run("Ask help@quillford.org what they sell.", policy, "status: open", says))).not.toEqual([]);
    expect(invented(run("Summarise quillford.org/shop for me.", policy, "status: open", says))).not.toEqual([]);
  });
});

describe("an arXiv id and a DOI", () => {
  it("reads an arXiv id from the paper's link at hand", () => {
    const task = "Find a paper on ferries.";
    const link = "pdf: http://arxiv.org/pdf/2411.01234v2";
    expect(invented(run(task, "Policy: cite sources.", link, "See arXiv:2411.01234 for details."))).toEqual([]);
    expect(invented(run(task, "Policy: cite sources.", link, "See arXiv:2411.01235 for details."))).not.toEqual([]);
  });

  it("makes no numbers of a DOI's prefix and suffix", () => {
    expect(extractNumbers("doi 10.5555/2736194.4281937 and 12.5 tons")).toEqual(["12.5"]);
    expect(extractClaims("doi: 10.5555/2736194.4281937.").filter((c) => c.kind === "number")).toEqual([]);
    // Near misses: a decimal and a fraction with no registry prefix stay numbers.
    expect(extractNumbers("version 10.5555 and 3/4")).toEqual(["10.5555", "3", "4"]);
    expect(extractNumbers("rate 10.5/7")).toEqual(["10.5", "7"]);
  });
});

describe("an identifier's last digits", () => {
  const task = "Cancel my booking, please.";
  const output = "payment_id: gift_card_5557784\namount: 120";

  it("are read from the identifier at hand after 'ending in', 'last four' or a mask", () => {
    expect(invented(run(task, "Policy: be polite.", output, "Refund goes to the gift card ending in 7784."))).toEqual(
      [],
    );
    expect(invented(run(task, "Policy: be polite.", output, "Refund to card (last four digits: 7784)."))).toEqual([]);
    expect(invented(run(task, "Policy: be polite.", output, "Refund to card ****7784."))).toEqual([]);
  });

  it("are unsourced when no identifier ends so, or when not written as an end", () => {
    expect(
      invented(run(task, "Policy: be polite.", output, "Refund goes to the gift card ending in 7785.")),
    ).not.toEqual([]);
    expect(invented(run(task, "Policy: be polite.", output, "Refund of 7784 points is due."))).not.toEqual([]);
  });
});

describe("the head of a dotted run", () => {
  it("is read from a version at hand, as no decimal claim of its own", () => {
    const task = "Which ferry app version is installed?";
    const output = "ferryapp version: 12.31.0 (build 7)";
    expect(invented(run(task, "Policy: be brief.", output, "Version 12.31 is installed."))).toEqual([]);
    // Near miss: another version is not at hand.
    expect(invented(run(task, "Policy: be brief.", output, "Version 12.35 is installed."))).not.toEqual([]);
    const noted: string[] = [];
    valuesAtHand(output, [], false, (x) => noted.push(x));
    expect(noted).toContain("n:12.31");
    expect(noted).not.toContain("n:31.0");
  });
});

describe("the number that ends a record's name", () => {
  const task = "Book the ferry, please.";
  const output = "gift_card_5557784:\nsource: gift_card\namount: 120";

  it("is read from the record's name at hand when written with a space", () => {
    expect(invented(run(task, "Policy: be polite.", output, "I will charge gift card 5557784 for it."))).toEqual([]);
  });

  it("is unsourced for another number, or when the name is no record's (an id-like token, digits glued on)", () => {
    expect(invented(run(task, "Policy: be polite.", output, "I will charge gift card 5557785 for it."))).not.toEqual(
      [],
    );
    const idLike = "voucher: ab12cd_5557784\namount: 120";
    expect(invented(run(task, "Policy: be polite.", idLike, "I will charge voucher 5557784 for it."))).not.toEqual([]);
    const glued = "voucher: gift_card_5557784x\namount: 120";
    expect(invented(run(task, "Policy: be polite.", glued, "I will charge voucher 5557784 for it."))).not.toEqual([]);
  });
});

describe("the digits of a name", () => {
  const task = "Which sites track bowling?";
  const output = "href: https://77lanes.example/scores";

  it("are no claim beside a link that writes the name solid, and are read from such a link at hand", () => {
    expect(invented(run(task, "Policy: cite.", output, "Try [77 Lanes](https://77lanes.example/scores)."))).toEqual([]);
    expect(invented(run(task, "Policy: cite.", output, "Try the 77 Lanes site."))).toEqual([]);
  });

  it("stay numbers when no link writes them with the next word, or the number is glued to its unit", () => {
    expect(invented(run(task, "Policy: cite.", output, "It tracks 77 users."))).not.toEqual([]);
    expect(
      invented(run(task, "Policy: cite.", "href: https://lanes77.example/scores", "Try the 77 Lanes site.")),
    ).not.toEqual([]);
    const glued = "Set 100vh as in https://100vh.example/a";
    expect(extractClaims(glued).filter((c) => c.kind === "number")).toHaveLength(1);
  });
});

describe("tailHintsOf", () => {
  const hints = (steps: Parameters<typeof failedRun>[1]) =>
    tailHintsOf(buildGraph(failedRun("Which card paid?", steps), DEFAULT_CONFIG));

  it("finds a written identifier's end in a step's content, which is in its text too", () => {
    expect(hints([{ id: "a", agent: "A", kind: "message", content: "Paid with the card ending in 1784." }])).toEqual({
      content: true,
      text: true,
    });
  });

  it("finds one in a call's result alone: in the text, not the content", () => {
    const call = { id: "c", agent: "A", kind: "tool_call" as const, content: "lookup(order)" };
    const result = { name: "lookup", result: "card: last four 1784" };
    expect(
      hints([
        { ...call, tool: result },
        { id: "b", agent: "A", kind: "message", content: "Done." },
      ]),
    ).toEqual({
      content: false,
      text: true,
    });
    // A content hint after a result hint still counts for content.
    expect(
      hints([
        { ...call, tool: result },
        { id: "b", agent: "A", kind: "message", content: "It ends in 1784." },
      ]),
    ).toEqual({ content: true, text: true });
    expect(hints([{ id: "b", agent: "A", kind: "message", content: "Paid by card." }])).toEqual({
      content: false,
      text: false,
    });
  });
});

describe("the values an output states", () => {
  it("are at hand when the output has no digit and no dot: a name and a quoted phrase", () => {
    const g = buildGraph(
      failedRun("Summarise what the shop sells.", [
        { id: "c", agent: "Clerk", kind: "tool_call", content: "lookup(query: shop)" },
        { id: "r", agent: "shop_api", kind: "tool_result", content: 'maker: Quillford Maps, motto: "maps for all"' },
        { id: "a", agent: "Clerk", kind: "message", content: 'They sell Quillford Maps, "maps for all".' },
      ]),
      DEFAULT_CONFIG,
    );
    const prov = buildProvenance(g);
    const at = g.indexOf.get("a")!;
    const sources = prov.records.filter((r) => r.step === at).map((r) => [r.claim.value, r.source, r.from]);
    expect(sources).toEqual([
      ["e:quillford maps", "tool", g.indexOf.get("r")],
      ["q:maps for all", "tool", g.indexOf.get("r")],
    ]);
  });
});
