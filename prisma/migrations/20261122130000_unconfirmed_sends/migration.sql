-- A send a provider took in full but never confirmed (a timeout or a dropped connection after
-- the message was handed over) is `unconfirmed` until evidence or its reconciliation settles it
-- (docs/sending.md).

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "reconcile_at" TIMESTAMPTZ(3),
ADD COLUMN     "unconfirmed_at" TIMESTAMPTZ(3);

-- Closed value set, with the new status.
ALTER TABLE "messages" DROP CONSTRAINT "messages_status_check";
ALTER TABLE "messages" ADD CONSTRAINT "messages_status_check" CHECK ("status" IN ('queued', 'sent', 'failed', 'unconfirmed'));
