/** Who may do what: viewers read; owners also change things (share, label, rerun, replay, delete, keys, users). */
export type Role = "owner" | "viewer";

export type Principal =
  | { kind: "local"; role: "owner"; userId: null; name: string }
  | { kind: "user"; role: Role; userId: string; name: string; email: string };

const RANK: Record<Role, number> = { viewer: 1, owner: 2 };

export function roleAllows(have: Role, need: Role): boolean {
  return RANK[have] >= RANK[need];
}

export function parseRole(value: unknown): Role {
  return value === "owner" ? "owner" : "viewer";
}
