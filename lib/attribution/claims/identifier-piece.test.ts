import { describe, expect, it } from "vitest";
import { isIdentifierPiece } from "./identifier-piece";
import { extractClaims } from "./extract-claims";
import { extractNumbers } from "../text-features";

/** [text, the value (its last occurrence), whether it is a piece of an id, timestamp or meter field]. */
const CASES: [string, string, boolean][] = [
  ["id='run--43f26039-89ca-4b3c-9d67-eabbdf16311d'", "89", true],
  ["model gpt-4o-2024-08-06 says", "2024", true],
  ["Published Time: 2024-12-31T13:36:55-08:00", "36", true],
  ["created_at: 2025-08-29 12:06:56.430177", "430177", true],
  ['{"created": 1718900000, "object": "chat.completion"}', "1718900000", true],
  ["logged at 1718900000123 by the exporter", "1718900000123", true],
  ['"prompt_tokens": 120', "120", true],
  ["usage=RequestUsage(prompt_tokens=9, completion_tokens=3)", "3", true],
  ["call_kW83onhuRFzCvfhqM524IExy", "83", true],
  ["'index': 0", "0", true],
  ["Employee ID: 1234", "1234", false],
  ["The total is 1234", "1234", false],
  ["COVID-19 cases: 500", "19", false],
  ["COVID-19 cases: 500", "500", false],
  ["released on 2024-08-06.", "2024", false],
  ["x86_64 build", "86", false],
  ["population 1400000000", "1400000000", false],
  ["it costs $45 at 3:45 pm", "45", false],
];

describe("identifier pieces", () => {
  for (const [text, value, piece] of CASES)
    it(`${JSON.stringify(text)}: ${value} ${piece ? "is" : "is not"} a piece of an identifier`, () => {
      const at = text.lastIndexOf(value);
      expect(isIdentifierPiece(text, at, at + value.length)).toBe(piece);
    });

  it("are never claims or grounding numbers", () => {
    const text = "AIMessage(id='run--43f26039-89ca', model='gpt-4o-2024-08-06') said the total is 155 on 2024-05-01";
    const values = extractClaims(text).map((c) => c.value);
    expect(values).toContain("n:155");
    expect(values).toContain("d:2024-05-01");
    expect(values.filter((v) => v === "n:-43" || v === "n:89" || v === "d:2024-08-06")).toEqual([]);
    const numbers = extractNumbers(text);
    expect(numbers).toContain("155");
    for (const piece of ["-43", "89", "4", "8", "6"]) expect(numbers).not.toContain(piece);
  });
});
