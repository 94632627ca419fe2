import type { Config } from "@react-router/dev/config";

/**
 * React Router 7 in framework mode (ADR 136). Every future flag that becomes React Router 8's default is on, so that
 * 8 is a version bump once our machines run Node 22.22+ and React 19.2.7+.
 */
export default {
  appDirectory: "app",
  // BUILD_DIR lets parallel work (or a bench) build without clobbering ./build
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
