import { useMutation, useQueryClient } from '@tanstack/react-query';
import { photoMessages, type Photo, type PhotoPurpose, type PhotoUpload } from '@gs/shared/photos';
import { api } from '@/lib/api-client';
import { adminPhotosKey } from './order-photos';

/**
 * One photo from the staff member's phone or computer: announced to the API (POST …/photos/uploads answers a
 * presigned POST), sent straight to the bucket with progress (XMLHttpRequest: fetch reports no upload progress),
 * then confirmed (POST …/photos/{photoId}/confirm), which records it.
 */
export async function uploadPhoto({ orderId, file, purpose, onProgress }: { orderId: string; file: File; purpose: PhotoPurpose; onProgress?: (fraction: number) => void }): Promise<Photo> {
  const base = `/admin/orders/${encodeURIComponent(orderId)}/photos`;
  const upload = await api.post<PhotoUpload>(`${base}/uploads`, { contentType: file.type, size: file.size, purpose });
  await postFile(upload, file, onProgress);
  return api.post<Photo>(`${base}/${encodeURIComponent(upload.photoId)}/confirm`, {});
}

function postFile(upload: PhotoUpload, file: File, onProgress?: (fraction: number) => void): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  // The file goes last: S3 reads the policy's fields before it.
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(photoMessages.uploadFailed)));
    xhr.onerror = () => reject(new Error(photoMessages.uploadFailed));
    xhr.send(form);
  });
}

export function useUploadPhoto(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; purpose: PhotoPurpose; onProgress?: (fraction: number) => void }) => uploadPhoto({ orderId, ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPhotosKey(orderId) }),
  });
}
