/**
 * A CPU quota for one process of a load run (ADR 198), as an operator gives each container a CPU limit
 * (`docker run --cpus`): the process joins a cgroup of its own whose quota is `cores` × the period. Linux only, and
 * only where this user may create cgroups (root, or a delegated subtree): cgroup v2 (`cpu.max`) where the cpu
 * controller is on the unified hierarchy, else cgroup v1 (`cpu.cfs_quota_us`). Anywhere else the process runs
 * uncapped and the reason is returned, so a run says what it measured.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The scheduler's period: short, so that a process that used its quota waits at most a few ms for the next period
 * (with the default 100 ms a capped process stalls up to half of it, which a p95 would show as the cap's, not the
 * storefront's, latency).
 */
const PERIOD_US = 10_000;

/** Where a cgroup with a CPU quota can be made here: { kind, root } or { reason } */
function cpuHierarchy() {
  const v2 = "/sys/fs/cgroup";
  try {
    if (readFileSync(join(v2, "cgroup.controllers"), "utf8").split(/\s+/).includes("cpu")) return { kind: "v2", root: v2 };
  } catch {
    // not a pure v2 machine
  }
  const v1 = "/sys/fs/cgroup/cpu";
  if (existsSync(join(v1, "cpu.cfs_quota_us"))) return { kind: "v1", root: v1 };
  return { reason: "no cgroup cpu controller (Linux cgroup v1 or v2 needed)" };
}

/**
 * Caps process `pid` at `cores` CPU cores. Returns { capped: true, how, release() } (release removes the cgroup once
 * the process has exited) or { capped: false, reason }.
 */
export function capCpu(pid, cores, label = "storefront") {
  if (!(cores > 0)) return { capped: false, reason: `no cap asked (${cores})` };
  const where = cpuHierarchy();
  if (!where.kind) return { capped: false, reason: where.reason };
  const dir = join(where.root, `bench-${label}-${pid}`);
  const quota = Math.max(1_000, Math.round(cores * PERIOD_US));
  try {
    mkdirSync(dir);
    if (where.kind === "v2") writeFileSync(join(dir, "cpu.max"), `${quota} ${PERIOD_US}`);
    else {
      writeFileSync(join(dir, "cpu.cfs_period_us"), String(PERIOD_US));
      writeFileSync(join(dir, "cpu.cfs_quota_us"), String(quota));
    }
    writeFileSync(join(dir, "cgroup.procs"), String(pid));
  } catch (error) {
    try {
      rmdirSync(dir);
    } catch {
      // never made
    }
    return { capped: false, reason: `cgroup ${where.kind}: ${error.code ?? error.message}` };
  }
  return {
    capped: true,
    how: `${cores} core (cgroup ${where.kind}: ${quota} µs per ${PERIOD_US} µs)`,
    release() {
      try {
        rmdirSync(dir);
      } catch {
        // a process still in it (not yet reaped): the kernel keeps an empty cgroup until reboot at worst
      }
    },
  };
}
