// Save-time checks of a template's subject, html and text: each must parse, and may call
// only the built-in helpers (if, unless, each, with as blocks; lookup inline), with the
// arguments they need, nested no deeper than the render budget allows (render-budget.ts).
// Partials and decorators are refused. A mistake is a 400 naming it
// when the template is saved, never a failure when it is sent.
import { AppError, type FieldIssue } from "@/lib/errors/app-error";
import { parseTemplate, precompileTemplate, type Part } from "@/lib/templates/handlebars";
import { BUILTIN_HELPERS, isBuiltinHelper } from "@/lib/templates/builtin-helpers";
import { MAX_BLOCK_DEPTH, MAX_EACH_DEPTH } from "@/lib/templates/render-budget";

type Node = hbs.AST.Node;
type Call = hbs.AST.MustacheStatement | hbs.AST.BlockStatement | hbs.AST.SubExpression;

/** The name a call, partial or decorator is written with: a path or a literal. */
function nameOf(node: hbs.AST.Node): string {
  if ("original" in node) return String(node.original);
  if ("path" in node) return nameOf(node.path as hbs.AST.Node);
  return node.type;
}

/** A simple id ("name", not "a.b", "../x" or "@index"): the only form that can name a helper. */
function isSimple(path: hbs.AST.PathExpression | hbs.AST.Literal): boolean {
  if (path.type !== "PathExpression") return true;
  const p = path as hbs.AST.PathExpression;
  return p.parts.length === 1 && !p.data && p.depth === 0;
}

/** Problems in one call: a helper that is not allowed, or a built-in used the wrong way. */
function checkCall(node: Call, problems: string[]) {
  const name = nameOf(node.path);
  const at = ` on line ${node.loc.start.line}`;
  const args = node.params.length;
  const isCall = args > 0 || (node.hash?.pairs.length ?? 0) > 0;
  const block = node.type === "BlockStatement";
  if (!isBuiltinHelper(name) || !isSimple(node.path)) {
    if (block)
      problems.push(
        `unknown helper "${name}"${at}: only if, unless, each and with open blocks (write {{#if ${name}}} or {{#each ${name}}})`,
      );
    else if (isCall)
      problems.push(`unknown helper "${name}"${at}: only the built-in helpers if, unless, each, with and lookup are allowed`);
    return;
  }
  const rule = BUILTIN_HELPERS[name];
  if (rule.block && !block) problems.push(`"${name}"${at} must open a block: {{#${name} …}}…{{/${name}}}`);
  else if (!rule.block && block) problems.push(`"${name}"${at} cannot open a block; write {{${name} …}}`);
  else if (args !== rule.params) problems.push(`"${name}"${at} takes ${rule.params} argument${rule.params === 1 ? "" : "s"}, got ${args}`);
}

/** How many blocks, and how many {{#each}} of them, enclose a node. */
interface Depth {
  blocks: number;
  each: number;
}

/** The depth inside `block`, or a problem when it nests too deep: each level of {{#each}}
 * multiplies the work of a render (render-budget.ts). */
function enter(block: hbs.AST.BlockStatement, depth: Depth, problems: string[]): Depth | null {
  const inner = { blocks: depth.blocks + 1, each: depth.each + (nameOf(block.path) === "each" ? 1 : 0) };
  const at = ` on line ${block.loc.start.line}`;
  if (inner.each > MAX_EACH_DEPTH)
    problems.push(`{{#each}}${at} is nested ${inner.each} deep: at most ${MAX_EACH_DEPTH} levels of {{#each}} may nest`);
  else if (inner.blocks > MAX_BLOCK_DEPTH)
    problems.push(`the block${at} is nested ${inner.blocks} deep: at most ${MAX_BLOCK_DEPTH} blocks may nest`);
  else return inner;
  return null;
}

function walk(node: Node | null | undefined, problems: string[], depth: Depth = { blocks: 0, each: 0 }): void {
  if (!node) return;
  const line = node.loc?.start.line;
  switch (node.type) {
    case "Program":
      for (const child of (node as hbs.AST.Program).body) walk(child, problems, depth);
      return;
    case "MustacheStatement":
    case "SubExpression":
    case "BlockStatement": {
      const call = node as Call;
      checkCall(call, problems);
      for (const param of call.params) walk(param, problems);
      for (const pair of call.hash?.pairs ?? []) walk(pair.value, problems);
      if (node.type === "BlockStatement") {
        const inner = enter(node as hbs.AST.BlockStatement, depth, problems);
        if (!inner) return;
        walk((node as hbs.AST.BlockStatement).program, problems, inner);
        walk((node as hbs.AST.BlockStatement).inverse, problems, inner);
      }
      return;
    }
    case "PartialStatement":
    case "PartialBlockStatement": {
      const partial = (node as hbs.AST.PartialStatement).name;
      problems.push(`partial "${nameOf(partial)}" on line ${line}: partials are not supported`);
      return;
    }
    case "Decorator":
    case "DecoratorBlock":
      problems.push(`decorator "${nameOf(node)}" on line ${line}: decorators and inline partials are not supported`);
      return;
    default:
      return; // content, comments, literals and plain paths
  }
}

/** "Parse error on line 2:\n…{{#if x\n-----^\nExpecting 'ID', got 'EOF'" -> one readable line. */
function syntaxProblem(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const lines = message.split("\n");
  const line = /line (\d+)/.exec(lines[0])?.[1] ?? (err as { lineNumber?: number }).lineNumber;
  const detail = lines.length > 1 ? lines[lines.length - 1] : message.replace(/ - \d+:\d+$/, "");
  const near = lines.length > 2 ? ` near ${JSON.stringify(lines[1])}` : "";
  return `syntax error${line ? ` on line ${line}` : ""}: ${detail}${near}`;
}

/** The problems in one source; empty when it is fine. */
export function templateProblems(source: string, part: Part): string[] {
  let ast: hbs.AST.Program;
  try {
    ast = parseTemplate(source);
  } catch (err) {
    return [syntaxProblem(err)];
  }
  const problems: string[] = [];
  walk(ast, problems);
  if (problems.length) return problems;
  try {
    precompileTemplate(source, part); // anything the compiler refuses that the walk did not foresee
  } catch (err) {
    return [syntaxProblem(err)];
  }
  return [];
}

/** Throws 400 VALIDATION_ERROR naming every problem in the given parts. */
export function assertValidTemplate(parts: { subject?: string | null; html?: string | null; text?: string | null }): void {
  const details: FieldIssue[] = [];
  for (const field of ["subject", "html", "text"] as const) {
    const source = parts[field];
    if (source == null) continue;
    for (const message of templateProblems(source, field === "html" ? "html" : "raw")) details.push({ path: `body.${field}`, message });
  }
  if (details.length) {
    throw new AppError("VALIDATION_ERROR", `Invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join("; ")}`, details);
  }
}
