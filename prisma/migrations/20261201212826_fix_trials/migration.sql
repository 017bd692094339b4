-- CreateTable
CREATE TABLE "fix_trials" (
    "id" UUID NOT NULL,
    "runId" UUID NOT NULL,
    "agent" TEXT NOT NULL,
    "fixType" TEXT NOT NULL,
    "instruction" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" "ReplayStatus" NOT NULL,
    "runs" INTEGER NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "flipped" INTEGER NOT NULL DEFAULT 0,
    "replays" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "fix_trials_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "fix_trials_runId_createdAt_idx" ON "fix_trials"("runId", "createdAt");

-- AddForeignKey
ALTER TABLE "fix_trials" ADD CONSTRAINT "fix_trials_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the decisive fix (engine 0.8+) joins the signature columns the patterns page reads
-- (lib/server/analysis-columns.ts writes the same for new analyses).
UPDATE "analyses" SET
  "signatureFields" = "signatureFields" || jsonb_build_object(
    'fixes', (SELECT jsonb_agg(x.f) FROM (SELECT f FROM jsonb_array_elements("result"->'fixes') f WHERE f->>'role' = 'decisive' LIMIT 1) x)
  )
WHERE "status" = 'done' AND jsonb_typeof("signatureFields") = 'object' AND jsonb_typeof("result"->'fixes') = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements("result"->'fixes') f WHERE f->>'role' = 'decisive');
