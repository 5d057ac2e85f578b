// LIKE treats % and _ as wildcards, and Prisma's contains/startsWith pass them through: user
// text is escaped (backslash is PostgreSQL's default LIKE escape) so it matches literally.
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern matching values that contain `s`. */
export const likePattern = (s: string) => `%${escapeLike(s)}%`;
