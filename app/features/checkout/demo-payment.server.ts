/**
 * Demo only (issue 15 §9, ADR 099): the stand-in for the payment provider's page. The twin made its address for
 * a CARD_ONLINE order (/_demo/pay/<orderId>?token=…); here the customer pays, is declined, or goes back to the
 * shop without paying. The outcome is recorded in the twin, which the success screen then asks. 404 outside
 * demo mode, for an unknown order and for a wrong token.
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { findDemoResto } from "~server/demo";
import { getContext } from "~server/context";
import { readForm } from "~/features/forms/read-form.server";
import { redirectTarget } from "~/lib/redirect-target";

const notFound = () => new Response("Not found", { status: 404 });

function demoPayment(rawId: string, token: string | null) {
  const demo = getContext().demo;
  if (!getContext().config.demo || !demo || !/^\d{1,12}$/.test(rawId) || !token) throw notFound();
  const order = demo.store.order(Number(rawId));
  if (!order?.payment || order.payment.token !== token) throw notFound();
  return { demo, order, payment: order.payment };
}

/** the success screen the payment returns to, as a path on this site */
function backTo(returnUrl: string): string {
  const url = new URL(returnUrl);
  return redirectTarget(`${url.pathname}${url.search}`, "/");
}

export function demoPaymentLoader(request: Request, rawId: string) {
  const token = new URL(request.url).searchParams.get("token");
  const { order, payment } = demoPayment(rawId, token);
  return {
    number: order.number,
    total: order.total,
    currency: findDemoResto(order.restoId)?.resto.currency ?? "RUB",
    paid: payment.status === "PAID",
    token: payment.token,
    backTo: backTo(payment.returnUrl),
  };
}

const outcomeSchema = z.object({ outcome: z.enum(["paid", "failed"]), token: z.string().min(1).max(100) });

export async function demoPaymentAction(request: Request, rawId: string) {
  const form = await readForm(request);
  const parsed = outcomeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const { demo, order, payment } = demoPayment(rawId, parsed.data.token);
  demo.store.settlePayment(order.id, payment.token, parsed.data.outcome === "paid" ? "PAID" : "FAILED");
  // the provider's return: to the success screen, which asks the upstream (here the twin) what happened
  return redirect(backTo(payment.returnUrl), { status: 303 });
}
