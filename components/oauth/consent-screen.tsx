import type { Role } from "@/lib/auth/permissions";
import type { AuthorizationRequest } from "@/lib/oauth/authorization-request";
import { roleScopes } from "@/lib/oauth/scopes";
import { OAuthCard } from "@/components/oauth/oauth-card";
import { SwitchAccount } from "@/components/oauth/switch-account";
import { isKnownScope, scopeLabel } from "@/components/oauth/scope-labels";

type Consent = Extract<AuthorizationRequest, { outcome: "consent" }>;

interface ConsentScreenProps {
  consent: Consent;
  user: { email: string; role: Role };
}

const hostOf = (url: string | null): string | null => {
  if (!url) return null;
  try {
    return new URL(url).host || url;
  } catch {
    return null;
  }
};

function ScopeItem({ scope, note, tone }: { scope: string; note?: string; tone: "granted" | "denied" }) {
  return (
    <li className="flex items-start gap-2 py-1.5">
      <span aria-hidden="true" className={`mt-0.5 text-sm ${tone === "granted" ? "text-green-600 dark:text-green-400" : "text-zinc-400"}`}>
        {tone === "granted" ? "✓" : "✕"}
      </span>
      <span className="min-w-0 text-sm">
        {scopeLabel(scope)} <code className="text-xs break-all text-zinc-500 dark:text-zinc-400">{scope}</code>
        {note && <span className="block text-xs text-zinc-500 dark:text-zinc-400">{note}</span>}
      </span>
    </li>
  );
}

/**
 * What the app gets, what it asked for and will not get, and the approve/deny form. The form
 * posts the request's normalized parameters back, so the endpoint reads the request again and
 * grants only what the role backs at that moment, whatever this page showed.
 */
export function ConsentScreen({ consent, user }: ConsentScreenProps) {
  const { client, organization, params, granted, notGranted } = consent;
  const appHost = hostOf(client.clientUri);
  const returnHost = hostOf(params.redirect_uri) ?? params.redirect_uri;
  const backed = new Set<string>(roleScopes(user.role));
  // Most refusals are the role's; a few are the app's own registration, or not a scope at all.
  const noteFor = (scope: string) =>
    !isKnownScope(scope) ? "Not a permission Mailroom has." : backed.has(scope) ? "The app is not registered for this." : undefined;
  const nothing = granted.length === 0;

  return (
    <OAuthCard>
      <h1 className="mt-2 text-xl font-semibold break-words">
        {client.name} wants to access {organization}
      </h1>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
        {appHost && <span className="break-all">{appHost} · </span>}
        {client.registeredBy === "dashboard"
          ? "Registered by your organization"
          : "Self-registered: Mailroom has not checked who made this app"}
      </p>
      <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-300">
        Signed in as <strong className="break-all">{user.email}</strong>. <SwitchAccount />
      </p>

      {nothing ? (
        <p
          role="status"
          className="mt-5 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
        >
          Your role ({user.role}) doesn&apos;t allow anything {client.name} asked for, so it can&apos;t be connected.
        </p>
      ) : (
        <section aria-labelledby="oauth-granted" className="mt-5">
          <h2 id="oauth-granted" className="text-sm font-semibold">
            It will be able to:
          </h2>
          <ul data-testid="oauth-granted" className="mt-1">
            {granted.map((scope) => (
              <ScopeItem key={scope} scope={scope} tone="granted" />
            ))}
          </ul>
        </section>
      )}

      {notGranted.length > 0 && (
        <section aria-labelledby="oauth-not-granted" className="mt-5">
          <h2 id="oauth-not-granted" className="text-sm font-semibold">
            Not granted
          </h2>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {client.name} asked for {nothing ? "these" : "these too"}. Your role ({user.role}) doesn&apos;t allow them, so it won&apos;t get
            them.
          </p>
          <ul data-testid="oauth-not-granted" className="mt-1">
            {notGranted.map((scope) => (
              <ScopeItem key={scope} scope={scope} tone="denied" note={noteFor(scope)} />
            ))}
          </ul>
        </section>
      )}

      <form method="post" action="/api/oauth/authorize" className="mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        {Object.entries(params).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {/* What this screen showed as granted: the approval never grants more. */}
        <input type="hidden" name="granted" value={granted.join(" ")} />
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {nothing ? (
            <>
              You&apos;ll be sent back to <span className="break-all">{returnHost}</span>, and {client.name} will be told that nothing it
              asked for can be granted (invalid_scope).
            </>
          ) : (
            <>
              Approving sends you back to <span className="break-all">{returnHost}</span>. You can revoke access at any time under Connected
              apps.
            </>
          )}
        </p>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {nothing ? (
            // The approval fails with invalid_scope (SPEC): with nothing shown as granted, nothing can be.
            <button type="submit" name="decision" value="approve" className="btn-primary">
              Back to {client.name}
            </button>
          ) : (
            <>
              <button type="submit" name="decision" value="deny" className="btn-secondary">
                Deny
              </button>
              <button type="submit" name="decision" value="approve" className="btn-primary">
                Approve
              </button>
            </>
          )}
        </div>
      </form>
    </OAuthCard>
  );
}
