-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "uploadedByUserId" TEXT;

-- AlterTable
ALTER TABLE "analyses" ADD COLUMN     "heartbeatAt" TIMESTAMPTZ(6);

-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "role" "Role" NOT NULL DEFAULT 'owner',
ADD COLUMN     "scope" TEXT NOT NULL DEFAULT 'ingest-verify';

-- CreateTable
CREATE TABLE "sign_in_failures" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "email" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "reason" TEXT NOT NULL,

    CONSTRAINT "sign_in_failures_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sign_in_failures_email_at_idx" ON "sign_in_failures"("email", "at");

-- CreateIndex
CREATE INDEX "sign_in_failures_address_at_idx" ON "sign_in_failures"("address", "at");

-- CreateIndex
CREATE INDEX "sign_in_failures_at_idx" ON "sign_in_failures"("at");
