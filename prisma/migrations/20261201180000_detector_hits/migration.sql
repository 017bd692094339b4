-- AlterTable
ALTER TABLE "analyses" ADD COLUMN     "detectorHits" JSONB;

-- Backfill from the stored reports, once, so the /patterns spectrum (which now reads only this
-- column) keeps every run analyzed before this migration. Same shape and threshold as
-- detectorHits() in lib/patterns/behaviour-signature.ts (DETECTOR_MIN_SCORE = 0.5).
UPDATE "analyses" SET "detectorHits" = coalesce((
    SELECT jsonb_agg(jsonb_build_object('stepId', s->'stepId', 'detectors', hit.names) ORDER BY n)
    FROM jsonb_array_elements("result"->'steps') WITH ORDINALITY AS e(s, n)
    CROSS JOIN LATERAL (
      SELECT jsonb_agg(d->'name' ORDER BY m) AS names
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(s->'detectors') = 'array' THEN s->'detectors' ELSE '[]'::jsonb END) WITH ORDINALITY AS f(d, m)
      WHERE (d->>'score')::float8 >= 0.5
    ) hit
    WHERE hit.names IS NOT NULL
  ), '[]'::jsonb)
WHERE "status" = 'done' AND jsonb_typeof("result"->'steps') = 'array';
