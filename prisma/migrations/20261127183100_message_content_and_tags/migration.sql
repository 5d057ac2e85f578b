-- What the message page shows of a sent message (lib/email/message-content.ts): its html and
-- text (bounded; body_truncated when cut), its headers, its attachments' names, types and sizes
-- (never their contents), and its tags as "name:value". Retention removes html and text
-- (body_removed_at records when, docs/retention.md); headers, attachment list and tags stay.
ALTER TABLE "messages" ADD COLUMN "html" TEXT;
ALTER TABLE "messages" ADD COLUMN "text" TEXT;
ALTER TABLE "messages" ADD COLUMN "headers" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "messages" ADD COLUMN "attachments" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "messages" ADD COLUMN "body_truncated" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "messages" ADD COLUMN "body_removed_at" TIMESTAMPTZ(3);
ALTER TABLE "messages" ADD COLUMN "tags" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

-- The messages log filters by tag (tags @> ARRAY['name:value']).
CREATE INDEX "messages_tags_idx" ON "messages" USING GIN ("tags");
-- Exactly the messages with a body left: what retention blanks, oldest first.
CREATE INDEX "messages_body_retention_idx" ON "messages" ("created_at")
  WHERE "body_removed_at" IS NULL AND ("html" IS NOT NULL OR "text" IS NOT NULL);
