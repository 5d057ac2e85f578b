import { AppError } from "@/lib/http/errors";
import type { Principal } from "@/lib/http/principal";

/** The signed-in user behind a dashboard-only route (which never admits keys). */
export function sessionActor(p: Principal) {
  if (p.kind !== "session") throw new AppError("SESSION_ONLY", "This route accepts only a dashboard session");
  return { userId: p.userId, role: p.role };
}
