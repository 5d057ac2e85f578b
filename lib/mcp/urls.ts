// Where the MCP endpoint lives and where its RFC 9728 protected-resource metadata is, both
// derived from APP_URL (the public base URL, also the OAuth issuer).
import { getOAuthProtectedResourceMetadataUrl } from "@modelcontextprotocol/server";
import { env } from "@/lib/env";

/** APP_URL without a trailing slash: the authorization server's issuer. */
export const appBaseUrl = (): string => env().APP_URL.replace(/\/+$/, "");

/** The MCP endpoint's URL: the protected resource's identifier. */
export const mcpResourceUrl = (): string => `${appBaseUrl()}/api/mcp`;

/** `<APP_URL>/.well-known/oauth-protected-resource/api/mcp` (the path-aware RFC 9728 location). */
export const mcpResourceMetadataUrl = (): string => getOAuthProtectedResourceMetadataUrl(new URL(mcpResourceUrl()));
