import { useState, type ImgHTMLAttributes } from "react";

/**
 * An image with a placeholder when the source is missing or fails to load (spec §2). Without
 * JavaScript a missing source still renders the placeholder; a failing one shows the alt text on the
 * placeholder background.
 */
export function Image({
  src,
  alt,
  className = "",
  placeholderLabel,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & { src: string | null | undefined; alt: string; placeholderLabel?: string }) {
  const [failed, setFailed] = useState(false);
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
  return <img src={src} alt={alt} className={`bg-surface object-cover ${className}`} onError={() => setFailed(true)} {...rest} />;
}
