import { z } from "zod";

/**
 * Failure scenarios the tests switch on (DESIGN.md "The demo brand": upstream down, slow, errors).
 * Catalog handlers always honour them; with scope "all" the sign-in, profile, preflight and order
 * handlers do too (never the Google / VK stand-ins).
 */
export interface DemoScenario {
  /** added to every affected answer */
  latencyMs: number;
  /** network failure (the fetch rejects) */
  down: boolean;
  /** answer this HTTP status with an errors body instead */
  failStatus: number | null;
  /** answer 200 with a body that is not valid JSON */
  malformed: boolean;
  /** which handlers it affects; "catalog" unless set */
  scope: "catalog" | "all";
  /**
   * issue 19: catalog lists carry drifted records (drifted.ts) while this is above 0. A count of holders,
   * not a flag, so that browser tests running in parallel can each hold drift on and let it go (ADR 060).
   */
  driftHolders: number;
  /**
   * ADR 145: what goes wrong with an order AFTER the twin committed it — its answer comes `delayMs` later (past the
   * BFF's POST timeout, say), then as an error of `status`, or the connection is `drop`ped, or as it should. With
   * `commit: false` the same goes wrong BEFORE the commit: no order (nothing the BFF can tell apart from the above).
   */
  afterCommit: { delayMs: number; status: number | null; drop: boolean; commit?: boolean } | null;
}

export const DEFAULT_SCENARIO: Readonly<DemoScenario> = {
  latencyMs: 0,
  down: false,
  failStatus: null,
  malformed: false,
  scope: "catalog",
  driftHolders: 0,
  afterCommit: null,
};

/** ADR 145: an order committed, then its answer delayed, failed or dropped */
const afterCommitSchema = z
  .object({
    delayMs: z.number().int().min(0).max(120_000).default(0),
    status: z.number().int().min(400).max(599).nullable().default(null),
    drop: z.boolean().default(false),
    commit: z.boolean().default(true),
  })
  .nullable();

/**
 * A scenario as a test control's JSON body sets it (the browser tests' `/_demo/scenario`, the deploy test's
 * `/__twin/scenario`): what it does not name is off. Drift holders are counted elsewhere.
 */
export function scenarioFromBody(body: Record<string, unknown>): Omit<DemoScenario, "driftHolders"> {
  const afterCommit = afterCommitSchema.safeParse(body.afterCommit ?? null);
  return {
    latencyMs: typeof body.latencyMs === "number" ? body.latencyMs : 0,
    down: body.down === true,
    failStatus: typeof body.failStatus === "number" ? body.failStatus : null,
    malformed: body.malformed === true,
    scope: body.scope === "all" ? "all" : "catalog",
    afterCommit: afterCommit.success ? afterCommit.data : null,
  };
}
