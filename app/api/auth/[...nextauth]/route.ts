// GET/POST /api/auth/* — next-auth (sign-in, sign-out, session, csrf).
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { afterStart } from "@/lib/boot/after-start";
import { AppError } from "@/lib/http/errors";
import { json } from "@/lib/http/respond";
import { readTextBody } from "@/lib/http/read-body";

/** A sign-in form is a few hundred bytes. */
const AUTH_BODY_LIMIT = 64 * 1024;

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Built on first use, not at import: the build must not need the runtime secrets.
async function handler(req: NextRequest, ctx: Ctx) {
  if (req.method !== "POST") return NextAuth(req, ctx, authOptions());
  // next-auth reads a POST body whole (req.text()) before it looks at it, on a public route:
  // read here first, and no further than the limit (413 past it, in the legacy error shape).
  let body: string;
  try {
    body = await readTextBody(req, AUTH_BODY_LIMIT);
  } catch (err) {
    if (err instanceof AppError) return json({ error: err.message, code: err.code }, err.status);
    throw err;
  }
  return NextAuth(new NextRequest(req.url, { method: "POST", headers: req.headers, body }), ctx, authOptions());
}

const started = afterStart(handler);
export { started as GET, started as POST };
