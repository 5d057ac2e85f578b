// The one shape a member has in API responses.
export function memberView(m: { id: string; userId: string; role: string; createdAt: Date }, user: { email: string; name: string }) {
  return { id: m.id, userId: m.userId, email: user.email, name: user.name, role: m.role, createdAt: m.createdAt };
}
