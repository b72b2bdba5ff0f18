// What a picture becomes in a page, as data: the one place that turns an image field (its URL,
// and the ImageRef an upload stores beside it) into `<picture>`/`<img>` attributes. The React
// `<Picture>` (picture/picture.tsx) and the markdown renderer (markdown/media-images.ts) both
// build their markup from it, so a cover and an image in a post's body are the same markup.
// docs/media.md.
import { MEDIA_ID_PATTERN, PLACEHOLDER_PATTERN, mediaSize, pictureSources, shareImage, type Focus, type ImageRef, type MediaStorage } from "./media";

export interface PictureLayout {
  /** How wide the layout draws the image at each viewport (the `sizes` attribute). */
  sizes: string;
  /** The page's likely largest paint (a post's cover, the avatar on /): fetched first, never lazily. */
  priority?: boolean;
}

/** Attributes of the `<img>`, in DOM names (the React component renames the two that differ). */
export interface ImgAttributes {
  src: string;
  alt: string;
  srcset?: string;
  sizes?: string;
  width?: number;
  height?: number;
  loading?: "lazy";
  decoding?: "async";
  fetchpriority?: "high";
  /** The placeholder and the focus, as CSS declarations (camelCase property -> value). */
  style?: { backgroundImage?: string; backgroundSize?: string; backgroundPosition?: string; objectPosition?: string };
}

export interface PictureMarkup {
  /** `<source>`s of the modern formats, preferred first; empty: a plain `<img>` (an image typed by hand). */
  sources: { type: string; srcset: string; sizes: string }[];
  img: ImgAttributes;
}

const position = (focus: Focus | undefined) => (focus ? `${focus.x}% ${focus.y}%` : undefined);

/**
 * The markup of an image field: responsive over the width ladder when it has an ImageRef and the
 * site has a bucket, else the plain `<img>` of its URL (sized and described from the ImageRef when
 * there is one). `url` must already be a safe image URL (safeImageUrl). Null: nothing to show.
 */
export function pictureMarkup(
  storage: MediaStorage | null,
  url: string | undefined,
  image: ImageRef | undefined,
  { sizes, priority = false }: PictureLayout,
  alt = "",
): PictureMarkup | null {
  const ref = image && MEDIA_ID_PATTERN.test(image.id) ? image : undefined;
  // The placeholder is the image's background until it paints: no script, and the CSP admits data: images.
  const placeholder = ref?.placeholder && PLACEHOLDER_PATTERN.test(ref.placeholder) ? ref.placeholder : undefined;
  const focus = position(ref?.focus);
  const style = {
    ...(placeholder ? { backgroundImage: `url("${placeholder}")`, backgroundSize: "cover", backgroundPosition: focus ?? "50% 50%" } : {}),
    ...(focus ? { objectPosition: focus } : {}),
  };
  const loading = priority ? { fetchpriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const };
  const described = { alt: ref?.alt ?? alt, ...loading, ...(Object.keys(style).length > 0 ? { style } : {}) };
  if (ref && storage) {
    const picture = pictureSources(storage, ref.id);
    return {
      sources: picture.sources.map((s) => ({ ...s, sizes })),
      img: { src: picture.src, srcset: picture.srcset, sizes, width: picture.width, height: picture.height, ...described },
    };
  }
  if (!url) return null;
  return { sources: [], img: { src: url, ...(ref ? mediaSize(ref.id) : {}), ...described } };
}

/** A page's link-preview image: an upload's share JPEG with its size and alt text, else the URL as typed. */
export interface PreviewImage {
  url: string;
  width: number;
  height: number;
  type: string;
  alt: string;
}

/** What a page declares as its preview image (PageMeta.image) for an image field. */
export function previewImageOf(storage: MediaStorage | null, url: string | undefined, image: ImageRef | undefined): PreviewImage | string | null {
  if (image && storage && MEDIA_ID_PATTERN.test(image.id)) return { ...shareImage(storage, image.id), alt: image.alt };
  return url ?? null;
}
