import { useState } from 'react';
import { formatDateTime } from '@gs/shared/dates';
import { PHOTO_PURPOSE_LABELS, type Photo } from '@gs/shared/photos';
import { Modal } from '@/components/ui/modal';

/**
 * Thumbnails of condition photos (the stored image scaled by the page: no server-side resizing; docs/architecture.md),
 * each a button that opens the photo larger in a dialog.
 */
export function PhotoGrid({ photos, label }: { photos: readonly Photo[]; label: string }) {
  const [open, setOpen] = useState<Photo | null>(null);
  return (
    <>
      <ul aria-label={label} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {photos.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => setOpen(p)}
              className="block aspect-square w-full overflow-hidden rounded-md border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 dark:border-slate-700 dark:bg-slate-800"
            >
              <img src={p.thumbnailUrl} alt={photoAlt(p)} loading="lazy" className="size-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <Modal open={!!open} onClose={() => setOpen(null)} size="lg" title={open ? photoAlt(open) : ''}>
        {open ? (
          <figure className="space-y-2">
            <img src={open.url} alt={photoAlt(open)} className="mx-auto max-h-[70vh] w-auto max-w-full rounded-md" />
            <figcaption className="text-sm text-slate-600 dark:text-slate-400">
              {formatDateTime(open.createdAt)}
              {open.takenByName ? ` · ${open.takenByName}` : ''}
            </figcaption>
          </figure>
        ) : null}
      </Modal>
    </>
  );
}

export const photoAlt = (p: Photo) => `${PHOTO_PURPOSE_LABELS[p.purpose]} photo, ${formatDateTime(p.createdAt)}`;
