import { describe, expect, it } from "vitest";
import { langTag } from "~/lib/lang-tag";

describe("langTag", () => {
  it("names Montenegrin by its language code, not Montenegro's country code", () => {
    expect(langTag("me")).toBe("cnr");
  });
  it("keeps codes that already are language tags", () => {
    expect(langTag("ru")).toBe("ru");
    expect(langTag("en")).toBe("en");
  });
});
