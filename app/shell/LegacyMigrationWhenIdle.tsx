import { useEffect, useState, type ComponentProps } from "react";
import { whenIdleOrTouched } from "~/lib/when-idle";
import type { LegacyMigration } from "./LegacyMigration";

type Props = ComponentProps<typeof LegacyMigration>;

/**
 * The legacy-storage migration (issue 7) with its code fetched when the browser is first idle after hydration
 * (ADR 118): it draws nothing until it has moved something, so the first view has no use for it. The server
 * renders nothing here, as before. A chunk that cannot be fetched only postpones the migration to the next
 * page load.
 */
export function LegacyMigrationWhenIdle(props: Props) {
  const [Loaded, setLoaded] = useState<typeof LegacyMigration | null>(null);
  useEffect(() => {
    let live = true;
    const schedule = whenIdleOrTouched(() => {
      import("./LegacyMigration").then(
        (m) => live && setLoaded(() => m.LegacyMigration),
        () => {},
      );
    });
    return () => {
      live = false;
      schedule.cancel();
    };
  }, []);
  return Loaded ? <Loaded {...props} /> : null;
}
