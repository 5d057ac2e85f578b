// next-auth: email + password sign-in (provider id "credentials"), JWT sessions that carry
// the user, organization and role. API routes re-read the role from the database.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getAuthSecret } from "@/lib/config/secrets";
import { env } from "@/lib/env";
import { verifyCredentials } from "@/lib/users/verify-credentials";
import { allowSignInAttempt } from "@/lib/users/sign-in-throttle";
import { findMembership } from "@/lib/members/find-membership";

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string; orgId: string; role: string };
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    orgId?: string;
  }
}

let options: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  if (options) return options;
  process.env.NEXTAUTH_URL ??= env().APP_URL;
  options = {
    secret: getAuthSecret(),
    session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials) {
          const email = credentials?.email;
          const password = credentials?.password;
          if (typeof email !== "string" || typeof password !== "string" || !email || !password) return null;
          if (email.length > 320 || password.length > 200) return null;
          if (!(await allowSignInAttempt(email))) return null;
          const user = await verifyCredentials(email, password);
          return user ? { id: user.id, email: user.email, name: user.name, orgId: user.orgId } : null;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.orgId = (user as { orgId?: string }).orgId;
        }
        return token;
      },
      async session({ session, token }) {
        const membership =
          token.uid && token.orgId ? await findMembership({ orgId: token.orgId, userId: token.uid }) : null;
        session.user = {
          id: token.uid ?? "",
          email: token.email ?? "",
          name: token.name ?? "",
          orgId: membership?.orgId ?? "",
          role: membership?.role ?? "",
        };
        return session;
      },
    },
  };
  return options;
}
