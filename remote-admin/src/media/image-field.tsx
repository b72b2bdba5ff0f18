import { mediaIdOfUrl, siteMediaStorage, type ImageRef } from "shared-content/admin";
import { ImageUrlField, errorFor, type FormState } from "../ui";
import { ImageUploadControl, type ImagePurpose } from "./image-upload-control";

type KeysOf<F, V> = { [K in keyof F]: F[K] extends V ? K : never }[keyof F] & string;

export interface ImageFieldProps<F extends object> {
  form: FormState<F>;
  purpose: ImagePurpose;
  /** The URL field's label ("Cover image URL"). */
  label: string;
  /** The form's URL field (coverUrl ...) and the ImageRef beside it (coverImage ...). */
  urlKey: KeysOf<F, string>;
  imageKey: KeysOf<F, ImageRef | undefined>;
  /** Advice about the address that does not block saving (ImageUrlField's `advice`). */
  advice?: string;
}

/**
 * An image field: its URL (typed by hand, or an uploaded picture's share URL) with a preview, and
 * the upload beside it. An upload sets both; a URL typed by hand that no longer points at the
 * uploaded picture drops its ImageRef, so the two never disagree.
 */
export function ImageField<F extends object>({ form, purpose, label, urlKey, imageKey, advice }: ImageFieldProps<F>) {
  const { values, setValues, errors } = form;
  const url = values[urlKey] as string;
  const image = values[imageKey] as ImageRef | undefined;
  const update = (patch: Partial<Record<string, unknown>>) => setValues((f) => ({ ...f, ...patch }));
  return (
    <>
      <ImageUrlField
        label={label}
        value={url}
        error={errorFor(errors, urlKey)}
        advice={advice}
        onChange={(next) => {
          const storage = siteMediaStorage();
          const keeps = image && storage && mediaIdOfUrl(storage, next.trim()) === image.id;
          update({ [urlKey]: next, [imageKey]: keeps ? image : undefined });
        }}
      />
      <ImageUploadControl
        purpose={purpose}
        image={image}
        url={url}
        error={errorFor(errors, imageKey)}
        patchFor={(stored) => (f) => ({ ...f, [urlKey]: stored.url, [imageKey]: stored.image })}
        onStored={(stored) => update({ [urlKey]: stored.url, [imageKey]: stored.image })}
        onImageChange={(next) => update({ [imageKey]: next })}
      />
    </>
  );
}
