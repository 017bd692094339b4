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
