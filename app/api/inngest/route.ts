// GET/POST/PUT /api/inngest — Inngest's serve endpoint (only when Inngest is configured).
import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { env } from "@/lib/env";
import { startingResponse } from "@/lib/boot/after-start";

const handlers = serve({ client: inngest, functions });

// On Vercel each step runs within one function invocation: a campaign batch takes up to 15 s and
// a retention run up to about a minute, longer than some plans' default limit (docs/deploy-vercel.md).
export const maxDuration = 300;

type Handler = (typeof handlers)["GET"];

function whenEnabled(handler: Handler): Handler {
  return (async (...args: Parameters<Handler>) => {
    if (!env().inngestEnabled) {
      return Response.json({ error: "Inngest is not configured; the embedded runner does the work" }, { status: 404 });
    }
    return (await startingResponse()) ?? handler(...args);
  }) as Handler;
}

export const GET = whenEnabled(handlers.GET);
export const POST = whenEnabled(handlers.POST);
export const PUT = whenEnabled(handlers.PUT);
