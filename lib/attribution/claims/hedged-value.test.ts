import { describe, expect, it } from "vitest";
import { estimatedNumbers, isHedgedValue } from "./hedged-value";

const at = (text: string, value: string) => {
  const start = text.indexOf(value);
  return isHedgedValue(text, start, start + value.length);
};

describe("a value stated as an estimate", () => {
  it("is hedged when marked as approximate, a range, or a line of expectations", () => {
    expect(at("The licence costs ~$640 a seat.", "640")).toBe(true);
    expect(at("The migration takes about 35 hours.", "35")).toBe(true);
    expect(at("Split: servers 1200-1800, storage 300–450.", "1800")).toBe(true);
    expect(at("Split: servers 1200-1800, storage 300–450.", "300")).toBe(true);
    expect(at("A build typically uses 64 GB of disk.", "64")).toBe(true);
    expect(at("GUESSES:\n- Educated guess: the repository has 12 modules", "12")).toBe(true);
  });

  it("is hedged on a line that speculates", () => {
    expect(at("Hosting maybe $45 a month, so $540 a year.", "540")).toBe(true);
    expect(at("Perhaps 6 reviewers join the second round.", "6")).toBe(true);
    // An assumption is not a hedge: a result computed from an assumed value is stated as found.
    expect(at("Assuming 14 kg per crate, the freight is 700 kg.", "700")).toBe(false);
  });

  it("is not hedged when stated as a fact, even next to a hedged line", () => {
    expect(at("The total revenue was $48,210.", "48,210")).toBe(false);
    expect(at("Typically it compiles.\nThe invoice totals $312.", "312")).toBe(false);
    expect(at("The answer is 17 (checked against the table).", "17")).toBe(false);
    expect(at("Step 3 of 5 is done.", "3")).toBe(false);
  });

  it("is hedged when offered as an example the plan may pick", () => {
    expect(at("Run many trials (e.g., 5,000 of them) and average.", "5,000")).toBe(true);
    expect(at("Draw a large sample, say 5,000 rows, and average.", "5,000")).toBe(true);
    expect(at("Pick a batch size, for example 256, and train.", "256")).toBe(true);
    // Near misses: "say" as a verb, an example word far from the value, a value after the example.
    expect(at("The logs say 5,000 rows were read.", "5,000")).toBe(false);
    expect(at("For example, the archive held 5,000 rows.", "5,000")).toBe(false);
    expect(at("Draw a sample (e.g., stratified): 5,000 rows were drawn.", "5,000")).toBe(false);
  });
});

describe("a round threshold the text compares with", () => {
  it("is a bound, not a found value", () => {
    expect(at("The share price stayed over $300 all week.", "$300")).toBe(true);
    expect(at("The archive holds more than 1,000 maps.", "1,000")).toBe(true);
    expect(at("Sales broke the 250 mark in May.", "250")).toBe(true);
    expect(at("Turnout crossed the 50 % threshold.", "50")).toBe(true);
    expect(at("Keep each reply under 2 pages.", "2")).toBe(true);
    expect(at("The $300 barrier held for a week.", "$300")).toBe(true);
    expect(at("A 50 % threshold applies to turnout.", "50")).toBe(true);
  });

  it("near misses: a precise bound, a round value with no bound, a bound word far from it", () => {
    expect(at("The archive holds more than 4,137 maps.", "4,137")).toBe(false);
    expect(at("The archive holds more than 47 maps.", "47")).toBe(false);
    expect(at("The archive holds 1,000 maps.", "1,000")).toBe(false);
    expect(at("Over the week the share price closed at $300.", "$300")).toBe(false);
    expect(at("The 250 levels of the tower were mapped.", "250")).toBe(false);
    expect(at("They scored 300 goals, level with the record.", "300")).toBe(false);
  });
});

describe("a value the text tells its reader to type", () => {
  it("is an input to try, in the sentence that says to type it or in the list that sentence opens", () => {
    expect(at('1. Enter the harbour code "5512" in the search field.', "5512")).toBe(true);
    expect(at("Open the app. Type 4.2 as the tide height.", "4.2")).toBe(true);
    const listed = "3. The tide tracker will open. Enter the following heights:\n\n   - Avel: 4.25\n   - Brin: 3.75\n";
    expect(at(listed, "4.25")).toBe(true);
    expect(at(listed, "3.75")).toBe(true);
  });

  it("near misses: a result the text reports, a list no input verb opens, a verb in an earlier sentence", () => {
    expect(at("The tracker shows a high water of 4.25 at Avel.", "4.25")).toBe(false);
    expect(at("Results:\n- Avel: 4.25\n- Brin: 3.75", "4.25")).toBe(false);
    expect(at("Enter your harbour. The tracker then reports 4.25 for Avel.", "4.25")).toBe(false);
    expect(at("Enter the harbour and press Search.\nHeights found:\n- Avel: 4.25", "4.25")).toBe(false);
    expect(at("Enter the following heights:\nThe tracker then reports 4.25 for Avel.", "4.25")).toBe(false);
    expect(at("Enter the following heights:\nThe tracker checked them.\n- Avel: 4.25", "4.25")).toBe(false);
  });
});

describe("a list of examples", () => {
  it("offers every item as an example, not the first only", () => {
    expect(estimatedNumbers("which day (e.g., 14 March 1998, 14 March 2002) is meant")).toEqual(
      new Set(["14", "1998", "2002"]),
    );
    expect(estimatedNumbers("a year such as 1998 or 2002 is meant")).toEqual(new Set(["1998", "2002"]));
    expect(estimatedNumbers("for example 12, 15 and 18 units")).toEqual(new Set(["12", "15", "18"]));
  });

  it("near miss: a value after the list, past words that are no items, is a fact", () => {
    expect(estimatedNumbers("e.g. 500 samples, and then we found 1200 rows")).toEqual(new Set(["500"]));
    expect(estimatedNumbers("a city such as Paris, with 2100 rooms")).toEqual(new Set());
  });
});
