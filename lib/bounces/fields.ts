// RFC 822-style field groups, as a DSN's delivery-status part and an ARF's feedback-report part
// hold them: "Name: value" lines, a line starting with white space continuing the one before,
// groups separated by empty lines. Bounded: at most MAX_REPORT_CHARS are read.
import { MAX_REPORT_CHARS } from "@/lib/bounces/report";

/** One group: lower-case field name -> its values, in order. */
export type FieldGroup = Map<string, string[]>;

const FIELD = /^([A-Za-z][A-Za-z0-9-]{0,76}):[ \t]*(.*)$/;

export function fieldGroups(text: string): FieldGroup[] {
  const groups: FieldGroup[] = [];
  let group: FieldGroup = new Map();
  let last: { name: string; index: number } | null = null;
  const close = () => {
    if (group.size) groups.push(group);
    group = new Map();
    last = null;
  };
  for (const line of text.slice(0, MAX_REPORT_CHARS).split(/\r?\n/)) {
    if (line.trim() === "") {
      close();
      continue;
    }
    if (/^[ \t]/.test(line) && last) {
      const values = group.get(last.name)!;
      values[last.index] = `${values[last.index]} ${line.trim()}`;
      continue;
    }
    const match = FIELD.exec(line);
    if (!match) {
      last = null;
      continue;
    }
    const name = match[1].toLowerCase();
    const values = group.get(name) ?? [];
    values.push(match[2].trim());
    group.set(name, values);
    last = { name, index: values.length - 1 };
  }
  close();
  return groups;
}

export const first = (group: FieldGroup, name: string): string | undefined => group.get(name)?.[0];
