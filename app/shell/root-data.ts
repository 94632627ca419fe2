import { useRouteLoaderData } from "react-router";
import type { loadRootData } from "~/shell/root-data.server";

/** What the root loader sends every page: brand, locale and messages (one JSON string, ~/i18n/messages), cart badge, location, person. */
export type RootData = Awaited<ReturnType<typeof loadRootData>>["data"];

/** The root loader's data from any component (undefined only while the root itself failed). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
