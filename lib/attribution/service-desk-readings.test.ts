/**
 * Readings of a service desk conversation (an agent with tools, a simulated customer) that must not
 * turn into evidence: a total the agent writes out with its working or its parts beside it, a date
 * read from a record's timestamp or one day next to a date at hand, another person's figure under
 * a label a lookup gave for someone else, a search listing many values under one label, "no flights
 * flown", and a customer who says the request cannot go on. Each with its near miss, which still
 * reads as evidence. Toys of our own, imported as OpenAI chat transcripts.
 */
import { describe, expect, it } from "vitest";
import { importTraces } from "../importers/index";
import { analyzeTrace } from "./index";

type Msg = Record<string, unknown>;

let calls = 0;
/** An assistant tool call and its reply. */
const lookup = (name: string, result: unknown): Msg[] => {
  const id = `call_${++calls}`;
  return [
    { role: "assistant", content: "", tool_calls: [{ id, type: "function", function: { name, arguments: "{}" } }] },
    { role: "tool", tool_call_id: id, name, content: typeof result === "string" ? result : JSON.stringify(result) },
  ];
};
const say = (content: string): Msg => ({ role: "assistant", content });
const user = (content: string): Msg => ({ role: "user", content });

function report(messages: Msg[]) {
  const [r] = importTraces(JSON.stringify({ messages }), { fileName: "desk.json" });
  return analyzeTrace({ ...r.trace, run: { ...r.trace.run, outcome: "failure" } });
}
/** The names of the detectors that fired on step `id`. */
const firedAt = (messages: Msg[], id: string) =>
  report(messages)
    .steps.find((s) => s.stepId === id)
    ?.detectors.map((d) => d.name) ?? [];
const INVENTED = ["ungrounded-value", "unsourced-value"];
const invents = (names: string[]) => names.some((n) => INVENTED.includes(n));

const WALLET = {
  cards: { k_1: { points: 400 }, k_2: { points: 125 }, k_3: { points: 125 } },
};

describe("a total written beside its working or its parts is computed", () => {
  const withWorking = (sum: string): Msg[] => [
    user("Hello, what do my loyalty points add up to?"),
    ...lookup("get_wallet", WALLET),
    say(`Your cards together: 400 + 125 + 125 = ${sum} points. Anything else?`),
  ];
  it("reads a working that recomputes as the source of its result", () => {
    // Steps: the user's s0, the call s1, its reply s2, the message s3.
    expect(invents(firedAt(withWorking("650"), "s3"))).toBe(false);
    expect(invents(firedAt(withWorking("690"), "s3"))).toBe(true);
  });

  // Each figure under its own key: no column of the record totals them (whole-derivations.ts).
  const CABINS = { cabin_a: { fare: 1410 }, cabin_b: { berth: 735 }, deck_pass: { pass: 495 } };
  const itemized = (text: string): Msg[] => [
    user("Hi, what would the three items cost me in all?"),
    ...lookup("get_fares", CABINS),
    say(text),
  ];
  it("reads parts listed right after or right before an amount as its breakdown", () => {
    const after = (total: string) =>
      `That is ${total} ($1,410 for cabin A, $735 for cabin B and $495 for the deck pass).`;
    expect(invents(firedAt(itemized(after("$2,640")), "s3"))).toBe(false);
    expect(invents(firedAt(itemized(after("$2,650")), "s3"))).toBe(true);
    const before = (total: string) =>
      `Here it is:\n- cabin A: $1,410\n- cabin B: $735\n- deck pass: $495\nIn all: ${total}, payable today.`;
    expect(invents(firedAt(itemized(before("$2,640")), "s3"))).toBe(false);
    expect(invents(firedAt(itemized(before("$2,650")), "s3"))).toBe(true);
  });
  it("does not add parts that stand apart from the amount", () => {
    // The parts come first, then an unrelated figure, then the amount: no breakdown beside it.
    const apart = "Cabin A is $1,410, cabin B $735, the deck pass $495; the ferry holds $7 lockers. Total $2,647.";
    expect(invents(firedAt(itemized(apart), "s3"))).toBe(true);
  });
});

describe("dates read from a record's timestamp, or one day next to a date at hand", () => {
  const booked = (answer: string): Msg[] => [
    user("When did I make booking QX7?"),
    ...lookup("get_booking", { booking_ref: "QX7", created_at: "2023-11-02T07:48:26", party: 3 }),
    say(answer),
  ];
  it("takes the date a record's timestamp opens as read, not invented", () => {
    expect(invents(firedAt(booked("You made booking QX7 on November 2, 2023."), "s3"))).toBe(false);
    expect(invents(firedAt(booked("You made booking QX7 on November 3, 2023."), "s3"))).toBe(true);
  });

  const shifted = (answer: string): Msg[] => [
    user("I'd like to move my crossing to one day later. Which date would that be?"),
    ...lookup("get_crossing", { crossing_ref: "FR52", sailing_date: "2024-09-12", deck: "upper" }),
    say(answer),
  ];
  it("reads the day after a date at hand when the sentence says so", () => {
    const ok = "You sail on September 12; the day after your sailing, which would be September 13, 2024, has room.";
    expect(invents(firedAt(shifted(ok), "s3"))).toBe(false);
    // Near misses: another shift than the phrase says, or a phrase naming no exact day.
    const off = "You sail on September 12; the day after your sailing, which would be September 14, 2024, has room.";
    expect(invents(firedAt(shifted(off), "s3"))).toBe(true);
    const vague = "You sail on September 12; a few days later, on September 13, 2024, there is room.";
    expect(invents(firedAt(shifted(vague), "s3"))).toBe(true);
  });
});

describe("a figure under a label a lookup gave for someone else", () => {
  const guests = (line: string): Msg[] => [
    user("Please add my nephew Tobias Rane, born 1999-08-21, to my cabin."),
    ...lookup("get_guest", { guest: "Marta Ilves", dob: "1961-03-09", cabin: "C14" }),
    say(`Guests for cabin C14:\n- Marta Ilves, DOB: 1961-03-09\n${line}\nShall I confirm?`),
  ];
  const contradicts = (line: string) => firedAt(guests(line), "s3").includes("contradiction");
  it("is that person's figure when the line names someone the customer named and the record does not", () => {
    expect(contradicts("- Tobias Rane, DOB: 1999-08-21")).toBe(false);
  });
  it("still contradicts when stated for the record's own person, or for no one anybody named", () => {
    expect(contradicts("- Marta Ilves (again), DOB: 1999-08-21")).toBe(true);
    expect(contradicts("- Second Guest, DOB: 1999-08-21")).toBe(true);
  });
});

describe("a label a search lists many values under", () => {
  const fares = (result: unknown): Msg[] => [
    user("What does a deck seat cost on the morning sailing?"),
    ...lookup("search_sailings", result),
    say("On the morning sailing the deck fare is $79."),
  ];
  const misquotes = (result: unknown) => firedAt(fares(result), "s3").includes("contradicts-source");
  it("names no single value a figure could misquote", () => {
    const many = [
      { sailing: "S-1", deck_fare: 61 },
      { sailing: "S-2", deck_fare: 74 },
      { sailing: "S-3", deck_fare: 88 },
    ];
    expect(misquotes(many)).toBe(false);
  });
  it("while one value under the label is misquoted by another figure", () => {
    expect(misquotes({ sailing: "S-2", deck_fare: 74 })).toBe(true);
  });
});

describe("things not yet in a state are not missing from the record", () => {
  const record = {
    reservation_id: "KT4821",
    flight_type: "round_trip",
    legs: [{ leg: "RQ310", date: "2024-06-03" }],
  };
  const refund = (text: string): Msg[] => [
    user("Can I cancel KT4821?"),
    ...lookup("get_reservation", record),
    say(text),
  ];
  const misreads = (text: string) => firedAt(refund(text), "s3").includes("contradicts-output");
  it("reads 'no flights flown' as a state of the flights", () => {
    expect(misreads("Reservation KT4821 has no flights flown yet, so you can cancel it.")).toBe(false);
    expect(misreads("Reservation KT4821 has no legs used yet, so you can cancel it.")).toBe(false);
  });
  it("still reads a missing field as missing", () => {
    expect(misreads("Reservation KT4821 has no flight type on file, so I cannot tell.")).toBe(true);
  });
});

describe("a customer's closing turn that says the request cannot go on", () => {
  const closing = (last: string): Msg[] => [
    user("Hi, I want to book a cabin for my colleague."),
    say("I can only book for the traveller's own profile. Could you share their member number?"),
    user("My colleague's member number is not with me; I only carry my own member card today."),
    say("Without it I cannot make the booking, sorry."),
    user(last),
  ];
  const asks = (last: string) => firedAt(closing(last), "s4").includes("closing-request");
  it("asks for nothing when the way on is negated", () => {
    expect(asks("I see, there's no way to proceed without it, so I'll come back later.")).toBe(false);
    expect(asks("Fine. We can't go ahead today; I'll call back.")).toBe(false);
  });
  it("still asks when the request stands", () => {
    expect(asks("I see. Please go ahead with my own profile then.")).toBe(true);
    expect(asks("No worries, proceed with the booking under my name.")).toBe(true);
  });
});
