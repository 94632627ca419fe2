import { Link } from "react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Image } from "~/components/ui/Image";
import { CAROUSEL_INTERVAL_MS } from "~/lib/constants";
import type { PromotionView } from "./promotion-view.server";

/**
 * The promotions carousel of the home page (spec §9: 6000 ms). Without JavaScript it is a horizontally
 * scrollable strip with snap points; with it, it advances every 6 s (paused on hover and focus and when the
 * customer prefers reduced motion) and has previous / next buttons. Slides open the promotion layer over home.
 */
export function PromotionsCarousel({ promotions }: { promotions: PromotionView[] }) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const go = (next: number) => {
    const list = track.current;
    if (!list || promotions.length === 0) return;
    const target = (next + promotions.length) % promotions.length;
    const slide = list.children[target] as HTMLElement | undefined;
    if (slide) list.scrollTo({ left: slide.offsetLeft - list.offsetLeft, behavior: "smooth" });
    setIndex(target);
  };

  useEffect(() => {
    if (paused || promotions.length < 2) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => go(index + 1), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, paused, promotions.length]);

  if (promotions.length === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("promotions.carousel")}
      className="relative"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={(event) => {
        setPaused(true);
        // the browser leaves a slide that is partly in view where it is: show all of the focused one
        const slide = (event.target as Element).closest("li");
        if (slide && track.current?.contains(slide)) slide.scrollIntoView({ block: "nearest", inline: "nearest" });
      }}
      onBlur={() => setPaused(false)}
      data-testid="promotions-carousel"
    >
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-xl font-semibold">{t("promotions.title")}</h2>
        <Link to="/promotions" className="text-sm text-muted underline-offset-4 hover:underline">
          {t("promotions.all")}
        </Link>
      </div>
      <ul ref={track} className="flex snap-x snap-mandatory gap-3 overflow-x-auto pb-2 [scrollbar-width:none]">
        {promotions.map((p, i) => (
          <li
            key={p.id}
            aria-roledescription="slide"
            aria-label={t("promotions.slide", { n: i + 1, total: promotions.length })}
            className="w-[85%] shrink-0 snap-start sm:w-[46%] lg:w-[31%]"
          >
            <Link to={`/promotions/${p.id}?from=home`} preventScrollReset className="block overflow-hidden rounded-2xl bg-surface">
              <Image src={p.photo} alt="" width={480} height={270} className="aspect-video w-full" loading={i === 0 ? "eager" : "lazy"} />
              <span className="block truncate px-3 py-2 font-medium">{p.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      {hydrated && promotions.length > 1 ? (
        <div className="pointer-events-none absolute inset-x-0 top-1/2 flex justify-between px-1">
          <button type="button" onClick={() => go(index - 1)} aria-label={t("promotions.prev")} className="pointer-events-auto rounded-full bg-bg/80 p-2 shadow">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2"><path d="m15 6-6 6 6 6" /></svg>
          </button>
          <button type="button" onClick={() => go(index + 1)} aria-label={t("promotions.next")} className="pointer-events-auto rounded-full bg-bg/80 p-2 shadow">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2"><path d="m9 6 6 6-6 6" /></svg>
          </button>
        </div>
      ) : null}
    </section>
  );
}
