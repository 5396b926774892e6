import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // Two server bundles (server/pages.ts): the site's pages, loaded by every process and render
  // thread, and the editors' console with its heavy libraries, loaded only when an editor opens it.
  serverBundles: ({ branch }) => (branch.some((r) => r.id.startsWith("routes/admin/")) ? "console" : "site"),
  // React Router v8's behaviours, said explicitly, which also keeps builds from warning about each.
  // Adopted: loaders get the request as it came (no two new Requests per loader call, about 7 % of
  // an uncached page; bench/README.md "Real traffic") and read the page's URL from their `url`
  // argument, which has React Router's own `.data` suffix and parameters removed.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
