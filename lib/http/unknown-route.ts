// The answer to a path no route serves: 404 NOT_FOUND in the family's error shape, logged like
// any request. Nothing to wait for: it touches no data.
import { AppError } from "@/lib/errors/app-error";
import { handleRequest, routeOf, type Family } from "@/lib/http/handle-request";

export function unknownRoute(family: Family) {
  return (req: Request): Promise<Response> => {
    const route = routeOf(req);
    return handleRequest(req, { family, route, waitsForStart: false }, async () => {
      throw new AppError("NOT_FOUND", `No API route ${route}`);
    });
  };
}
