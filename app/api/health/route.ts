import { defineRoute } from "@/lib/server/http/define-route";
import { pool } from "@/lib/server/pg-pool";

export const dynamic = "force-dynamic";

/** Liveness and database reachability, for process managers and the e2e harness. */
export const GET = defineRoute({ access: "public" }, async () => {
  try {
    await pool().query("SELECT 1");
    return Response.json({ ok: true });
  } catch {
    return Response.json({ ok: false, error: "database unreachable" }, { status: 503 });
  }
});
