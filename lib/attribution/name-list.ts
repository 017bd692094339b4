/** "A", "A and B", "A, B and C", "A, B and 2 more": names in a sentence, at most three written out. */
export function nameList(list: readonly string[]): string {
  if (list.length <= 1) return list[0] ?? "";
  if (list.length <= 3) return `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
  return `${list[0]}, ${list[1]} and ${list.length - 2} more`;
}
