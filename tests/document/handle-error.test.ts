import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { errorLogEntry } from "~/document/handle-error.server";

describe("what handleError writes to the log", () => {
  it("a fault of ours is an error line with its stack", () => {
    const entry = errorLogEntry(new TypeError("boom"));
    expect(entry.level).toBe("error");
    expect(String(entry.fields.error)).toContain("TypeError: boom");
    expect(errorLogEntry("a string").fields.error).toBe("a string");
  });

  it("an error response names its status: a 4xx is a warning, a 5xx an error", () => {
    const response = (status: number) => ({ status, statusText: "Forbidden", internal: true, data: 'Route "x" does not match URL "/"' });
    expect(errorLogEntry(response(403))).toEqual({ level: "warn", msg: "error response", fields: { status: 403, detail: 'Route "x" does not match URL "/"' } });
    expect(errorLogEntry(response(503)).level).toBe("error");
    // a data() value is not an error response: logged as a fault (it should never reach handleError)
    expect(errorLogEntry(data({ a: 1 }, { status: 400 })).level).toBe("error");
  });
});
