import type { MetaFunction } from "react-router";
import { Form, redirect, useLoaderData } from "react-router";
import { z } from "zod";
import { useTranslation } from "~/i18n/react";
import { useMoney } from "~/components/ui/useMoney";
import { readForm } from "~/features/forms/read-form.server";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/[_demo].pay.$orderId";
import { requestContextOf } from "~/shell/request.server";

/**
 * Demo only (issue 15 §9, ADR 099): a stand-in for the payment provider's page, where a CARD_ONLINE order of the
 * twin is paid, declined, or left unpaid. Plain forms and a link: it works the same without JavaScript.
 */
const notFound = () => new Response("Not found", { status: 404 });

function pageLoader({ context, params }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  const page = rc.services.demo?.payment(params.orderId ?? "", rc.url.searchParams.get("token"));
  if (!page) throw notFound();
  return page;
}
export const loader = withMessages("routes/[_demo].pay.$orderId", pageLoader);

const outcomeSchema = z.object({ outcome: z.enum(["paid", "failed"]), token: z.string().min(1).max(100) });

export async function action({ context, params }: Route.ActionArgs) {
  const rc = requestContextOf(context);
  const demo = rc.services.demo;
  if (!demo) throw notFound();
  const parsed = outcomeSchema.safeParse(Object.fromEntries(await readForm(rc)));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const back = demo.settlePayment(params.orderId ?? "", parsed.data.token, parsed.data.outcome);
  if (!back) throw notFound();
  // the provider's return: to the success screen, which asks the upstream (here the twin) what happened
  return redirect(back, { status: 303 });
}

export const meta: MetaFunction = () => [{ title: "Demo payment" }, { name: "robots", content: "noindex" }];

export default function DemoPayment() {
  const { number, total, currency, paid, token, backTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const money = useMoney(currency);
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 py-10" aria-labelledby="demo-pay-title" data-testid="payment-stand-in">
      <h1 id="demo-pay-title" className="text-2xl font-semibold">
        {t("payment.standInTitle", { number })}
      </h1>
      <p className="text-muted">{t("payment.standInIntro")}</p>
      <p className="text-lg font-semibold">{t("payment.standInAmount", { amount: money(total) })}</p>
      {paid ? (
        <p role="status">{t("payment.standInDone")}</p>
      ) : (
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="token" value={token} />
          <button type="submit" name="outcome" value="paid" className="rounded-full bg-brand px-5 py-3 font-semibold text-on-brand">
            {t("payment.standInPay")}
          </button>
          <button type="submit" name="outcome" value="failed" className="rounded-full border border-line px-5 py-3 font-semibold">
            {t("payment.standInFail")}
          </button>
        </Form>
      )}
      <a href={backTo} className="text-center underline underline-offset-4">
        {t("payment.standInBack")}
      </a>
    </section>
  );
}
