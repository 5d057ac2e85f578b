// GET/POST /api/auth/* — next-auth (sign-in, sign-out, session, csrf).
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { afterStart } from "@/lib/boot/after-start";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Built on first use, not at import: the build must not need the runtime secrets.
async function handler(req: NextRequest, ctx: Ctx) {
  return NextAuth(req, ctx, authOptions());
}

const started = afterStart(handler);
export { started as GET, started as POST };
