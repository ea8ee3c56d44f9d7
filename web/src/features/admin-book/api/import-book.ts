import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookImportResult } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { bookKeys } from '@/lib/query-keys';

/** POST /api/admin/book/imports: the file checked (dryRun) or imported (the book's lists then read again). */
export function useImportBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { fileName: string; csv: string; dryRun: boolean }) => api.post<BookImportResult>('/admin/book/imports', body),
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: bookKeys.all });
    },
  });
}
