import { useId, useRef, useState } from 'react';
import { PHOTO_ACCEPT, PHOTO_PURPOSE_LABELS, PHOTO_PURPOSES, photoFileProblem, photoMessages, PHOTOS_PER_ORDER, type PhotoPurpose } from '@gs/shared/photos';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAdminOrderPhotos } from '../api/order-photos';
import { useUploadPhoto } from '../api/upload-photo';
import { PhotoGrid } from '@/components/photos/photo-grid';

export const PHOTOS_LOAD_FAILED = 'Photos could not be loaded.';

interface Uploading {
  name: string;
  fraction: number;
}

/**
 * Staff's "Photos" section (Receive Firearm and the order editor): take or choose photos (a phone offers its camera),
 * each uploaded straight to storage with its progress, then the order's thumbnails. `purpose` fixes what the photos
 * are (intake at Receive Firearm); without it, staff choose.
 */
export function PhotosSection({ orderId, purpose: fixedPurpose }: { orderId: string; purpose?: PhotoPurpose }) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const photos = useAdminOrderPhotos(orderId);
  const upload = useUploadPhoto(orderId);
  const [purpose, setPurpose] = useState<PhotoPurpose>(fixedPurpose ?? 'work');
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [problems, setProblems] = useState<string[]>([]);

  async function onFiles(files: FileList | null) {
    if (!files?.length) return;
    const list = Array.from(files);
    if (input.current) input.current.value = '';
    const refused: string[] = [];
    const accepted = list.filter((f) => {
      const problem = photoFileProblem(f);
      if (problem) refused.push(`${f.name}: ${problem}`);
      return !problem;
    });
    setProblems(refused);
    setUploading(accepted.map((f) => ({ name: f.name, fraction: 0 })));
    // One after another: a phone's upload link is the bottleneck, and the order's count stays in order.
    for (const [i, file] of accepted.entries()) {
      try {
        await upload.mutateAsync({
          file,
          purpose: fixedPurpose ?? purpose,
          onProgress: (fraction) => setUploading((u) => u.map((x, j) => (j === i ? { ...x, fraction } : x))),
        });
      } catch (err) {
        refused.push(`${file.name}: ${err instanceof ApiError || err instanceof Error ? err.message : photoMessages.uploadFailed}`);
        setProblems([...refused]);
      }
      setUploading((u) => u.map((x, j) => (j === i ? { ...x, fraction: 1 } : x)));
    }
    setUploading([]);
  }

  const items = photos.data?.items ?? [];
  const shown = fixedPurpose ? items.filter((p) => p.purpose === fixedPurpose) : items;
  const busy = uploading.length > 0;
  return (
    <section aria-labelledby={`${inputId}-heading`} className="space-y-3" data-testid={fixedPurpose ? `${fixedPurpose}-photos` : 'order-photos'}>
      <h3 id={`${inputId}-heading`} className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {fixedPurpose ? `${PHOTO_PURPOSE_LABELS[fixedPurpose]} Photos` : 'Photos'}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        {fixedPurpose ? null : (
          <label className="text-sm text-slate-700 dark:text-slate-300">
            <span className="mb-1 block font-medium">Taken</span>
            <select
              value={purpose}
              onChange={(e) => setPurpose(e.target.value as PhotoPurpose)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            >
              {PHOTO_PURPOSES.map((p) => (
                <option key={p} value={p}>
                  {PHOTO_PURPOSE_LABELS[p]}
                </option>
              ))}
            </select>
          </label>
        )}
        <div>
          <label
            htmlFor={inputId}
            className={`inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 ${busy || items.length >= PHOTOS_PER_ORDER ? 'pointer-events-none opacity-60' : ''}`}
          >
            Add Photos
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={PHOTO_ACCEPT}
            capture="environment"
            multiple
            disabled={busy || items.length >= PHOTOS_PER_ORDER}
            aria-describedby={hintId}
            onChange={(e) => void onFiles(e.target.files)}
            className="sr-only"
          />
        </div>
      </div>
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
        {photoMessages.hint}
      </p>
      {uploading.length ? (
        <ul aria-label="Uploading" className="space-y-1">
          {uploading.map((u, i) => (
            <li key={`${u.name}-${i}`} className="text-sm text-slate-700 dark:text-slate-300">
              <span className="block truncate">{u.name}</span>
              <progress aria-label={`Uploading ${u.name}`} value={u.fraction} max={1} className="h-2 w-full accent-amber-500" />
            </li>
          ))}
        </ul>
      ) : null}
      {problems.length ? (
        <Alert tone="error">
          <ul className="space-y-1">
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {photos.isPending ? (
        <Spinner className="size-6" />
      ) : photos.isError && !photos.data ? (
        <Alert tone="error">{PHOTOS_LOAD_FAILED}</Alert>
      ) : shown.length ? (
        <PhotoGrid photos={shown} label={fixedPurpose ? `${PHOTO_PURPOSE_LABELS[fixedPurpose]} photos` : 'Order photos'} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{photoMessages.none}</p>
      )}
    </section>
  );
}
