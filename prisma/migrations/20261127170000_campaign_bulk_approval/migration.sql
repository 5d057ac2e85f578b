-- Whether whoever scheduled a campaign could send in bulk: a scheduled start that finds its list
-- grown past the organization's threshold needs that approval. Campaigns scheduled before this
-- release count as unapproved, so one whose list grew past the threshold goes back to draft.

-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "bulk_approved" BOOLEAN NOT NULL DEFAULT false;
