import { readdirSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";

// issue 13 §1: the top of app/ holds only root.tsx (with its stylesheet), the entries and routes.ts; everything
// else has a home
describe("app/ layout", () => {
  it("has no loose files at its top", () => {
    const files = readdirSync("app").filter((name) => statSync(`app/${name}`).isFile());
    expect(files.sort()).toEqual(["entry.client.tsx", "entry.server.tsx", "root.tsx", "routes.ts", "styles.css"]);
  });
});
