// An OAuth client as the protocol library sees it: its registration, with the secret's hash
// kept apart (clientView) so it is never handed back.
import { db } from "@/lib/db/client";
import { looksLike } from "@/lib/oauth/token-format";

export interface OAuthClientRecord {
  /** The row id; the public client_id is `clientId`. */
  id: string;
  clientId: string;
  name: string;
  orgId: string | null;
  redirectUris: string[];
  scopes: string[];
  clientUri: string | null;
  registeredBy: string;
  confidential: boolean;
  grants: string[];
}

const GRANT_TYPES = ["authorization_code", "refresh_token"];

export async function findClient(clientId: string): Promise<(OAuthClientRecord & { secretHash: string | null }) | null> {
  // Anything not shaped like a client id is unknown without a look-up (and never reaches the
  // database: a NUL byte in a query parameter would make PostgreSQL fail the statement).
  if (!looksLike("clientId", clientId)) return null;
  const row = await db().oAuthClient.findUnique({ where: { clientId } });
  if (!row) return null;
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    orgId: row.orgId,
    redirectUris: row.redirectUris,
    scopes: row.scopes,
    clientUri: row.clientUri,
    registeredBy: row.registeredBy,
    confidential: row.secretHash !== null,
    grants: GRANT_TYPES,
    secretHash: row.secretHash,
  };
}

export function clientView(client: OAuthClientRecord & { secretHash: string | null }): OAuthClientRecord {
  const view: OAuthClientRecord & { secretHash?: string | null } = { ...client };
  delete view.secretHash;
  return view;
}
