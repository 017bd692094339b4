/** Report numbers carry six decimals: enough for blame and rewards, stable across platforms in JSON. */
export const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
