// Any other /api/v1 path — 404 NOT_FOUND in the v1 error shape, with a request id.
import { v1Family } from "@/lib/http/families";
import { unknownRoute } from "@/lib/http/unknown-route";

const notFound = unknownRoute(v1Family);

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
