import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { demoControlsAction, demoControlsLoader } from "~/features/demo/controls.server";

/** Demo-only controls for the browser tests and the bench (404 unless demo mode and DEMO_CONTROLS=1). */
export const loader = (args: LoaderFunctionArgs) => demoControlsLoader(args);
export const action = (args: ActionFunctionArgs) => demoControlsAction(args);
