/**
 * The Maps JavaScript API script loader (spec §4 "Maps script loader: initialized, loading, success, failure;
 * retries 3 times with delay attempt × 2^attempt ms, then reports the error; calling again with different
 * options throws"). One loader per page; the script is injected only when a map opens.
 */
import { MAPS_LOAD_RETRIES, mapsRetryDelayMs } from "~/lib/constants";

export type LoaderState = "initialized" | "loading" | "success" | "failure";

export interface MapsOptions {
  apiKey: string;
  language: string;
  region?: string;
  libraries?: readonly string[];
}

export interface MapsLoader {
  state(): LoaderState;
  load(options: MapsOptions): Promise<void>;
}

type Inject = (src: string) => Promise<void>;
type Sleep = (ms: number) => Promise<void>;

export function scriptUrl(o: MapsOptions): string {
  const params = new URLSearchParams({
    key: o.apiKey,
    language: o.language,
    region: o.region ?? "RU",
    libraries: (o.libraries ?? ["geometry", "places", "marker"]).join(","),
    v: "weekly",
  });
  return `https://maps.googleapis.com/maps/api/js?${params}`;
}

export function createMapsLoader(
  inject: Inject = injectScript,
  sleep: Sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
): MapsLoader {
  let state: LoaderState = "initialized";
  let key: string | null = null;
  let pending: Promise<void> | null = null;
  return {
    state: () => state,
    load(options) {
      const k = JSON.stringify({ ...options, libraries: options.libraries ?? null });
      if (key !== null && key !== k) throw new Error("The maps loader was called again with different options");
      key = k;
      if (pending) return pending;
      state = "loading";
      pending = (async () => {
        let lastError: unknown = null;
        for (let attempt = 0; attempt <= MAPS_LOAD_RETRIES; attempt++) {
          if (attempt > 0) await sleep(mapsRetryDelayMs(attempt));
          try {
            await inject(scriptUrl(options));
            state = "success";
            return;
          } catch (error) {
            lastError = error;
          }
        }
        state = "failure";
        throw lastError instanceof Error ? lastError : new Error("Maps script failed to load");
      })();
      return pending;
    },
  };
}

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error("Maps script failed to load"));
    };
    document.head.appendChild(script);
  });
}

let shared: MapsLoader | null = null;
export function mapsLoader(): MapsLoader {
  shared ??= createMapsLoader();
  return shared;
}
