// POST /api/v1/contacts/import — import contacts from a streamed CSV upload (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { importContactsOperation } from "@/lib/contacts/import-operations";

export const POST = v1Route(importContactsOperation);
