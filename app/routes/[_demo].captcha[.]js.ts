import { requestContextOf } from "~/shell/request.server";
import type { Route } from "./+types/[_demo].captcha[.]js";

/** Demo only (ADR 095): the captcha provider's script stand-in (server/demo/stand-ins.ts); 404 outside demo mode. */
export function loader({ context }: Route.LoaderArgs) {
  const demo = requestContextOf(context).services.demo;
  return demo ? demo.captchaScript() : new Response("Not found", { status: 404 });
}
