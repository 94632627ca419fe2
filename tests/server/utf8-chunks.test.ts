import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { completeLength } from "~/document/utf8-chunks.server";
import { DocumentStream } from "~/document/document-stream.server";

describe("UTF-8 chunk boundaries of the streamed HTML", () => {
  it("never ends a chunk inside a character, and loses no byte", async () => {
    const text = "Выбрать «Пепперони» — 590 ₽ 🍕 done";
    const bytes = Buffer.from(text, "utf8");
    for (let size = 1; size <= 7; size++) {
      const pieces: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
      const out: Buffer[] = [];
      await new Promise<void>((resolve, reject) =>
        Readable.from(pieces)
          .pipe(new DocumentStream())
          .on("data", (c: Buffer) => out.push(c))
          .on("end", resolve)
          .on("error", reject),
      );
      for (const chunk of out) expect(new TextDecoder("utf-8", { fatal: true }).decode(chunk)).toBeTypeOf("string");
      expect(Buffer.concat(out).toString("utf8")).toBe(text);
    }
  });

  it("drops stray NUL bytes, which browsers would show as U+FFFD", async () => {
    const out: Buffer[] = [];
    await new Promise<void>((resolve) =>
      Readable.from([Buffer.from("корзи"), Buffer.from([0]), Buffer.from("ну")])
        .pipe(new DocumentStream())
        .on("data", (c: Buffer) => out.push(c))
        .on("end", resolve),
    );
    expect(Buffer.concat(out).toString("utf8")).toBe("корзину");
  });

  it("measures complete characters", () => {
    expect(completeLength(Buffer.from("ab"))).toBe(2);
    expect(completeLength(Buffer.from([0x41, 0xd0]))).toBe(1); // "A" + first byte of "П"
    expect(completeLength(Buffer.from([0xd0, 0x9f]))).toBe(2); // "П"
    expect(completeLength(Buffer.from([0xe2, 0x82]))).toBe(0); // two of the three bytes of "₽"
    expect(completeLength(Buffer.from([0xf0, 0x9f, 0x8d, 0x95]))).toBe(4); // "🍕"
  });
});
