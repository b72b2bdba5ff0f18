// The one component that shows an image field (model: Astro's <Picture>): pages never assemble
// image markup. The markup comes from picture-markup.ts; the bucket from the runtime config, read
// where each side has it, so the server's HTML and the browser's hydration are the same.
import type { ReactEventHandler, ReactNode } from "react";
import type { ImageRef } from "../media";
import { safeImageUrl } from "../markdown/safe-url";
import { pictureMarkup, type PictureLayout } from "../picture-markup";
import { useMediaStorage } from "../snapshot/media-storage";

export interface PictureProps extends PictureLayout {
  /** The image URL field, as typed or as an upload set it: what shows when there is no ImageRef. */
  url: string | undefined;
  /** The upload stored beside the URL: responsive, sized, described and placeheld. */
  image?: ImageRef | undefined;
  className?: string;
  /** The layout box of an image typed by hand (its own size is unknown); an upload's id carries its size. */
  width?: number;
  height?: number;
  /** Alt text of an image typed by hand (none: decorative); an upload carries its own. */
  alt?: string;
  onError?: ReactEventHandler<HTMLImageElement>;
  /** What shows when there is no usable image (a film's initial, say); nothing by default. */
  fallback?: ReactNode;
}

/** An image field as `<picture>` (an upload) or `<img>` (a URL typed by hand); nothing for no usable image. */
export function Picture({ url, image, sizes, priority, className, width, height, alt, onError, fallback = null }: PictureProps) {
  const storage = useMediaStorage();
  const markup = pictureMarkup(storage, safeImageUrl(url), image, { sizes, priority }, alt);
  if (!markup) return fallback;
  const { srcset, fetchpriority, ...img } = markup.img;
  const element = (
    <img
      className={className}
      {...img}
      width={img.width ?? width}
      height={img.height ?? height}
      srcSet={srcset}
      fetchPriority={fetchpriority}
      onError={onError}
    />
  );
  if (markup.sources.length === 0) return element;
  return (
    <picture>
      {markup.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={s.sizes} />
      ))}
      {element}
    </picture>
  );
}
