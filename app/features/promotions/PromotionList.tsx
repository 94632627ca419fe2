import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Image } from "~/components/ui/Image";
import type { PromotionView } from "./promotion-view.server";

/** spec §2 promotions.index 'Акции': cards with 16/9 images (spec §9) that open the detail layer. */
export function PromotionList({ promotions }: { promotions: PromotionView[] }) {
  const { t } = useTranslation();
  if (promotions.length === 0) return <p className="text-muted">{t("promotions.empty")}</p>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {promotions.map((p, i) => (
        <li key={p.id} className="overflow-hidden rounded-2xl bg-surface" data-testid="promotion-card">
          <Link to={`/promotions/${p.id}`} preventScrollReset className="flex h-full flex-col">
            <Image src={p.photo} alt="" width={640} height={360} className="aspect-video w-full" loading={i < 3 ? "eager" : "lazy"} />
            <span className="flex flex-col gap-1 p-4">
              <span className="text-lg font-semibold">{p.title}</span>
              <span className="line-clamp-2 text-sm text-muted">{p.description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
