-- AlterTable
ALTER TABLE "analyses" ADD COLUMN     "agentFigures" JSONB,
ADD COLUMN     "signatureFields" JSONB,
ADD COLUMN     "trajectoryMetrics" JSONB;

-- Backfill from the stored reports, once, so the budget view, the metrics CSV and the failure
-- patterns (which now read only these columns) keep every run analyzed before this migration. Same shapes as
-- lib/server/analysis-columns.ts writes.
UPDATE "analyses" SET
  "trajectoryMetrics" = ("result"->'trajectory') - 'perAgent' - 'flags',
  "agentFigures" = (
    SELECT coalesce(jsonb_agg(jsonb_build_object('agent', a->'agent', 'blame', a->'blame', 'importance', a->'importance', 'tokenShare', a->'tokenShare') ORDER BY n), '[]'::jsonb)
    FROM jsonb_array_elements("result"->'trajectory'->'perAgent') WITH ORDINALITY AS e(a, n)
  )
WHERE "status" = 'done' AND jsonb_typeof("result"->'trajectory') = 'object' AND jsonb_typeof("result"->'trajectory'->'perAgent') = 'array';

UPDATE "analyses" SET
  "signatureFields" = jsonb_build_object(
    'decisive', "result"->'decisive',
    'steps', coalesce((SELECT jsonb_agg(x.s) FROM (SELECT s FROM jsonb_array_elements("result"->'steps') s WHERE s->>'stepId' = "result"->'decisive'->>'stepId' LIMIT 1) x), '[]'::jsonb),
    'channelPath', coalesce("result"->'channelPath', '[]'::jsonb),
    'interaction', "result"->'interaction'
  )
WHERE "status" = 'done' AND jsonb_typeof("result"->'decisive') = 'object' AND jsonb_typeof("result"->'steps') = 'array';
