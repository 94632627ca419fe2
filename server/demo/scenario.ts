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
}

export const DEFAULT_SCENARIO: Readonly<DemoScenario> = {
  latencyMs: 0,
  down: false,
  failStatus: null,
  malformed: false,
  scope: "catalog",
  driftHolders: 0,
};
