import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Field, TextField } from "~/components/ui/Field";

const schema = z.object({ name: z.string({ required_error: "Введите ваше имя" }).max(5, "Слишком длинно") });

function Form({ lastResult, hint }: { lastResult?: SubmissionResult<string[]>; hint?: string }) {
  const [form, fields] = useForm<z.input<typeof schema>>({ id: "f", lastResult, shouldValidate: "onBlur" });
  return (
    <form id={form.id}>
      <TextField meta={fields.name} label="Имя" hint={hint} autoComplete="name" />
    </form>
  );
}

function render(formData?: FormData, hint?: string) {
  const lastResult = formData ? parseWithZod(formData, { schema }).reply() : undefined;
  return renderToStaticMarkup(<Form lastResult={lastResult} hint={hint} />);
}
const attr = (html: string, tag: string, name: string) => new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1] ?? null;
const byId = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;

describe("Field (conform wiring)", () => {
  it("labels the input and, before any submit, marks nothing invalid", () => {
    const html = render(undefined, "До 5 букв");
    expect(attr(html, "label", "for")).toBe(attr(html, "input", "id"));
    expect(attr(html, "input", "aria-invalid")).toBeNull();
    expect(byId(html, attr(html, "input", "aria-describedby")!)).toBe("До 5 букв");
    expect(attr(html, "input", "autoComplete")).toBe("name");
  });

  it("after a failed submit shows the error, points at it and keeps what was typed", () => {
    const fd = new FormData();
    fd.set("name", "Иван Иванович");
    const html = render(fd, "До 5 букв");
    expect(attr(html, "input", "aria-invalid")).toBe("true");
    expect(attr(html, "input", "value")).toBe("Иван Иванович");
    const described = attr(html, "input", "aria-describedby")!.split(" ");
    expect(described.map((id) => byId(html, id))).toEqual(["Слишком длинно", "До 5 букв"]);
  });

  it("announces the error only when asked (alert)", () => {
    const fd = new FormData();
    fd.set("name", "Иван Иванович");
    const lastResult = parseWithZod(fd, { schema }).reply();
    function Alerting({ alert }: { alert: boolean }) {
      const [form, fields] = useForm<z.input<typeof schema>>({ id: "a", lastResult });
      return (
        <form id={form.id}>
          <Field meta={fields.name} label="Имя" alert={alert}>
            {() => <input name="name" />}
          </Field>
        </form>
      );
    }
    expect(renderToStaticMarkup(<Alerting alert />)).toMatch(/<p id="[^"]+" role="alert"[^>]*>Слишком длинно</);
    expect(renderToStaticMarkup(<Alerting alert={false} />)).not.toContain('role="alert"');
  });
});
