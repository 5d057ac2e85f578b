// POST /api/v1/domains/:id/verify — look the records up now; the domain with its new status (domains:write)
import { v1Route } from "@/lib/http/v1-route";
import { verifyDomainOperation } from "@/lib/domains/operations";

export const POST = v1Route(verifyDomainOperation);
