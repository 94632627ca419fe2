import { useTranslation } from "react-i18next";
import { Image } from "~/components/ui/Image";
import type { MenuView } from "./menu-view.server";
import { PositionCard } from "./PositionCard";

/** Every menu of the resto, groups as sections in order, with a group navigation of hash anchors. */
export function MenuSections({ menus, currency }: { menus: MenuView[]; currency: string }) {
  const { t } = useTranslation();
  const groupName = (g: { id: number; name: string }) => (g.id === 0 ? t("menu.other") : g.name);
  return (
    <div className="flex flex-col gap-8">
      <nav aria-label={t("menu.groups")} className="sticky top-appbar z-50 -mx-4 overflow-x-auto border-b border-line bg-bg/95 px-4 py-2 md:top-appbar-lg">
        <ul className="flex gap-2 whitespace-nowrap">
          {menus.flatMap((menu) =>
            menu.groups.map((g) => (
              <li key={`${menu.id}-${g.id}`}>
                <a href={`#group-${menu.id}-${g.id}`} className="inline-block rounded-full bg-surface px-3 py-1.5 text-sm hover:bg-line">
                  {groupName(g)}
                </a>
              </li>
            )),
          )}
        </ul>
      </nav>
      {menus.map((menu) => (
        <section key={menu.id} aria-labelledby={`menu-${menu.id}`} className="flex flex-col gap-8">
          <h2 id={`menu-${menu.id}`} className="text-2xl font-bold">
            {menu.name}
          </h2>
          {menu.groups.length === 0 ? <p className="text-muted">{t("menu.empty")}</p> : null}
          {menu.groups.map((g) => (
            <section key={g.id} id={`group-${menu.id}-${g.id}`} aria-labelledby={`group-title-${menu.id}-${g.id}`} className="scroll-anchor">
              <div className="mb-3 flex items-center gap-3">
                {g.photo ? <Image src={g.photo} alt="" width={48} height={48} className="size-12 rounded-xl" /> : null}
                <h3 id={`group-title-${menu.id}-${g.id}`} className="text-xl font-semibold">
                  {groupName(g)}
                </h3>
              </div>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                {g.positions.map((p) => (
                  <PositionCard key={p.id} position={p} currency={currency} />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}
