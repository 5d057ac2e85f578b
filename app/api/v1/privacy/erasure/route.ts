// POST /api/v1/privacy/erasure — erase an address from the organization (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { eraseAddressOperation } from "@/lib/privacy/operations";

export const POST = v1Route(eraseAddressOperation);
