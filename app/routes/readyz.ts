import { readiness } from "~/features/ops/health.server";

export const loader = () => readiness();
