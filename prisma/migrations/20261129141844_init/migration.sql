-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Outcome" AS ENUM ('success', 'failure', 'unknown');

-- CreateEnum
CREATE TYPE "EdgeKind" AS ENUM ('message', 'state', 'aggregation', 'delegation');

-- CreateEnum
CREATE TYPE "AnalysisStatus" AS ENUM ('queued', 'running', 'done', 'failed');

-- CreateTable
CREATE TABLE "runs" (
    "id" UUID NOT NULL,
    "sourceFormat" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "system" TEXT,
    "task" TEXT,
    "outcome" "Outcome" NOT NULL,
    "groundTruth" TEXT,
    "finalAnswer" TEXT,
    "startedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "totalTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION,
    "agentCount" INTEGER NOT NULL,
    "stepCount" INTEGER NOT NULL,
    "edgeCount" INTEGER NOT NULL,
    "warnings" JSONB NOT NULL DEFAULT '[]',
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agents" (
    "runId" UUID NOT NULL,
    "idx" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT,
    "description" TEXT,
    "attributes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "agents_pkey" PRIMARY KEY ("runId","idx")
);

-- CreateTable
CREATE TABLE "steps" (
    "runId" UUID NOT NULL,
    "idx" INTEGER NOT NULL,
    "stepId" TEXT NOT NULL,
    "sourceRef" TEXT,
    "agent" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT,
    "input" TEXT,
    "content" TEXT NOT NULL,
    "toolName" TEXT,
    "toolArguments" JSONB,
    "toolResult" TEXT,
    "stateOp" TEXT,
    "stateKey" TEXT,
    "stateValue" TEXT,
    "target" TEXT,
    "status" TEXT NOT NULL,
    "errorType" TEXT,
    "errorMessage" TEXT,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "totalTokens" INTEGER,
    "costUsd" DOUBLE PRECISION,
    "startTime" TIMESTAMP(3),
    "endTime" TIMESTAMP(3),
    "parentIdx" INTEGER,
    "attributes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "steps_pkey" PRIMARY KEY ("runId","idx")
);

-- CreateTable
CREATE TABLE "edges" (
    "runId" UUID NOT NULL,
    "idx" INTEGER NOT NULL,
    "fromIdx" INTEGER NOT NULL,
    "toIdx" INTEGER NOT NULL,
    "kind" "EdgeKind" NOT NULL,
    "key" TEXT,
    "evidence" TEXT NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "edges_pkey" PRIMARY KEY ("runId","idx")
);

-- CreateTable
CREATE TABLE "analyses" (
    "id" UUID NOT NULL,
    "runId" UUID NOT NULL,
    "engineVersion" TEXT NOT NULL,
    "config" JSONB NOT NULL DEFAULT '{}',
    "status" "AnalysisStatus" NOT NULL,
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "result" JSONB,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "analyses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "share_links" (
    "token" TEXT NOT NULL,
    "runId" UUID NOT NULL,
    "viewState" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "share_links_pkey" PRIMARY KEY ("token")
);

-- CreateTable
CREATE TABLE "human_labels" (
    "id" UUID NOT NULL,
    "runId" UUID NOT NULL,
    "agent" TEXT,
    "stepId" TEXT,
    "note" TEXT,
    "author" TEXT NOT NULL,
    "imported" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "human_labels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "otlp_span_batches" (
    "id" BIGSERIAL NOT NULL,
    "traceId" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "otlp_span_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "otlp_trace_states" (
    "traceId" TEXT NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,
    "rootEnded" BOOLEAN NOT NULL DEFAULT false,
    "spanCount" INTEGER NOT NULL DEFAULT 0,
    "runId" UUID,
    "finalizedAt" TIMESTAMP(3),

    CONSTRAINT "otlp_trace_states_pkey" PRIMARY KEY ("traceId")
);

-- CreateIndex
CREATE UNIQUE INDEX "runs_contentHash_key" ON "runs"("contentHash");

-- CreateIndex
CREATE INDEX "runs_createdAt_idx" ON "runs"("createdAt");

-- CreateIndex
CREATE INDEX "runs_system_idx" ON "runs"("system");

-- CreateIndex
CREATE INDEX "runs_outcome_idx" ON "runs"("outcome");

-- CreateIndex
CREATE UNIQUE INDEX "agents_runId_name_key" ON "agents"("runId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "steps_runId_stepId_key" ON "steps"("runId", "stepId");

-- CreateIndex
CREATE INDEX "edges_runId_toIdx_idx" ON "edges"("runId", "toIdx");

-- CreateIndex
CREATE INDEX "analyses_runId_createdAt_idx" ON "analyses"("runId", "createdAt");

-- CreateIndex
CREATE INDEX "share_links_runId_idx" ON "share_links"("runId");

-- CreateIndex
CREATE INDEX "human_labels_runId_idx" ON "human_labels"("runId");

-- CreateIndex
CREATE INDEX "otlp_span_batches_traceId_idx" ON "otlp_span_batches"("traceId");

-- CreateIndex
CREATE INDEX "otlp_trace_states_finalizedAt_lastSeenAt_idx" ON "otlp_trace_states"("finalizedAt", "lastSeenAt");

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "steps" ADD CONSTRAINT "steps_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "edges" ADD CONSTRAINT "edges_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "human_labels" ADD CONSTRAINT "human_labels_runId_fkey" FOREIGN KEY ("runId") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
