/**
 * ADR 220: the hydration starts only once React Router's state is decoded. `routerStateDecoded` calls the router
 * component once: a thrown promise (the decoding) is waited for, anything else is not.
 */
import { describe, expect, it } from "vitest";
import { routerStateDecoded } from "~/document/router-state";

describe("routerStateDecoded", () => {
  it("waits for the decoding the router's first call throws, and its second call then goes through", async () => {
    let decoded = false;
    let release!: () => void;
    const decoding = new Promise<void>((resolve) => (release = resolve)).then(() => void (decoded = true));
    const calls: string[] = [];
    const router = () => {
      calls.push(decoded ? "decoded" : "decoding");
      if (!decoded) throw decoding;
      return null;
    };
    let settled = false;
    const waiting = routerStateDecoded(router).then(() => void (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(decoded).toBe(true);
    // what the hydration's first render does next: no suspension
    expect(router()).toBeNull();
    expect(calls).toEqual(["decoding", "decoded"]);
  });

  it("starts the hydration even when the decoding fails (the router shows its error then)", async () => {
    const failing = Promise.reject(new Error("bad stream"));
    await expect(
      routerStateDecoded(() => {
        throw failing;
      }),
    ).resolves.toBeUndefined();
  });

  it("does not wait when the call throws something else or returns (a router that decodes elsewhere)", async () => {
    await expect(
      routerStateDecoded(() => {
        throw new TypeError("Cannot read properties of null (reading 'useState')");
      }),
    ).resolves.toBeUndefined();
    await expect(routerStateDecoded(() => null)).resolves.toBeUndefined();
  });
});
