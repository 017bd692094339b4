"use client";
import type { SignInFailureSummary } from "@/lib/server/auth/sign-in-limits";
import { ListPanel } from "./ListPanel";

const minute = (iso: string) => iso.slice(0, 16).replace("T", " ");

/** The owners' audit log of failed and refused password sign-ins (last 7 days, by account and address). */
export function SignInFailuresPanel({ rows }: { rows: SignInFailureSummary[] }) {
  return (
    <ListPanel
      testId="sign-in-failures"
      title="Failed sign-ins"
      intro="Wrong passwords and tries refused by the sign-in limits in the last 7 days. After 5 wrong passwords for an account (8 from one address) each further try waits, doubling up to 15 minutes."
      empty="None."
      headers={["Email", "From", "Wrong passwords", "Refused", "Last (UTC)"]}
      rows={rows}
      rowKey={(r) => `${r.email}\u0000${r.address}`}
      rowTestId="sign-in-failure-row"
      cells={(r) => [
        r.email || "(none)",
        <code key="address">{r.address}</code>,
        r.failures,
        r.limited,
        minute(r.last),
      ]}
    />
  );
}
