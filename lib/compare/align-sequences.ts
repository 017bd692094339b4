/**
 * Minimum-cost global alignment of two sequences (weighted edit distance), fast and memory-light:
 *
 * 1. the common prefix and suffix (cost-0 pairs) are matched directly;
 * 2. the middle is solved by a banded DP around the main diagonals, the band doubling until the
 *    banded optimum is provably global (Ukkonen: a path leaving a band of half-width k needs at
 *    least |Δ| + 2k + 2 insertions and deletions);
 * 3. when the band would need more than `maxBandCells` cells, Hirschberg's divide and conquer
 *    finishes in O(n·m) time and O(n + m) memory.
 *
 * Costs are integers. `substitute(i, j)` is the cost of pairing a[i] with b[j]; a value above
 * 2·indel never wins against a deletion plus an insertion. Groups (optional) forbid pairs outright.
 */

export interface AlignmentCosts {
  /** Cost of one insertion or deletion (> 0). */
  indel: number;
  /** Cost of pairing a[i] with b[j] (≥ 0). */
  substitute: (i: number, j: number) => number;
  /**
   * Optional groups: a[i] and b[j] of different groups are never paired, and `substitute` is not
   * even called for them. The inner loops test this inline, which is what keeps 5k × 5k fast.
   */
  groupsA?: Int32Array;
  groupsB?: Int32Array;
}

/** One alignment column: a pair, or a step present on only one side (the other index is -1). */
export interface AlignedPair {
  a: number;
  b: number;
}

export interface AlignmentResult {
  pairs: AlignedPair[];
  cost: number;
  /** Which solver finished the middle part (for benchmarks and tests). */
  method: "trivial" | "banded" | "hirschberg";
}

export interface AlignmentOptions {
  /** Largest band (cells) solved with a full traceback matrix before switching to Hirschberg. */
  maxBandCells?: number;
  /** Largest sub-problem (cells) Hirschberg solves directly with a traceback matrix. */
  baseCells?: number;
  /** Initial band half-width. */
  initialBand?: number;
}

/** The middle part's costs: pair cost plus the group arrays tested inline in the DP loops. */
interface Sub {
  cost: (i: number, j: number) => number;
  ga: Int32Array;
  gb: Int32Array;
}

const DIAG = 0;
const UP = 1; // consume a[i] alone (deletion)
const LEFT = 2; // consume b[j] alone (insertion)

/** Aligns sequences of lengths n and m under `costs`; deterministic tie-breaking (pair, then a-only, then b-only). */
export function alignSequences(
  n: number,
  m: number,
  costs: AlignmentCosts,
  options: AlignmentOptions = {},
): AlignmentResult {
  if (!(costs.indel > 0)) throw new Error("compare/align-sequences: indel cost must be positive");
  const maxBandCells = options.maxBandCells ?? 4_000_000;
  const baseCells = options.baseCells ?? 1_000_000;
  let lo = 0;
  while (lo < n && lo < m && costs.substitute(lo, lo) === 0) lo++;
  let tail = 0;
  while (tail < n - lo && tail < m - lo && costs.substitute(n - 1 - tail, m - 1 - tail) === 0) tail++;
  const head: AlignedPair[] = [];
  for (let i = 0; i < lo; i++) head.push({ a: i, b: i });
  const rows = n - lo - tail;
  const cols = m - lo - tail;
  const sub: Sub = {
    cost: (i: number, j: number) => costs.substitute(i + lo, j + lo),
    ga: (costs.groupsA ?? new Int32Array(n)).subarray(lo, n - tail),
    gb: (costs.groupsB ?? new Int32Array(m)).subarray(lo, m - tail),
  };
  let middle: { pairs: AlignedPair[]; cost: number };
  let method: AlignmentResult["method"] = "trivial";
  if (rows === 0 || cols === 0) {
    middle = gapsOnly(rows, cols, costs.indel);
  } else {
    const delta = cols - rows;
    let k = options.initialBand ?? 16;
    let solved: { pairs: AlignedPair[]; cost: number } | null = null;
    for (;;) {
      // The band never needs diagonals beyond the matrix corners.
      const dLo = Math.max(-rows, Math.min(0, delta) - k);
      const dHi = Math.min(cols, Math.max(0, delta) + k);
      const whole = dLo === -rows && dHi === cols;
      if ((rows + 1) * (dHi - dLo + 1) > maxBandCells) break;
      const banded = bandedAlign(rows, cols, sub, costs.indel, dLo, dHi);
      if (whole || banded.cost <= (Math.abs(delta) + 2 * k + 2) * costs.indel) {
        solved = banded;
        method = "banded";
        break;
      }
      k *= 2;
    }
    if (!solved) {
      const pairs: AlignedPair[] = [];
      hirschberg(0, rows, 0, cols, sub, costs.indel, baseCells, pairs);
      solved = { pairs, cost: pathCost(pairs, sub, costs.indel) };
      method = "hirschberg";
    }
    middle = solved;
  }
  const pairs = head;
  for (const p of middle.pairs) pairs.push({ a: p.a < 0 ? -1 : p.a + lo, b: p.b < 0 ? -1 : p.b + lo });
  for (let t = 0; t < tail; t++) pairs.push({ a: n - tail + t, b: m - tail + t });
  return { pairs, cost: middle.cost, method };
}

function gapsOnly(rows: number, cols: number, indel: number) {
  const pairs: AlignedPair[] = [];
  for (let i = 0; i < rows; i++) pairs.push({ a: i, b: -1 });
  for (let j = 0; j < cols; j++) pairs.push({ a: -1, b: j });
  return { pairs, cost: (rows + cols) * indel };
}

function pathCost(pairs: AlignedPair[], sub: Sub, indel: number): number {
  let cost = 0;
  for (const p of pairs) cost += p.a >= 0 && p.b >= 0 ? sub.cost(p.a, p.b) : indel;
  return cost;
}

/** DP restricted to diagonals dLo ≤ j − i ≤ dHi, with a traceback matrix of (rows+1) × width bytes. */
function bandedAlign(rows: number, cols: number, sub: Sub, indel: number, dLo: number, dHi: number, i0 = 0, j0 = 0) {
  const width = dHi - dLo + 1;
  const { ga, gb } = sub;
  const INF = 0x3fffffff;
  let prev = new Int32Array(width).fill(INF);
  let cur = new Int32Array(width).fill(INF);
  const dir = new Uint8Array((rows + 1) * width);
  // Row 0: only insertions.
  for (let c = 0; c < width; c++) {
    const j = c + dLo;
    if (j >= 0 && j <= cols) {
      prev[c] = j * indel;
      dir[c] = LEFT;
    }
  }
  for (let i = 1; i <= rows; i++) {
    cur.fill(INF);
    const rowBase = i * width;
    const jFrom = Math.max(0, i + dLo);
    const jTo = Math.min(cols, i + dHi);
    for (let j = jFrom; j <= jTo; j++) {
      const c = j - i - dLo;
      let best = INF;
      let how = DIAG;
      if (j > 0 && prev[c] < INF && ga[i0 + i - 1] === gb[j0 + j - 1])
        best = prev[c] + sub.cost(i0 + i - 1, j0 + j - 1);
      if (c + 1 < width && prev[c + 1] < INF && prev[c + 1] + indel < best) {
        best = prev[c + 1] + indel;
        how = UP;
      }
      if (c > 0 && cur[c - 1] < INF && cur[c - 1] + indel < best) {
        best = cur[c - 1] + indel;
        how = LEFT;
      }
      cur[c] = best;
      dir[rowBase + c] = how;
    }
    [prev, cur] = [cur, prev];
  }
  const cost = prev[cols - rows - dLo];
  const reversed: AlignedPair[] = [];
  let i = rows;
  let j = cols;
  while (i > 0 || j > 0) {
    const how = i === 0 ? LEFT : j === 0 ? UP : dir[i * width + (j - i - dLo)];
    if (how === DIAG) reversed.push({ a: --i, b: --j });
    else if (how === UP) reversed.push({ a: --i, b: -1 });
    else reversed.push({ a: -1, b: --j });
  }
  return { pairs: reversed.reverse(), cost };
}

/** Last row of the DP of a[i0..i1) against b[j0..j1): cost of aligning all of a's range with b[j0..j0+j). */
function forwardRow(i0: number, i1: number, j0: number, j1: number, sub: Sub, indel: number): Int32Array {
  const cols = j1 - j0;
  const { ga, gb } = sub;
  const NEVER = 0x3fffffff;
  let prev = new Int32Array(cols + 1);
  let cur = new Int32Array(cols + 1);
  for (let j = 0; j <= cols; j++) prev[j] = j * indel;
  for (let i = i0; i < i1; i++) {
    cur[0] = prev[0] + indel;
    const g = ga[i];
    for (let j = 1; j <= cols; j++) {
      let best = g === gb[j0 + j - 1] ? prev[j - 1] + sub.cost(i, j0 + j - 1) : NEVER;
      const up = prev[j] + indel;
      if (up < best) best = up;
      const left = cur[j - 1] + indel;
      if (left < best) best = left;
      cur[j] = best;
    }
    [prev, cur] = [cur, prev];
  }
  return prev;
}

/** Same as `forwardRow`, from the ends: entry j = cost of aligning a[i0..i1) with b[j1−j..j1). */
function backwardRow(i0: number, i1: number, j0: number, j1: number, sub: Sub, indel: number): Int32Array {
  const cols = j1 - j0;
  const { ga, gb } = sub;
  const NEVER = 0x3fffffff;
  let prev = new Int32Array(cols + 1);
  let cur = new Int32Array(cols + 1);
  for (let j = 0; j <= cols; j++) prev[j] = j * indel;
  for (let i = i1 - 1; i >= i0; i--) {
    cur[0] = prev[0] + indel;
    const g = ga[i];
    for (let j = 1; j <= cols; j++) {
      let best = g === gb[j1 - j] ? prev[j - 1] + sub.cost(i, j1 - j) : NEVER;
      const up = prev[j] + indel;
      if (up < best) best = up;
      const left = cur[j - 1] + indel;
      if (left < best) best = left;
      cur[j] = best;
    }
    [prev, cur] = [cur, prev];
  }
  return prev;
}

function hirschberg(
  i0: number,
  i1: number,
  j0: number,
  j1: number,
  sub: Sub,
  indel: number,
  baseCells: number,
  out: AlignedPair[],
): void {
  const rows = i1 - i0;
  const cols = j1 - j0;
  if (rows === 0 || cols === 0) {
    for (let i = i0; i < i1; i++) out.push({ a: i, b: -1 });
    for (let j = j0; j < j1; j++) out.push({ a: -1, b: j });
    return;
  }
  if ((rows + 1) * (cols + 1) <= baseCells || rows === 1) {
    // A full band is the plain DP with a traceback matrix.
    const full = bandedAlign(rows, cols, sub, indel, -rows, cols, i0, j0);
    for (const p of full.pairs) out.push({ a: p.a < 0 ? -1 : p.a + i0, b: p.b < 0 ? -1 : p.b + j0 });
    return;
  }
  const mid = i0 + (rows >> 1);
  const front = forwardRow(i0, mid, j0, j1, sub, indel);
  const back = backwardRow(mid, i1, j0, j1, sub, indel);
  let split = 0;
  let best = Infinity;
  for (let j = 0; j <= cols; j++) {
    const total = front[j] + back[cols - j];
    if (total < best) {
      best = total;
      split = j;
    }
  }
  hirschberg(i0, mid, j0, j0 + split, sub, indel, baseCells, out);
  hirschberg(mid, i1, j0 + split, j1, sub, indel, baseCells, out);
}
