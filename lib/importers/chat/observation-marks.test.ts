import { describe, expect, it } from "vitest";
import { OBSERVATION_AT, OBSERVED_RESOURCE } from "../../trace/canonical-attributes";
import { importValue } from "../index";
import { observationMarks, observationOffset } from "./observation-marks";

describe("observation marks (chat formats' phrasing → canonical attributes)", () => {
  it("finds where a WebSurfer turn starts quoting its screenshot, and the page it shows", () => {
    const text =
      "I clicked 'Prices'. The total is 52.\n\nHere is a screenshot of [Prices](https://shop.example/prices). The viewport shows 40% of the webpage.";
    expect(observationOffset(text)).toBe(text.indexOf("Here is"));
    expect(observationMarks(text)).toEqual({ [OBSERVATION_AT]: text.indexOf("Here is"), [OBSERVED_RESOURCE]: "https://shop.example/prices" });
  });
  it("reads an Address line as the resource, and marks program output and exit codes as observations", () => {
    const page = "I opened the page.\n\nAddress: https://museum.example/hours\nTitle: Hours";
    // A line marker starts at the blank line before it (`^\s*` under the m flag), as the engine read it before.
    expect(observationMarks(page)).toEqual({ [OBSERVATION_AT]: page.indexOf("\nAddress"), [OBSERVED_RESOURCE]: "https://museum.example/hours" });
    expect(observationOffset("exitcode: 1 (execution failed)\nCode output: Traceback")).toBe(0);
    expect(observationOffset("I ran it.\nOutput: 42")).toBe("I ran it.\n".length);
  });
  it("leaves a message that quotes nothing unmarked", () => {
    expect(observationMarks("The answer is 4.")).toBeUndefined();
    expect(observationOffset("The output is fine")).toBeUndefined();
  });
  it("is set by the Who&When importer on the steps whose content quotes an observation", () => {
    const record = {
      question: "What is the price?",
      history: [
        { role: "human", content: "What is the price?" },
        { role: "WebSurfer", content: "I clicked 'Prices'.\n\nHere is a screenshot of [Prices](https://shop.example/prices). It shows 1999." },
        { role: "Orchestrator (thought)", content: "The price is 1999." },
      ],
    };
    const { trace } = importValue(record, { format: "who-and-when" });
    const steps = trace.steps;
    expect(steps[1].attributes?.[OBSERVATION_AT]).toBe("I clicked 'Prices'.\n\n".length);
    expect(steps[1].attributes?.[OBSERVED_RESOURCE]).toBe("https://shop.example/prices");
    expect(steps[2].attributes?.[OBSERVATION_AT]).toBeUndefined();
  });
});
