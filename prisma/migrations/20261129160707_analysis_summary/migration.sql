-- AlterTable
ALTER TABLE "analyses" ADD COLUMN     "culpritAgent" TEXT,
ADD COLUMN     "interactionClass" TEXT;

-- Backfill from the stored reports.
UPDATE "analyses"
SET "culpritAgent" = "result"->'decisive'->>'agent',
    "interactionClass" = "result"->'interaction'->>'class'
WHERE "result" IS NOT NULL;
