-- AlterTable: trajectory figures the runs list sorts and filters on.
ALTER TABLE "analyses" ADD COLUMN     "verificationCost" DOUBLE PRECISION,
ADD COLUMN     "redundancyShare" DOUBLE PRECISION,
ADD COLUMN     "flagKinds" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Backfill from reports that already carry trajectory metrics.
UPDATE "analyses"
SET "verificationCost" = ("result"->'trajectory'->'verification'->>'costShare')::double precision,
    "redundancyShare" = ("result"->'trajectory'->'redundancy'->>'nearDuplicateTokenShare')::double precision,
    "flagKinds" = COALESCE((SELECT array_agg(DISTINCT f->>'kind' ORDER BY f->>'kind') FROM jsonb_array_elements("result"->'trajectory'->'flags') f), ARRAY[]::TEXT[])
WHERE "result" ? 'trajectory';
