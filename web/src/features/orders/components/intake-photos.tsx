import { photoMessages, type Photo } from '@gs/shared/photos';
import { PhotoGrid } from '@/components/photos/photo-grid';

/** The customer's order page: the photos the shop took of their firearm when it arrived (nothing while there are none). */
export function IntakePhotos({ photos }: { photos: readonly Photo[] }) {
  if (!photos.length) return null;
  return (
    <section aria-labelledby="intake-photos-heading" className="space-y-2">
      <h2 id="intake-photos-heading" className="text-lg font-semibold">
        {photoMessages.customerHeading}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{photoMessages.customerHint}</p>
      <PhotoGrid photos={photos} label={photoMessages.customerHeading} />
    </section>
  );
}
