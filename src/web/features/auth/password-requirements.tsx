import { clsx } from 'clsx';
import { PASSWORD_REQUIREMENTS } from '#domain/auth-rules';
import { CheckIcon } from './icons';

/** The live password checklist (spec §2: shown while the password field has focus). */
export function PasswordRequirements({ id, password }: { id?: string; password: string }) {
  return (
    <div id={id} className="rounded-lg border border-slate-200 bg-slate-50 px-3.5 py-3">
      <p className="text-xs font-medium text-slate-700">Your password needs</p>
      <ul className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5" aria-label="Password requirements">
        {PASSWORD_REQUIREMENTS.map((rule) => {
          const met = rule.test(password);
          return (
            <li
              key={rule.id}
              data-met={met}
              className={clsx(
                'flex items-center gap-2 text-xs transition-colors',
                met ? 'text-emerald-700' : 'text-slate-500',
              )}
            >
              <span
                aria-hidden="true"
                className={clsx(
                  'flex size-4 shrink-0 items-center justify-center rounded-full border transition-colors',
                  met
                    ? 'border-emerald-500 bg-emerald-500 text-white'
                    : 'border-slate-300 bg-white',
                )}
              >
                {met && <CheckIcon className="size-3" strokeWidth={3} />}
              </span>
              <span>
                <span className="sr-only">{met ? 'Done: ' : 'Missing: '}</span>
                {rule.label}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
