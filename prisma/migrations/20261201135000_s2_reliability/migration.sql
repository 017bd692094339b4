-- Trace timestamps were written as UTC with offsets dropped, so keep them as the same instants.
-- AlterTable
ALTER TABLE "runs" ALTER COLUMN "startedAt" SET DATA TYPE TIMESTAMPTZ(6) USING "startedAt" AT TIME ZONE 'UTC',
ALTER COLUMN "endedAt" SET DATA TYPE TIMESTAMPTZ(6) USING "endedAt" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "steps" ALTER COLUMN "startTime" SET DATA TYPE TIMESTAMPTZ(6) USING "startTime" AT TIME ZONE 'UTC',
ALTER COLUMN "endTime" SET DATA TYPE TIMESTAMPTZ(6) USING "endTime" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "analyses" ADD COLUMN     "queuedAt" TIMESTAMPTZ(6),
ADD COLUMN     "startedAt" TIMESTAMPTZ(6);

-- AlterTable
ALTER TABLE "otlp_trace_states" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "claimedUntil" TIMESTAMPTZ(6),
ADD COLUMN     "error" TEXT,
ADD COLUMN     "lateSpans" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "otlp_span_batches" ADD COLUMN     "spans" INTEGER NOT NULL DEFAULT 0;
