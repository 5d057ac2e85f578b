// The Handlebars built-ins templates may use. Kept apart from the engine so the browser can
// validate names against them without loading Handlebars.
/** How each allowed built-in is called: as a block ({{#if x}}…{{/if}}) or inline ({{lookup a b}}), and with how many arguments. */
export const BUILTIN_HELPERS = {
  if: { block: true, params: 1 },
  unless: { block: true, params: 1 },
  each: { block: true, params: 1 },
  with: { block: true, params: 1 },
  lookup: { block: false, params: 2 },
} as const;
export type BuiltinHelper = keyof typeof BUILTIN_HELPERS;

export const isBuiltinHelper = (name: string): name is BuiltinHelper => Object.hasOwn(BUILTIN_HELPERS, name);
