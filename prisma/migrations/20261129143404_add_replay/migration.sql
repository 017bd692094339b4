-- CreateEnum
CREATE TYPE "ReplayStatus" AS ENUM ('queued', 'running', 'done', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "replay_cache" (
    "id" UUID NOT NULL,
    "runId" UUID NOT NULL,
    "traceHash" TEXT NOT NULL,
    "interventionKey" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "interventions" JSONB NOT NULL,
    "outcome" "Outcome" NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "replay_cache_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "replay_verifications" (
    "id" UUID NOT NULL,
    "runId" UUID NOT NULL,
    "analysisId" UUID,
    "endpoint" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "status" "ReplayStatus" NOT NULL,
    "budget" INTEGER NOT NULL,
    "replayCount" INTEGER NOT NULL DEFAULT 0,
    "cacheHits" INTEGER NOT NULL DEFAULT 0,
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "interventions" JSONB NOT NULL DEFAULT '[]',
    "result" JSONB,
    "agreement" TEXT,
    "offlineAgent" TEXT,
    "confirmedAgent" TEXT,
    "error" TEXT,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "replay_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "replay_cache_runId_idx" ON "replay_cache"("runId");

-- CreateIndex
CREATE UNIQUE INDEX "replay_cache_traceHash_interventionKey_endpoint_key" ON "replay_cache"("traceHash", "interventionKey", "endpoint");

-- CreateIndex
CREATE INDEX "replay_verifications_runId_createdAt_idx" ON "replay_verifications"("runId", "createdAt");

-- AddForeignKey
ALTER TABLE "replay_cache" ADD CONSTRAINT "replay_cache_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "replay_verifications" ADD CONSTRAINT "replay_verifications_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
