-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "use_case_attribution" TEXT,
ADD COLUMN     "use_case_id" UUID;

-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "default_use_case_id" UUID;

-- CreateTable
CREATE TABLE "use_cases" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "use_cases_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "use_cases_org_id_created_at_idx" ON "use_cases"("org_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "use_cases_org_id_name_key" ON "use_cases"("org_id", "name");

-- AddForeignKey
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_default_use_case_id_fkey" FOREIGN KEY ("default_use_case_id") REFERENCES "use_cases"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_use_case_id_fkey" FOREIGN KEY ("use_case_id") REFERENCES "use_cases"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "use_cases" ADD CONSTRAINT "use_cases_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Checks (by hand)
ALTER TABLE "messages" ADD CONSTRAINT "messages_use_case_attribution_check" CHECK ("use_case_attribution" IN ('explicit', 'default'));
ALTER TABLE "use_cases" ADD CONSTRAINT "use_cases_name_check" CHECK ("name" <> '');
