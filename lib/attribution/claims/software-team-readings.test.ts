/**
 * Readings of a software team's run (a coder writes a program, a writer documents it): three words
 * that are no claim about the data. Each test fails without the rule it names; the near misses must
 * keep firing.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { extractClaims } from "./extract-claims";
import { buildProvenance } from "./provenance";
import { findClaimIssues } from "./claim-findings";
import { fabricationWord } from "./fabrication-words";

/** A coder's step, then a writer's final step that read it. */
function findings(task: string, code: string, final: string) {
  const t = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { task, outcome: "failure", sourceFormat: "culprit" },
    agents: [{ name: "Coder" }, { name: "Writer" }],
    steps: [
      { id: "c", agent: "Coder", kind: "message", content: code },
      { id: "w", agent: "Writer", kind: "message", content: final },
    ],
    edges: [{ from: "c", to: "w", kind: "message", evidence: "toy", confidence: 1 }],
  });
  const g = buildGraph(t, resolveConfig());
  return findClaimIssues(g, buildProvenance(g)).map((f) => `${f.name} ${f.value} ${f.reachesAnswer}`);
}

describe("a release number after 'version' is no quantity", () => {
  const numbers = (text: string) =>
    extractClaims(text)
      .filter((c) => c.kind === "number")
      .map((c) => c.value);
  it("drops the decimal written after the word version", () => {
    expect(numbers("Install Python (version 3.7 or higher).")).toEqual([]);
    expect(numbers("Tk version 8.4 ships with it")).toEqual([]);
  });
  it("near misses: a whole number after version, a decimal after another word, a version-like word", () => {
    expect(numbers("this is version 4 of the plan")).toEqual(["n:4"]);
    expect(numbers("the conversion rate was 3.7")).toEqual(["n:3.7"]);
    expect(numbers("Python 3.7 or higher")).toEqual(["n:3.7"]);
  });
});

describe("a small whole number's found derivation carries no lineage to the answer", () => {
  const code = "main.py\n```python\nWIDTH = 760\nSTEP = 95\n```";
  it("a writer's '8 levels, each …' does not tie the code's 760 to the answer as 760 / 95", () => {
    expect(findings("Write a maze game.", code, "The game has 8 levels, each with its own maze.")).not.toContain(
      "unsourced-value n:760 true",
    );
  });
  it("near miss: a stated computation still links its operands", () => {
    expect(findings("Write a maze game.", code, "With 760 / 95 = 8, the game has 8 levels.")).toContain(
      "unsourced-value n:760 true",
    );
  });
  it("near miss: a larger value found derived still links its operands", () => {
    expect(findings("Write a maze game.", code, "The maze holds 72200 cells in all.")).toContain(
      "unsourced-value n:760 true",
    );
  });
});

describe("a word for invented data, said of code or asked by the task, is no claim about the data", () => {
  it("a placeholder function or method is unfinished code", () => {
    expect(fabricationWord("def plot(self):\n    # Placeholder function for the chart\n    pass", "Track costs.")).toBe(
      null,
    );
    expect(fabricationWord("The spawn method in the Game class is just a placeholder.", "Make a runner game.")).toBe(
      null,
    );
  });
  it("the task's own word is the job asked for", () => {
    expect(fabricationWord("We simulate rolling two dice.", "Build an app to simulate dice rolls.")).toBe(null);
  });
  it("near misses: the word said of data, or of a job the task did not ask for", () => {
    expect(fabricationWord("Using hypothetical sales figures:\n```python\nsales = 7312\n```", "Chart sales.")).toBe(
      "hypothetical",
    );
    expect(fabricationWord("We simulate the survey answers.", "Summarise the survey.")).toBe("simulate");
    expect(fabricationWord("The prices below are placeholder values.", "List the prices.")).toBe("placeholder");
  });
  it("an assumption about the input, not a figure, invents no data", () => {
    expect(fabricationWord("# Assuming df is the loaded table with a 'region' column", "Chart sales.")).toBe(null);
    expect(fabricationWord("metric = 'r2'  # assuming a regression task", "Fit a model.")).toBe(null);
  });
  it("near miss: an assumption that states a figure invents it", () => {
    expect(fabricationWord("# Assuming 14 kg per crate\nweight = crates * 14", "Weigh the load.")).toBe("Assuming");
  });
  it("the finding on code data: fires for sample data, not for a placeholder method", () => {
    const data = "Using sample data:\n```python\nsales = 7312\nprint(sales)\n```";
    expect(findings("Report the sales.", data, "Done.")).toContain("fabricated-data n:7312 false");
    const stub = "```python\nsales = 7312\n```\nThe report method is a placeholder for now.";
    expect(findings("Report the sales.", stub, "Done.").filter((f) => f.startsWith("fabricated-data"))).toEqual([]);
  });
});

describe("a link to the reader's own machine is no unsourced value", () => {
  const links = (final: string) =>
    findings("Build a web app that shows the weather.", "app.py\n```python\napp.run()\n```", final).filter((f) =>
      f.startsWith("unsourced-value u:"),
    );
  it("says nothing about localhost or a loopback address with its port", () => {
    expect(links("Open http://localhost:5000/ in your browser.")).toEqual([]);
    expect(links("Then visit http://127.0.0.1:8000/weather to see it.")).toEqual([]);
    expect(links("The page is at `http://localhost:8080`.")).toEqual([]);
  });
  it("near misses: a host that only starts like one, and a public site, stay unsourced", () => {
    expect(links("Open https://localhost.example.net/weather in your browser.")).toEqual([
      "unsourced-value u:localhost.example.net/weather true",
    ]);
    expect(links("Then visit http://128.0.0.1:8000/weather to see it.")).toEqual([
      "unsourced-value u:128.0.0.1:8000/weather true",
    ]);
  });
});

describe("a manual's setup links are no unsourced value", () => {
  const links = (final: string) =>
    findings("Build a desktop app that shows the weather.", "main.py\n```python\nshow()\n```", final).filter((f) =>
      f.startsWith("unsourced-value u:"),
    );
  it("says nothing about a site named as where to download or install software", () => {
    expect(
      links(
        "1. Install Lumen first. You can download it from the official website: https://www.lumen-lang.org/downloads/",
      ),
    ).toEqual([]);
    expect(links("If not, download and install it from [the site](https://lumen-lang.org).")).toEqual([]);
  });
  it("says nothing about a link with a placeholder for the reader to fill", () => {
    expect(links("Get the code: git clone https://github.com/your-username/weather-app.git")).toEqual([]);
    expect(links("Fetch the files from https://github.com/{user}/weather-app")).toEqual([]);
    expect(links("Deploy it to https://yourdomain.com/weather")).toEqual([]);
  });
  it("near misses: a page deeper than a section, a site named as where to look facts up, a word that starts with your", () => {
    expect(links("You can download the data from https://lumen-lang.org/data/2023/weather.csv")).toEqual([
      "unsourced-value u:lumen-lang.org/data/2023/weather.csv true",
    ]);
    expect(links("Go to the archive's search page: https://archive.lumen-lang.org/search/")).toEqual([
      "unsourced-value u:archive.lumen-lang.org/search true",
    ]);
    expect(links("The forecast follows https://lumen-lang.org/wiki/yourself")).toEqual([
      "unsourced-value u:lumen-lang.org/wiki/yourself true",
    ]);
  });
});
