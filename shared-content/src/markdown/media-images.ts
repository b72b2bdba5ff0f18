// An image in markdown whose address is a variant of an uploaded picture (media.ts) becomes the
// same responsive <picture> the <Picture> component renders: sized, lazy, with the WebP ladder.
// It runs on the sanitiser's output and builds the new markup from the media id alone, so the
// sanitiser still refuses <picture>, <source>, srcset and style written in the text itself.
import { mediaIdOfUrl, type MediaStorage } from "../media";
import { pictureMarkup, type ImgAttributes } from "../picture-markup";

/** How wide markdown images are drawn: at most the reading column (46rem), the whole width of a phone. */
export const MARKDOWN_IMAGE_SIZES = "(min-width: 48rem) 46rem, 100vw";

/** `html` (sanitised) with each media image made responsive; unchanged (the same string) when it has none. */
export function withResponsiveMediaImages(html: string, media: MediaStorage, document: Document): string {
  if (!html.includes("<img")) return html;
  const template = document.createElement("template");
  template.innerHTML = html;
  let changed = false;
  for (const img of template.content.querySelectorAll("img")) {
    const id = mediaIdOfUrl(media, img.getAttribute("src") ?? "");
    // Alt text is the markdown's own; the picture is decorative when the text gives none.
    const markup = id && pictureMarkup(media, undefined, { id, alt: img.getAttribute("alt") ?? "" }, { sizes: MARKDOWN_IMAGE_SIZES });
    if (!markup) continue;
    const picture = document.createElement("picture");
    for (const s of markup.sources) {
      const source = document.createElement("source");
      source.setAttribute("type", s.type);
      source.setAttribute("srcset", s.srcset);
      source.setAttribute("sizes", s.sizes);
      picture.append(source);
    }
    img.replaceWith(picture);
    picture.append(img);
    setImgAttributes(img, markup.img);
    changed = true;
  }
  return changed ? template.innerHTML : html;
}

function setImgAttributes(img: HTMLImageElement, { style, ...attributes }: ImgAttributes): void {
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) img.setAttribute(name, String(value));
  for (const [property, value] of Object.entries(style ?? {}))
    img.style.setProperty(
      property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
      value,
    );
}
