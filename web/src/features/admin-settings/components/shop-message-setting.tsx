import { useId } from 'react';
import { SHOP_MESSAGE_SETTING as m } from '@gs/shared/inbox';
import type { SettingsView } from '@gs/shared/settings';
import { useSaveSettings } from '../api/save-settings';

/**
 * Settings → Email Settings: "Email the shop about each customer message" (on by default), saved as soon as it is
 * switched. The email goes to the shop's email under General; every message is on the staff Inbox either way.
 */
export function ShopMessageSetting({ settings }: { settings: SettingsView }) {
  const save = useSaveSettings();
  const id = useId();
  const on = save.isPending && save.variables?.emailShopAboutMessages !== undefined ? save.variables.emailShopAboutMessages : settings.emailShopAboutMessages !== false;
  return (
    <div className="space-y-1 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-4 shrink-0 accent-slate-900 dark:accent-amber-400"
          checked={on}
          disabled={save.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => save.mutate({ emailShopAboutMessages: event.target.checked })}
        />
        <div>
          <label htmlFor={id} className="font-medium">
            {m.label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-700 dark:text-slate-300">
            {m.hint}
          </p>
          {on && !settings.email.trim() ? <p className="text-sm font-medium text-amber-800 dark:text-amber-300">{m.noShopEmail}</p> : null}
        </div>
      </div>
      <div aria-live="polite" className="text-sm">
        {save.isSuccess ? <p className="text-emerald-700 dark:text-emerald-300">{m.saved}</p> : null}
        {save.isError ? <p role="alert" className="font-medium text-red-700 dark:text-red-300">{m.failed}</p> : null}
      </div>
    </div>
  );
}
