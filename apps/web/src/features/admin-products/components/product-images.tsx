import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  type AdminProductImage,
} from '@wholesale/contract';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { isPending, useProductImages } from '../api/product-images';

const MAX_MB = PRODUCT_IMAGE_MAX_BYTES / 1048576;
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

type Move = { id: number; action: 'up' | 'down' };

/**
 * The product's pictures (docs/decisions/022-product-images.md): thumbnails in order with move up,
 * move down and delete buttons, and an upload field. Every change shows at once and goes back if the
 * server refuses it; refusals are told in the interface language, naming the field.
 */
export function ProductImages({ sku, images }: { sku: string; images: AdminProductImage[] }) {
  const { t } = useTranslation('admin-products');
  const { upload, reorder, remove } = useProductImages(sku);
  const [confirm, confirmDialog] = useConfirm();
  const list = useRef<HTMLOListElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [moved, setMoved] = useState<Move | null>(null);
  const busy = upload.isPending || reorder.isPending || remove.isPending;
  const stored = images.filter((i) => !isPending(i));

  // NOTE: buttons are never disabled while a change is under way (aria-disabled, clicks ignored), so
  // the focus is not lost. A moved picture keeps the keyboard focus on the button that moved it (or its other arrow at an end).
  useLayoutEffect(() => {
    if (!moved) return;
    const item = list.current?.querySelector(`[data-image-id="${moved.id}"]`);
    const buttons = ['up', 'down'].map((a) =>
      item?.querySelector<HTMLButtonElement>(`button[data-action="${a}"]`),
    );
    const wanted = buttons[moved.action === 'up' ? 0 : 1];
    (wanted && !wanted.disabled ? wanted : buttons.find((b) => b && !b.disabled))?.focus();
  }, [moved, images]);

  const refusal = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'PAYLOAD_TOO_LARGE')
      return t('edit.images.tooLarge', { max: MAX_MB });
    if (error instanceof ApiError && error.status === 404) return t('edit.images.gone');
    if (error instanceof ApiError && error.fields?.image)
      return stored.length >= PRODUCT_IMAGES_MAX
        ? t('edit.images.tooMany', { max: PRODUCT_IMAGES_MAX })
        : t('edit.images.notPicture');
    return t('edit.images.failed');
  };

  const onFile = (file: File) => {
    const clear = () => {
      if (fileInput.current) fileInput.current.value = '';
    };
    const refuse = (message: string) => {
      toast.error(message);
      clear();
    };
    if (stored.length >= PRODUCT_IMAGES_MAX)
      return refuse(t('edit.images.tooMany', { max: PRODUCT_IMAGES_MAX }));
    if (file.type && !ACCEPTED.includes(file.type)) return refuse(t('edit.images.notPicture'));
    if (file.size > PRODUCT_IMAGE_MAX_BYTES)
      return refuse(t('edit.images.tooLarge', { max: MAX_MB }));
    upload.mutate(file, {
      onSuccess: () => toast.success(t('edit.images.uploaded')),
      onError: (error) => toast.error(refusal(error)),
      onSettled: clear,
    });
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = stored.map((i) => i.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id);
    setMoved({ id, action: by < 0 ? 'up' : 'down' });
    reorder.mutate(ids, {
      onSuccess: () => toast.success(t('edit.images.moved')),
      onError: (error) => toast.error(refusal(error)),
    });
  };

  const del = async (image: AdminProductImage, position: number) => {
    if (
      !(await confirm(t('edit.images.confirmDelete', { position, sku }), {
        confirmLabel: t('edit.images.deleteShort'),
      }))
    )
      return;
    remove.mutate(image.id, {
      onSuccess: () => toast.success(t('edit.images.deleted')),
      onError: (error) => toast.error(refusal(error)),
    });
  };

  return (
    <fieldset className="admin-products__images">
      <legend>{t('edit.sections.pictures')}</legend>
      <p className="admin-products__hint">
        {images.length ? t('edit.images.hint') : t('edit.images.none')}
      </p>
      {images.length ? (
        <ol ref={list} className="admin-products__thumbs">
          {images.map((image, index) => {
            const position = index + 1;
            const pending = isPending(image);
            return (
              <li key={image.id} data-image-id={image.id} aria-busy={pending || undefined}>
                <img
                  src={image.url}
                  alt={t('edit.images.alt', { position, total: images.length, sku })}
                  width={96}
                  height={96}
                />
                {index === 0 ? (
                  <span className="admin-products__first">{t('edit.images.first')}</span>
                ) : null}
                {pending ? (
                  <progress aria-label={t('edit.images.uploading')} />
                ) : (
                  <div className="admin-products__thumb-actions">
                    <button
                      type="button"
                      data-action="up"
                      aria-label={t('edit.images.moveUp', { position })}
                      disabled={index === 0}
                      aria-disabled={busy || undefined}
                      onClick={() => busy || move(index, -1)}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      data-action="down"
                      aria-label={t('edit.images.moveDown', { position })}
                      disabled={index >= stored.length - 1}
                      aria-disabled={busy || undefined}
                      onClick={() => busy || move(index, 1)}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                    <button
                      type="button"
                      aria-label={t('edit.images.delete', { position })}
                      aria-disabled={busy || undefined}
                      onClick={() => busy || void del(image, position)}
                    >
                      {t('edit.images.deleteShort')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="admin-products__field">
        <label htmlFor={`product-images-${sku}`}>{t('edit.images.upload', { max: MAX_MB })}</label>
        <input
          id={`product-images-${sku}`}
          ref={fileInput}
          type="file"
          accept={ACCEPTED.join(',')}
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
          }}
        />
        {upload.isPending ? (
          <p role="status" aria-busy="true">
            {t('edit.images.uploading')}
          </p>
        ) : null}
      </div>
      {confirmDialog}
    </fieldset>
  );
}
