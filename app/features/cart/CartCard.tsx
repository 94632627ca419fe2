import type { ReactNode } from "react";

/** A titled card of the cart page (the person count, the promo code). */
export function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-surface p-4 md:p-5">
      <h2 id={id} className="mb-3 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
