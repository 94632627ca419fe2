import { liveness } from "~/features/ops/health.server";

export const loader = () => liveness();
