import { FocusTrap, FocusTrapFeatures } from "@headlessui/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Image } from "~/components/ui/Image";
import { GALLERY } from "~/lib/constants";

/**
 * Photos with the gallery viewer (spec §2, §9): a full-screen viewer over a background of opacity 0.8 that
 * fades in over 300 ms and out over 200 ms, with an error slot when an image fails to load. Without
 * JavaScript each thumbnail links to the photo itself.
 */
export function Gallery({ photos, alt, aspect = "aspect-[4/3]" }: { photos: string[]; alt: string; aspect?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return <Image src={null} alt="" className={`${aspect} w-full rounded-2xl`} />;
  const total = photos.length;
  return (
    <div className="flex flex-col gap-2">
      <a
        href={photos[0]}
        onClick={(e) => (e.preventDefault(), setOpen(0))}
        aria-label={t("menu.gallery.open", { n: 1, total })}
        className="block overflow-hidden rounded-2xl"
        data-testid="gallery-open"
      >
        <Image src={photos[0]} alt={alt} width={640} height={480} className={`${aspect} w-full`} />
      </a>
      {total > 1 ? (
        <ul className="flex gap-2 overflow-x-auto">
          {photos.slice(1).map((src, i) => (
            <li key={src + i}>
              <a href={src} onClick={(e) => (e.preventDefault(), setOpen(i + 1))} aria-label={t("menu.gallery.open", { n: i + 2, total })} className="block overflow-hidden rounded-xl">
                <Image src={src} alt="" width={96} height={72} loading="lazy" className="h-18 w-24" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {open !== null ? <GalleryViewer photos={photos} start={open} alt={alt} onClosed={() => setOpen(null)} /> : null}
    </div>
  );
}

function GalleryViewer({ photos, start, alt, onClosed }: { photos: string[]; start: number; alt: string; onClosed: () => void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(start);
  const [shown, setShown] = useState(false);
  const [failed, setFailed] = useState<Record<number, boolean>>({});
  const closeRef = useRef<HTMLButtonElement>(null);
  const total = photos.length;

  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    closeRef.current?.focus();
    return () => cancelAnimationFrame(frame);
  }, []);

  const close = useCallback(() => {
    setShown(false);
    window.setTimeout(onClosed, GALLERY.hideMs);
  }, [onClosed]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopImmediatePropagation();
        close();
      } else if (e.key === "ArrowRight") setIndex((i) => (i + 1) % total);
      else if (e.key === "ArrowLeft") setIndex((i) => (i - 1 + total) % total);
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, [close, total]);

  const src = photos[index]!;
  return (
    <FocusTrap
      // the close button takes the focus (above); Tab stays in the viewer, and focus returns to the photo after
      features={FocusTrapFeatures.TabLock | FocusTrapFeatures.RestoreFocus}
      role="dialog"
      aria-modal="true"
      aria-label={t("menu.gallery.viewer", { n: index + 1, total })}
      className="fixed inset-0 z-[2500] flex items-center justify-center transition-opacity ease-out"
      style={{ opacity: shown ? 1 : 0, transitionDuration: `${shown ? GALLERY.showMs : GALLERY.hideMs}ms`, backgroundColor: `rgb(0 0 0 / ${GALLERY.backdropOpacity})` }}
      data-testid="gallery-viewer"
    >
      <div aria-hidden="true" className="absolute inset-0" onClick={close} />
      {failed[index] ? (
        <div role="alert" className="relative rounded-2xl bg-surface px-6 py-8 text-center text-fg" data-testid="gallery-error">
          {t("menu.gallery.error")}
        </div>
      ) : (
        <img key={src} src={src} alt={alt} className="relative max-h-[85dvh] max-w-[92vw] rounded-xl object-contain" onError={() => setFailed((f) => ({ ...f, [index]: true }))} />
      )}
      <button ref={closeRef} type="button" onClick={close} aria-label={t("app.close")} className="absolute right-4 top-4 rounded-full bg-black/60 p-2 text-white">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
      {total > 1 ? (
        <>
          <button type="button" onClick={() => setIndex((i) => (i - 1 + total) % total)} aria-label={t("menu.gallery.prev")} className="absolute left-3 top-1/2 rounded-full bg-black/60 p-2 text-white">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2"><path d="m15 6-6 6 6 6" /></svg>
          </button>
          <button type="button" onClick={() => setIndex((i) => (i + 1) % total)} aria-label={t("menu.gallery.next")} className="absolute right-3 top-1/2 rounded-full bg-black/60 p-2 text-white">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2"><path d="m9 6 6 6-6 6" /></svg>
          </button>
        </>
      ) : null}
    </FocusTrap>
  );
}
