// The template variables a contact offers a campaign or a sequence step: each of its custom
// properties by key, then `email` and `name` (the contact's own win over properties of those
// names), and everything again under `contact` (`{{contact.email}}`, `{{contact.properties.plan}}`).
export function contactVariables(contact: { email: string; name: string | null; properties: unknown }): Record<string, unknown> {
  const raw = typeof contact.properties === "string" ? JSON.parse(contact.properties) : contact.properties;
  const properties = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const name = contact.name ?? "";
  return { ...properties, email: contact.email, name, contact: { email: contact.email, name, properties } };
}
