-- AlterTable
ALTER TABLE "agents" ADD COLUMN     "kind" TEXT;
