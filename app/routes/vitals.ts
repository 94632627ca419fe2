import { acceptVitals, vitalsMethodNotAllowed } from "~/features/ops/vitals.server";
import { requestContextOf } from "~/shell/request.server";
import type { Route } from "./+types/vitals";

/** POST /vitals — the Core Web Vitals customers' browsers send (issue 37, ADR 160); see vitals.server.ts. */
export const action = ({ context }: Route.ActionArgs) => acceptVitals(requestContextOf(context));

/** a GET is not a beacon: 405 rather than React Router's "no loader" 400 and its error log line */
export const loader = () => vitalsMethodNotAllowed();
