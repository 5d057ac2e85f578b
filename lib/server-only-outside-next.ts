// What `import "server-only"` loads where Next.js does not build the code: the tsx scripts
// (through tsconfig.json's paths) and the vitest runs (through each vitest config's alias).
// Nothing: the guard is Next.js's own, which refuses that import in any client module when it
// builds (whatever this file holds) and resolves the name to an empty module on the server.
export {};
