import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { workMessages } from '@gs/shared/work-dates';
import { useGunsmiths } from '@/lib/gunsmiths';
import { WorkList } from '@/features/work-dates/components/work-list';
import { AdminPage } from './admin-page';

/** Any gunsmith's bench, as the owner and the front desk see it: pick the gunsmith (`?staff=<id>`). */
export default function AdminBenchRoute() {
  const [params, setParams] = useSearchParams();
  const staffId = params.get('staff') ?? '';
  const gunsmiths = useGunsmiths();
  const id = useId();
  const name = gunsmiths.data?.items.find((g) => g.id === staffId)?.name;
  return (
    <AdminPage title="Benches">
      <label htmlFor={id} className="flex max-w-sm flex-col text-sm font-medium">
        Gunsmith
        <select id={id} value={staffId} onChange={(e) => setParams(e.target.value ? { staff: e.target.value } : {}, { replace: true })} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900">
          <option value="">Choose a gunsmith</option>
          {(gunsmiths.data?.items ?? []).map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      {staffId ? <WorkList key={staffId} which={{ benchOf: staffId }} title={workMessages.benchOf(name ?? 'Gunsmith')} empty={workMessages.benchEmpty} /> : null}
    </AdminPage>
  );
}
