// CSV formula injection (OWASP): a spreadsheet runs a cell starting with = + - @ (or a tab or
// carriage return) as a formula, so an exported name like "=HYPERLINK(...)" could act on the
// reader's machine. Export prefixes such cells with a single quote, unless the whole cell is a
// plain number ("-5" is a number to a spreadsheet, not a formula, and stays importable as one).
// Import removes that quote again, so an export imports back unchanged; for that, a value that
// itself starts with a quote and one of those characters ("'=x") gets a quote too ("''=x").
const FORMULA_START = /^[=+\-@\t\r]/;
const QUOTED_FORMULA_START = /^'+[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

export function escapeFormula(cell: string): string {
  return (FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell)) || QUOTED_FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function unescapeFormula(cell: string): string {
  return QUOTED_FORMULA_START.test(cell) ? cell.slice(1) : cell;
}
