// GET/POST/PUT /api/inngest — Inngest's serve endpoint (only when Inngest is configured).
import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { env } from "@/lib/env";

const handlers = serve({ client: inngest, functions });

type Handler = (typeof handlers)["GET"];

function whenEnabled(handler: Handler): Handler {
  return (async (...args: Parameters<Handler>) => {
    if (!env().inngestEnabled) {
      return Response.json({ error: "Inngest is not configured; the embedded runner does the work" }, { status: 404 });
    }
    return handler(...args);
  }) as Handler;
}

export const GET = whenEnabled(handlers.GET);
export const POST = whenEnabled(handlers.POST);
export const PUT = whenEnabled(handlers.PUT);
