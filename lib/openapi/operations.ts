// Every v1 operation, for the OpenAPI document (and the fuzz suite): every operation the modules
// below define (lib/http/operation.ts), module by module, in the order each defines them. A
// module of operations is named here once; an operation added to it appears by itself. A test
// checks that each route file under app/api/v1 appears in the document, so a new module cannot
// be left out.
import { operationsOf, type OperationSpec } from "@/lib/http/operation";
import * as organization from "@/lib/orgs/operations";
import * as members from "@/lib/members/operations";
import * as projects from "@/lib/projects/operations";
import * as providers from "@/lib/providers/operations";
import * as email from "@/lib/email/operations";
import * as analytics from "@/lib/analytics/operations";
import * as scheduling from "@/lib/scheduling/operations";
import * as webhooks from "@/lib/webhooks/operations";
import * as templates from "@/lib/templates/operations";
import * as inbox from "@/lib/inbound/operations";
import * as suppressions from "@/lib/suppressions/operations";
import * as useCases from "@/lib/use-cases/operations";
import * as domains from "@/lib/domains/operations";
import * as senders from "@/lib/senders/operations";
import * as sequences from "@/lib/sequences/operations";
import * as contacts from "@/lib/contacts/operations";
import * as contactImports from "@/lib/contacts/import-operations";
import * as lists from "@/lib/lists/operations";
import * as campaigns from "@/lib/campaigns/operations";
import * as privacy from "@/lib/privacy/operations";

export const v1Operations: OperationSpec[] = operationsOf([
  organization,
  members,
  projects,
  providers,
  email,
  analytics,
  scheduling,
  webhooks,
  templates,
  inbox,
  suppressions,
  useCases,
  domains,
  senders,
  sequences,
  contacts,
  contactImports,
  lists,
  campaigns,
  privacy,
]);
