// GET/POST /api/auth/*: next-auth, behind checks that turn requests it would answer with a
// 500 into a 4xx. next-auth v4 answers 500 to a callbackUrl (query or cookie) that is not a URL,
// to a JSON body that does not parse, and to a GET on the credentials callback; none of these
// is a failure of ours, so they are refused here before next-auth sees them.
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { AppError } from "@/lib/errors/app-error";
import { json } from "@/lib/http/respond";
import { readTextBody } from "@/lib/http/read-body";

/** A sign-in form is a few hundred bytes. */
const AUTH_BODY_LIMIT = 64 * 1024;

type Ctx = { params: Promise<{ nextauth: string[] }> };

/** The names next-auth gives its callback-URL cookie (with and without the https prefix). */
const CALLBACK_COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];

/** next-auth's own test of a callbackUrl (a path, or an absolute http(s) URL); it answers 500 to anything else. */
function isHttpUrl(value: string, base: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith("/") ? base : undefined).protocol);
  } catch {
    return false;
  }
}

const refuse = (message: string, headers: Record<string, string> = {}) => json({ error: message, code: "VALIDATION_ERROR" }, 400, headers);

export async function authRoute(req: NextRequest, ctx: Ctx): Promise<Response> {
  const [action, provider] = (await ctx.params).nextauth ?? [];
  // The credentials callback is the sign-in form's POST; a browser that lands on it otherwise goes to the sign-in page.
  if (action === "callback" && provider === "credentials" && req.method !== "POST") {
    return new Response(null, {
      status: 303,
      headers: { location: new URL("/sign-in", req.nextUrl.origin).href, "cache-control": "no-store" },
    });
  }
  const callbackUrl = req.nextUrl.searchParams.get("callbackUrl");
  if (callbackUrl !== null && callbackUrl !== "" && !isHttpUrl(callbackUrl, req.nextUrl.origin))
    return refuse("callbackUrl must be a path on this site");
  for (const name of CALLBACK_COOKIES) {
    const value = req.cookies.get(name)?.value;
    if (value && !isHttpUrl(value, req.nextUrl.origin)) {
      // A broken cookie would be refused on every request: clear it, so the next one works.
      return refuse("The sign-in cookie is malformed; it has been cleared, try again", {
        "set-cookie": `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`,
      });
    }
  }
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
  if (req.headers.get("content-type")?.includes("application/json")) {
    try {
      JSON.parse(body);
    } catch {
      return refuse("The body is not valid JSON");
    }
  }
  return NextAuth(new NextRequest(req.url, { method: "POST", headers: req.headers, body }), ctx, authOptions());
}
