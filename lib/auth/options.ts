// next-auth: email + password sign-in (provider id "credentials"), JWT sessions that carry
// the user, organization and role. API routes re-read the role from the database, and a
// sign-out ends the session everywhere (see session-member.ts).
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getAuthSecret } from "@/lib/config/secrets";
import { env } from "@/lib/env";
import { verifyCredentials } from "@/lib/users/verify-credentials";
import { cookies } from "next/headers";
import { admitSignInAttempt, signInSucceeded } from "@/lib/users/sign-in-throttle";
import { deviceCookie, rememberedDevice } from "@/lib/users/remembered-device";
import { clientAddress } from "@/lib/http/client-address";
import { endSessions } from "@/lib/users/end-sessions";
import { memberOfToken } from "@/lib/auth/session-member";
import { safeRedirect } from "@/lib/auth/safe-callback";

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string; orgId: string; role: string };
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    orgId?: string;
    /** The user's session version when the token was issued. */
    sv?: number;
  }
}

/** next-auth reads NEXTAUTH_URL for its own links: default it to APP_URL. */
export function ensureAuthUrl() {
  process.env.NEXTAUTH_URL ??= env().APP_URL;
}

let options: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  if (options) return options;
  ensureAuthUrl();
  options = {
    secret: getAuthSecret(),
    session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const email = credentials?.email;
          const password = credentials?.password;
          if (typeof email !== "string" || typeof password !== "string" || !email || !password) return null;
          if (email.length > 320 || password.length > 200) return null;
          const ip = clientAddress(req?.headers);
          const device = rememberedDevice(req?.headers?.cookie, email);
          // Counted before the password is checked (sign-in-throttle.ts).
          if (!(await admitSignInAttempt(email, ip, device)).admitted) return null;
          const user = await verifyCredentials(email, password);
          if (!user) return null;
          await signInSucceeded(email, ip, device);
          const remember = deviceCookie(email, device);
          (await cookies()).set(remember.name, remember.value, remember.options);
          return { id: user.id, email: user.email, name: user.name, orgId: user.orgId, sv: user.sessionVersion };
        },
      }),
    ],
    callbacks: {
      redirect: ({ url, baseUrl }) => safeRedirect(url, baseUrl),
      async jwt({ token, user }) {
        if (user) {
          const u = user as { id: string; orgId?: string; sv?: number };
          token.uid = u.id;
          token.orgId = u.orgId;
          token.sv = u.sv ?? 0;
        }
        return token;
      },
      async session({ session, token }) {
        const m = await memberOfToken(token);
        session.user = {
          id: m ? m.userId : "",
          email: m ? (token.email ?? "") : "",
          // From the database, not the token: a name chosen after sign-in shows at once.
          name: m?.name ?? "",
          orgId: m?.orgId ?? "",
          role: m?.role ?? "",
        };
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        if (token?.uid) await endSessions(token.uid);
      },
    },
  };
  return options;
}
