// Tags on a send (DESIGN.md §7): up to 10 {name, value} pairs of ASCII letters, digits, _ and -,
// each at most 256 characters. Stored on the message as "name:value" (messages.tags), which the
// messages log filters on.
import { z } from "zod";

const TAG_PART = /^[A-Za-z0-9_-]+$/;
export const MAX_TAGS = 10;

const tagPart = (what: string) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .max(256, `${what} is at most 256 characters`)
    .regex(TAG_PART, `${what} may hold only ASCII letters, digits, _ and -`);

export const tagSchema = z.object({ name: tagPart("name"), value: tagPart("value") }).strict();
export type Tag = z.infer<typeof tagSchema>;

export const tagsSchema = z
  .array(tagSchema)
  .max(MAX_TAGS, `at most ${MAX_TAGS} tags`)
  .superRefine((tags, ctx) => {
    const seen = new Set<string>();
    tags.forEach((t, i) => {
      if (seen.has(t.name)) ctx.addIssue({ code: "custom", path: [i, "name"], message: `the tag ${t.name} is given twice` });
      seen.add(t.name);
    });
  })
  .describe('up to 10 tags, e.g. [{"name": "category", "value": "welcome"}]; names and values: ASCII letters, digits, _ and -');

/** A "name:value" filter of the messages log. */
export const tagFilterSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,256}:[A-Za-z0-9_-]{1,256}$/, "must be name:value (ASCII letters, digits, _ and -)")
  .describe("name:value of one tag");

/** Stored "name:value" tags as the API and webhooks show them. */
export const tagPairs = (stored: readonly string[]): Tag[] =>
  stored.map((t) => ({ name: t.slice(0, t.indexOf(":")), value: t.slice(t.indexOf(":") + 1) }));
