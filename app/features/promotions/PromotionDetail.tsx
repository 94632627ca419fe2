import { useNavigate } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Layer } from "~/components/ui/Layer";
import { Image } from "~/components/ui/Image";
import type { PromotionView } from "./promotion-view.server";

/** spec §2 promotions.show: a detail layer over the list, or over home when the customer came from home. */
export function PromotionLayer({ promotion, closeTo }: { promotion: PromotionView; closeTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Layer title={promotion.title} closeTo={closeTo} onClose={() => navigate(closeTo, { preventScrollReset: true })} maxWidth="40rem" testId="promotion-layer">
      <div className="flex flex-col gap-4">
        <Image src={promotion.photo} alt="" width={640} height={360} className="aspect-video w-full rounded-2xl" />
        {promotion.description ? <p className="whitespace-pre-line">{promotion.description}</p> : null}
        <p className="sr-only">{t("promotions.title")}</p>
      </div>
    </Layer>
  );
}
