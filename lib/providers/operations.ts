import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { providerWithCapabilitiesSchema } from "@/lib/providers/schemas";

export const listProvidersOperation = defineOperation({
  method: "GET",
  path: "/api/v1/providers",
  summary: "List the organization's providers (read-only; secrets masked)",
  tag: "Providers",
  scope: "providers:read",
  response: z.array(providerWithCapabilitiesSchema),
});
