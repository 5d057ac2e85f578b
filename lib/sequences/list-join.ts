// Contacts joining a list enrol in the active sequences that list triggers.
// (Filled in by the sequences work: enrolments inserted once per contact and sequence, and their first step scheduled.)

/** Called after contacts were added to a list (committed): enrols them in the sequences the list triggers. */
export async function enrolOnListJoin(_args: { orgId: string; listId: string; contactIds: string[] }): Promise<void> {}
