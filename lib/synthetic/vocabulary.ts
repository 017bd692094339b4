/**
 * Word lists the generator draws from. Several sets per slot, so runs do not share one phrasing,
 * one set of agent names or one number range: an engine cannot key on wording that only this
 * generator uses. Every list is plain data; `pick` chooses among them per run and per message.
 */

export interface Domain {
  metric: string;
  unit: string;
  entities: readonly string[];
  tools: readonly string[];
  /** Range of a plausible single value. */
  range: readonly [number, number];
  source: readonly string[];
}

export const DOMAINS: readonly Domain[] = [
  {
    metric: "revenue",
    unit: "million USD",
    entities: [
      "Acme Corp",
      "Borealis Ltd",
      "Cobalt Systems",
      "Dunmore Foods",
      "Eastgate Retail",
      "Fjord Shipping",
      "Granite Bank",
    ],
    tools: ["finance_lookup", "filings_search", "company_financials"],
    range: [420, 9800],
    source: ["annual report", "10-K filing", "investor deck"],
  },
  {
    metric: "population",
    unit: "thousand residents",
    entities: ["Larkspur", "Millbrook", "Northvale", "Oakridge", "Pinehurst", "Quarry Bay", "Riverton"],
    tools: ["census_api", "stats_query", "population_db"],
    range: [130, 4200],
    source: ["census bureau", "statistics office", "municipal register"],
  },
  {
    metric: "units in stock",
    unit: "units",
    entities: ["warehouse DE-04", "warehouse NL-11", "warehouse PL-02", "depot Leeds", "depot Lyon", "hub Porto"],
    tools: ["inventory_db", "wms_query", "stock_service"],
    range: [350, 24000],
    source: ["inventory snapshot", "WMS export", "stock ledger"],
  },
  {
    metric: "annual rainfall",
    unit: "mm",
    entities: [
      "station Aberdeen",
      "station Bergen",
      "station Cork",
      "station Dundee",
      "station Galway",
      "station Tromso",
    ],
    tools: ["climate_archive", "weather_history", "met_lookup"],
    range: [260, 2900],
    source: ["met office archive", "climate dataset", "station log"],
  },
  {
    metric: "passengers",
    unit: "passengers",
    entities: ["route LIS-MAD", "route OSL-CPH", "route DUB-LHR", "route VIE-ZRH", "route ATH-FCO"],
    tools: ["airline_stats", "route_metrics", "traffic_db"],
    range: [1200, 68000],
    source: ["traffic report", "airport statistics", "carrier filing"],
  },
  {
    metric: "enrolled students",
    unit: "students",
    entities: [
      "Hillcrest Academy",
      "Lakeside College",
      "St. Ambrose School",
      "Westfield High",
      "Kingsbridge Institute",
    ],
    tools: ["school_registry", "education_stats", "enrolment_api"],
    range: [180, 5200],
    source: ["enrolment register", "ministry dataset", "school census"],
  },
];

export const MODELS = [
  "gpt-4o-mini",
  "claude-3-5-haiku",
  "llama-3.1-70b-instruct",
  "mistral-large-2411",
  "gemini-1.5-flash",
  "qwen2.5-72b-instruct",
];
export const PROVIDERS: Record<string, string> = {
  "gpt-4o-mini": "openai",
  "claude-3-5-haiku": "anthropic",
  "llama-3.1-70b-instruct": "groq",
  "mistral-large-2411": "mistral_ai",
  "gemini-1.5-flash": "gcp.gemini",
  "qwen2.5-72b-instruct": "openai",
};

/** Agent names per topology role, several naming styles. */
export const PIPELINE_NAMES = [
  { planner: "planner", researcher: "researcher", analyst: "analyst", writer: "writer", reviewer: "reviewer" },
  {
    planner: "Coordinator",
    researcher: "DataFetcher",
    analyst: "Calculator",
    writer: "Reporter",
    reviewer: "QualityGate",
  },
  { planner: "lead", researcher: "scout", analyst: "quant", writer: "editor", reviewer: "checker" },
  {
    planner: "PlanAgent",
    researcher: "SearchAgent",
    analyst: "MathAgent",
    writer: "SummaryAgent",
    reviewer: "CriticAgent",
  },
  {
    planner: "task_manager",
    researcher: "web_researcher",
    analyst: "number_cruncher",
    writer: "answer_writer",
    reviewer: "approver",
  },
];

export const ORCHESTRATOR_NAMES = [
  { orchestrator: "orchestrator", worker: (i: number) => `worker_${i + 1}`, verifier: "verifier" },
  { orchestrator: "Supervisor", worker: (i: number) => ["Alice", "Bob", "Carol", "Dave"][i], verifier: "Auditor" },
  { orchestrator: "manager", worker: (i: number) => `analyst-${String.fromCharCode(97 + i)}`, verifier: "qa" },
  { orchestrator: "Boss", worker: (i: number) => ["Falcon", "Heron", "Kestrel", "Osprey"][i], verifier: "Inspector" },
];

export const MEMORY_NAMES = [
  {
    collector: (i: number) => `collector_${i + 1}`,
    calculator: "calculator",
    reporter: "reporter",
    auditor: "auditor",
  },
  {
    collector: (i: number) => ["Ingest", "Harvest", "Gather"][i],
    calculator: "Tally",
    reporter: "Narrator",
    auditor: "Validator",
  },
  { collector: (i: number) => `fetcher-${i + 1}`, calculator: "summer", reporter: "publisher", auditor: "reviewer" },
];

export const VOTING_NAMES = [
  { voter: (i: number) => `voter_${i + 1}`, aggregator: "aggregator", verifier: "judge" },
  {
    voter: (i: number) => ["Ada", "Grace", "Linus", "Barbara", "Ken"][i],
    aggregator: "Moderator",
    verifier: "Referee",
  },
  { voter: (i: number) => `solver-${i + 1}`, aggregator: "majority_vote", verifier: "checker" },
  {
    voter: (i: number) => ["Athena", "Hermes", "Apollo", "Demeter", "Hestia"][i],
    aggregator: "Council",
    verifier: "Oracle",
  },
];

export const MEMORY_TOOLS = [
  { write: "memory_write", read: "memory_read" },
  { write: "save_memory", read: "recall_memory" },
  { write: "kv_store_set", read: "kv_store_get" },
  { write: "blackboard_put", read: "blackboard_get" },
];

export const TOOL_ERRORS = [
  { type: "TimeoutError", message: "request timed out after 30s" },
  { type: "HTTPError", message: "503 Service Unavailable" },
  { type: "RateLimitError", message: "429 Too Many Requests: retry later" },
  { type: "ConnectionResetError", message: "connection reset by peer" },
];

/** Clauses that carry numbers with nothing to do with the answer. */
export const NOISE = [
  (n: number) => `(lookup took ${(n % 7) + 2} attempts)`,
  (n: number) => `See page ${(n % 90) + 11} of the source.`,
  (n: number) => `Ticket #${4000 + (n % 5000)} tracks this request.`,
  (n: number) => `Cache hit ratio was ${40 + (n % 55)}%.`,
  (n: number) => `Dataset version ${(n % 9) + 1}.${n % 13}.`,
];

/** Agent descriptions (`gen_ai.agent.description`) per role, several wordings each. */
export const DESCRIPTIONS = {
  coordinator: [
    "Coordinates the workers and answers the user.",
    "Breaks the user's request into steps for the team.",
    "You are the team lead: plan, assign and deliver.",
  ],
  lookup: ["Finds figures with the data tools.", "Looks up one figure.", "Retrieves facts from external sources."],
  collector: [
    "Collects figures into the shared memory.",
    "Fetches data and stores it for the team.",
    "Fills the blackboard with source figures.",
  ],
  compute: [
    "Does the arithmetic.",
    "Computes totals from the collected figures.",
    "You turn raw numbers into results.",
  ],
  reviewer: [
    "Reviews the result before it is written up.",
    "Verifies results before release.",
    "Quality control: checks answers for errors.",
  ],
  writer: ["Writes the final answer for the user.", "Turns results into a short reply.", "Publishes the answer."],
  voter: ["Answers the question independently.", "One of several independent solvers.", "Solve the task on your own."],
  aggregator: [
    "Combines the voters' answers by majority.",
    "Merges candidate answers into one.",
    "Picks the consensus answer.",
  ],
} as const;
export type DescribedRole = keyof typeof DESCRIPTIONS;

/** Side steps any agent may take: acknowledgements and status notifications with no bearing on the answer. */
export const SIDE_REMARKS = [
  "Acknowledged, working on it.",
  "Understood. Starting now.",
  "On it - will report back shortly.",
  "Let me think about the best way to do this.",
  "Received the request; checking what I need.",
];
export const STATUS_TOOLS = ["post_status", "notify_channel", "log_event", "update_ticket"];
export const STATUS_MESSAGES = ["started", "in progress", "waiting for data", "step complete", "handing over"];
