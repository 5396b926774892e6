import { z } from "zod";

/**
 * zod for the schemas the browser runs as well as the server. In a browser, zod's JIT probe
 * (`new Function("")`) breaks the site's Content-Security-Policy (no 'unsafe-eval'): the browser
 * reports a violation even though zod catches the error. `jitless` skips the probe there; the server
 * keeps the faster JIT. Schemas must be built after this runs, so contract modules import z from here.
 */
z.config({ jitless: typeof document !== "undefined" });

export { z };
