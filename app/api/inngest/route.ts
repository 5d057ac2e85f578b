// GET/POST/PUT /api/inngest — Inngest's serve endpoint (only when Inngest is configured).
import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { env } from "@/lib/env";
import { startingResponse } from "@/lib/boot/after-start";
import { plainRoute } from "@/lib/http/plain-route";

const handlers = serve({ client: inngest, functions });

// On Vercel each step runs within one function invocation: a campaign batch takes up to 15 s and
// a retention run up to about a minute, longer than some plans' default limit (docs/deploy-vercel.md).
export const maxDuration = 300;

type Handler = (typeof handlers)["GET"];

// Logged by the request core; not configured is answered at once, before any wait for the start.
function whenEnabled(handler: Handler) {
  return plainRoute<Parameters<Handler>[0], Parameters<Handler>[1]>(
    async (req, res) => {
      if (!env().inngestEnabled) {
        return Response.json({ error: "Inngest is not configured; the embedded runner does the work" }, { status: 404 });
      }
      return (await startingResponse()) ?? handler(req, res);
    },
    { waitsForStart: false },
  );
}

export const GET = whenEnabled(handlers.GET);
export const POST = whenEnabled(handlers.POST);
export const PUT = whenEnabled(handlers.PUT);
