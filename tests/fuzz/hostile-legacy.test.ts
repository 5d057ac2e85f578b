// Hostile input against every legacy and dashboard route, generated from the zod schemas their
// route files validate with.
import { legacyRoutes } from "./support/catalogue";
import { schemasFromZod } from "./support/generate";
import { hostileSuite } from "./support/hostile-suite";

hostileSuite("hostile input on legacy and dashboard routes", legacyRoutes, async (route) => schemasFromZod(route));
