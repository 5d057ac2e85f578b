// GET /api/v1/privacy/export?email= — everything held about an address (contacts:read)
import { v1Route } from "@/lib/http/v1-route";
import { exportAddressOperation } from "@/lib/privacy/operations";

export const GET = v1Route(exportAddressOperation);
