/** Promotions as the pages render them (spec §2 'Акции'; entity fields beyond these are not shown, spec §3). */
import type { Promotion } from "~/lib/model";

export interface PromotionView {
  id: number;
  title: string;
  description: string;
  photo: string | null;
}

export function toPromotionViews(promotions: readonly Promotion[]): PromotionView[] {
  return [...promotions]
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map((p) => ({ id: p.id, title: p.title, description: p.description, photo: p.photos[0]?.url ?? null }));
}
