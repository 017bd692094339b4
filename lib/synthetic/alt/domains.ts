/**
 * Invented settings for the alternative suite. Each gives entities, one numeric measure per entity
 * (of one of four number kinds), a date, a person, a yes/no property and a pick from a list, a
 * scope a question can be restricted to, a rate for a tool computation, and an action a worker
 * can be asked to carry out. Nothing here comes from a real dataset.
 */
export type NumberKind = "count" | "money" | "measure" | "percent";

export interface Measure {
  kind: NumberKind;
  /** The measure in words ("berth fees collected"). */
  label: string;
  /** JSON field name in a tool's output. */
  field: string;
  unit: string;
  lo: number;
  hi: number;
  decimals: number;
}

export interface AltDomain {
  topic: string;
  entities: readonly string[];
  measures: readonly Measure[];
  date: { label: string; field: string };
  person: { label: string; field: string; options: readonly string[] };
  flag: { label: string; field: string; question: string };
  pick: { label: string; field: string; options: readonly string[] };
  /** Scopes: a question names one; a lookup without it returns the default scope's figures. */
  scopes: readonly string[];
  rate: { label: string; field: string; unit: string; lo: number; hi: number; decimals: number; result: string };
  action: { verb: string; object: string; tool: string };
  tools: { lookup: string; registry: string; calc: string };
}

export const ALT_DOMAINS: readonly AltDomain[] = [
  {
    topic: "harbour logistics",
    entities: ["Quay Seven", "Saltmarsh Terminal", "Pier Alder", "Breakwater East", "Kelp Basin", "Lantern Dock"],
    measures: [
      {
        kind: "count",
        label: "containers handled",
        field: "containers",
        unit: "TEU",
        lo: 4000,
        hi: 98000,
        decimals: 0,
      },
      {
        kind: "money",
        label: "berth fees collected",
        field: "fees_usd",
        unit: "USD",
        lo: 12000,
        hi: 880000,
        decimals: 2,
      },
      { kind: "measure", label: "average dwell time", field: "dwell_days", unit: "days", lo: 1, hi: 9, decimals: 2 },
    ],
    date: { label: "next dredging date", field: "next_dredging" },
    person: {
      label: "harbour master",
      field: "master",
      options: ["Ines Varga", "Tomasz Ek", "Ruth Okafor", "Lio Brandt"],
    },
    flag: { label: "hazmat clearance", field: "hazmat_cleared", question: "cleared for hazardous cargo" },
    pick: {
      label: "assigned tug operator",
      field: "tug_operator",
      options: ["Northline", "Seabright", "Harlow Marine"],
    },
    scopes: ["the 2022 season", "the 2023 season", "the 2024 season"],
    rate: {
      label: "tariff per container",
      field: "tariff",
      unit: "USD",
      lo: 18,
      hi: 95,
      decimals: 2,
      result: "tariff due",
    },
    action: { verb: "reserve", object: "a berth slot", tool: "berth_booking" },
    tools: { lookup: "port_stats", registry: "port_registry", calc: "calc" },
  },
  {
    topic: "an orchard cooperative",
    entities: ["Hillcrest Grove", "Mossbank Rows", "Red Ridge Block", "Willowmere", "Stonefield Plot", "Aster Lane"],
    measures: [
      { kind: "count", label: "crates harvested", field: "crates", unit: "crates", lo: 1200, hi: 64000, decimals: 0 },
      {
        kind: "measure",
        label: "mean fruit weight",
        field: "fruit_weight_g",
        unit: "g",
        lo: 110,
        hi: 290,
        decimals: 1,
      },
      { kind: "percent", label: "bruised share", field: "bruised_pct", unit: "%", lo: 1, hi: 18, decimals: 1 },
    ],
    date: { label: "first frost", field: "first_frost" },
    person: {
      label: "block steward",
      field: "steward",
      options: ["Marta Quill", "Desh Anand", "Colm Reyes", "Yuki Sato"],
    },
    flag: { label: "organic certification", field: "organic", question: "certified organic" },
    pick: { label: "pollinator contractor", field: "pollinator", options: ["Beewise", "Clover & Sons", "Hivecraft"] },
    scopes: ["the spring picking", "the autumn picking", "the 2023 harvest"],
    rate: {
      label: "price per crate",
      field: "price_per_crate",
      unit: "EUR",
      lo: 4,
      hi: 31,
      decimals: 2,
      result: "payout",
    },
    action: { verb: "book", object: "a cold-store bay", tool: "coldstore_api" },
    tools: { lookup: "harvest_db", registry: "grower_registry", calc: "arith" },
  },
  {
    topic: "an observatory network",
    entities: ["Cerro Pinto", "Mount Hale", "Vossberg", "Kaldera Station", "Pine Hollow", "Ebbing Ridge"],
    measures: [
      { kind: "count", label: "exposures logged", field: "exposures", unit: "frames", lo: 900, hi: 45000, decimals: 0 },
      {
        kind: "measure",
        label: "median seeing",
        field: "seeing_arcsec",
        unit: "arcsec",
        lo: 0.4,
        hi: 2.6,
        decimals: 2,
      },
      { kind: "percent", label: "clear-night fraction", field: "clear_pct", unit: "%", lo: 22, hi: 88, decimals: 1 },
    ],
    date: { label: "mirror recoating date", field: "recoat_date" },
    person: {
      label: "night lead",
      field: "night_lead",
      options: ["Anika Moss", "Paulo Serra", "Bea Lindqvist", "Omar Haddad"],
    },
    flag: { label: "adaptive optics", field: "has_ao", question: "equipped with adaptive optics" },
    pick: {
      label: "primary filter set",
      field: "filter_set",
      options: ["Sloan ugriz", "Johnson UBV", "narrowband H-alpha"],
    },
    scopes: ["semester A", "semester B", "the 2024 campaign"],
    rate: {
      label: "cost per frame",
      field: "cost_per_frame",
      unit: "USD",
      lo: 2,
      hi: 14,
      decimals: 2,
      result: "archive cost",
    },
    action: { verb: "schedule", object: "a calibration night", tool: "scheduler" },
    tools: { lookup: "obs_metrics", registry: "site_directory", calc: "compute" },
  },
  {
    topic: "a municipal library system",
    entities: ["Elm Street Branch", "Riverside Annex", "Northgate Library", "Copperfield Hall", "Old Mill Branch"],
    measures: [
      { kind: "count", label: "loans issued", field: "loans", unit: "loans", lo: 3000, hi: 210000, decimals: 0 },
      { kind: "money", label: "late fees waived", field: "waived_gbp", unit: "GBP", lo: 800, hi: 42000, decimals: 2 },
      { kind: "percent", label: "digital share of loans", field: "digital_pct", unit: "%", lo: 8, hi: 61, decimals: 1 },
    ],
    date: { label: "reopening date", field: "reopens_on" },
    person: {
      label: "branch manager",
      field: "manager",
      options: ["Hollis Grant", "Noor Rahman", "Petra Solis", "Ewan Park"],
    },
    flag: { label: "step-free access", field: "step_free", question: "step-free accessible" },
    pick: { label: "catalogue vendor", field: "vendor", options: ["Folio Systems", "ShelfMark", "Codex Cloud"] },
    scopes: ["fiscal 2022", "fiscal 2023", "fiscal 2024"],
    rate: {
      label: "processing fee per loan",
      field: "fee_per_loan",
      unit: "GBP",
      lo: 0.2,
      hi: 1.9,
      decimals: 2,
      result: "processing charge",
    },
    action: { verb: "reserve", object: "the community room", tool: "room_booking" },
    tools: { lookup: "library_stats", registry: "branch_registry", calc: "calculator" },
  },
  {
    topic: "a rail maintenance depot",
    entities: ["Depot Carrow", "Bramley Sidings", "Fenwick Yard", "Marsh Lane Shed", "Ostler Junction"],
    measures: [
      {
        kind: "count",
        label: "axle inspections",
        field: "inspections",
        unit: "inspections",
        lo: 600,
        hi: 52000,
        decimals: 0,
      },
      { kind: "measure", label: "rail wear", field: "wear_mm", unit: "mm", lo: 0.3, hi: 7.5, decimals: 2 },
      { kind: "money", label: "parts spend", field: "parts_spend", unit: "EUR", lo: 9000, hi: 760000, decimals: 2 },
    ],
    date: { label: "next possession window", field: "possession_start" },
    person: {
      label: "shift engineer",
      field: "engineer",
      options: ["Greta Holm", "Sipho Dube", "Lena Farrow", "Kai Moreno"],
    },
    flag: { label: "wheel lathe", field: "has_lathe", question: "fitted with a wheel lathe" },
    pick: {
      label: "ballast supplier",
      field: "ballast_supplier",
      options: ["Granitex", "Quarrymen Ltd", "Basalt Works"],
    },
    scopes: ["period 4", "period 9", "the 2023 financial year"],
    rate: {
      label: "labour rate per inspection",
      field: "labour_rate",
      unit: "EUR",
      lo: 11,
      hi: 64,
      decimals: 2,
      result: "labour bill",
    },
    action: { verb: "book", object: "a possession slot", tool: "possession_planner" },
    tools: { lookup: "depot_kpi", registry: "asset_register", calc: "math_eval" },
  },
];
