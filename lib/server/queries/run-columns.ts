import "server-only";
import type { Run } from "@/lib/generated/prisma/client";

/** `r."field", ...` for a raw query over `runs r`, from a field list of lib/view/run-row.ts (names are schema keys, never input). */
export function runColumnsSql(fields: readonly (keyof Run)[], alias = "r"): string {
  return fields.map((f) => `${alias}."${f}"`).join(", ");
}
