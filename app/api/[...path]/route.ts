// Any other /api path — 404 {error, code} in the legacy shape.
import { legacyFamily } from "@/lib/http/families";
import { unknownRoute } from "@/lib/http/unknown-route";

const notFound = unknownRoute(legacyFamily);

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
