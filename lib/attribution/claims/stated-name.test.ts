/**
 * A name a phrase opens with ends where its sentence does: "Quay Seven. The registry shows it." names
 * Quay Seven, while an abbreviation or an initial inside a name keeps it whole. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { readValue } from "./stated-values";

describe("a name read from the start of a phrase", () => {
  it("stops at the full stop that ends its sentence", () => {
    expect(readValue("Quay Seven. The registry shows it.")?.raw).toBe("Quay Seven");
    expect(readValue("Marlow Point. Then we left.")?.value).toBe("e:marlow point");
  });

  it("keeps an abbreviation or an initial that belongs to the name", () => {
    expect(readValue("St. Ives Harbour is the berth.")?.raw).toBe("St. Ives Harbour");
    expect(readValue("Anna J. Okafor signed the log.")?.raw).toBe("Anna J. Okafor");
  });

  it("reads on over a connector between two of its words, an ampersand too", () => {
    expect(readValue("Harbour of Saint Brell is the berth.")?.raw).toBe("Harbour of Saint Brell");
    expect(readValue("Tamsin & Greaves — that is what the source shows.")?.value).toBe("e:tamsin & greaves");
    // Near misses: a connector with no capitalised word after it, or punctuation between, ends the name.
    expect(readValue("Quay Seven and the others agreed.")?.raw).toBe("Quay Seven");
    expect(readValue("Quay Seven, & the rest")?.raw).toBe("Quay Seven");
  });
});
