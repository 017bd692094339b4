"use client";
import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { deleteRun } from "@/lib/server/actions/delete-run";
import type { RunActionProps } from "./types";

/** Deletes the run and everything of it, after a confirmation. */
export function DeleteButton({ runId, report }: RunActionProps) {
  const [pending, start] = useTransition();
  const router = useRouter();
  return (
    <button
      type="button"
      className="button"
      data-testid="delete-run"
      disabled={pending}
      onClick={() => {
        if (
          !window.confirm(
            "Delete this run and everything of it (analyses, labels, share links, replays)? This cannot be undone.",
          )
        )
          return;
        start(async () => {
          const result = await deleteRun({ runId });
          if (result.ok) router.push("/");
          else report(result.error.message);
        });
      }}
    >
      Delete
    </button>
  );
}
