import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

/**
 * An image with a placeholder when the source is missing or fails to load (spec §2; issue 36 §3, ADR 152).
 *
 * A missing source renders the placeholder. A source that fails is covered by the placeholder before and without
 * the scripts: the `<img>` carries `data-photo`, whose `::before` (the surface colour) and `::after` (the picture
 * icon) in styles.css are drawn by the browser only for an image that did not load — they cover its broken-image
 * icon and alt text, with no script and nothing the CSP would refuse (a data: URL of the stylesheet). With
 * JavaScript, an image that failed before its component hydrated (server cards, a layer opened by a link) or after
 * is replaced by the placeholder element too.
 */
export function Image({
  src,
  alt,
  className = "",
  placeholderLabel,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & {
  src: string | null | undefined;
  alt: string;
  placeholderLabel?: string;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // an error that came before the hydration has no handler to hear it: read what the image says now
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, [src]);
  if (!src || failed) {
    return (
      <div
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={`flex items-center justify-center bg-surface text-muted ${className}`}
        data-placeholder=""
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="10" r="1.6" />
          <path d="m4 17 5-5 4 4 3-3 4 4" />
        </svg>
        {placeholderLabel ? <span className="sr-only">{placeholderLabel}</span> : null}
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      className={`bg-surface object-cover ${className}`}
      data-photo=""
      onError={() => setFailed(true)}
      {...rest}
    />
  );
}
