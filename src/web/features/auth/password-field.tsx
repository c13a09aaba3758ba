import { clsx } from 'clsx';
import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { afterPointerRelease } from './pointer-release';
import { EyeIcon, EyeOffIcon } from './icons';
import { PasswordRequirements } from './password-requirements';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
  /** Shows the requirements checklist while the field has focus, ticking as the user types. */
  showRequirements?: boolean;
  /** Element at the right end of the label row (e.g. "Forgot password?"). */
  labelAction?: ReactNode;
}

/** Password input with a show/hide toggle; works with react-hook-form's `register`. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField(
    {
      label,
      error,
      showRequirements = false,
      labelAction,
      className,
      id,
      onFocus,
      onBlur,
      onChange,
      ...props
    },
    ref,
  ) {
    const generatedId = useId();
    const inputId = id ?? generatedId;
    const errorId = `${inputId}-error`;
    const requirementsId = `${inputId}-requirements`;
    const [revealed, setRevealed] = useState(false);
    const [focused, setFocused] = useState(false);
    const [value, setValue] = useState('');
    const checklistOpen = showRequirements && focused;
    const describedBy =
      [checklistOpen ? requirementsId : null, error ? errorId : null].filter(Boolean).join(' ') ||
      undefined;

    return (
      <div className={clsx('relative flex flex-col gap-1.5', className)}>
        <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <div className="relative">
          <input
            ref={ref}
            id={inputId}
            type={revealed ? 'text' : 'password'}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={clsx(
              'h-11 w-full rounded-lg border bg-white pr-11 pl-3 text-slate-900 shadow-sm transition-colors placeholder:text-slate-400 focus:ring-2 focus:outline-none',
              error
                ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
                : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
            )}
            onFocus={(event) => {
              setFocused(true);
              setValue(event.currentTarget.value);
              onFocus?.(event);
            }}
            onBlur={(event) => {
              // Collapsing the checklist moves what is below it; while a press that took the
              // focus is still down, wait for its click so it lands on what the user pressed.
              afterPointerRelease(() => setFocused(false));
              onBlur?.(event);
            }}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              onChange?.(event);
            }}
            {...props}
          />
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            // Keep focus (and the checklist) on the input when toggling with the mouse.
            onMouseDown={(event) => event.preventDefault()}
            aria-label={revealed ? 'Hide password' : 'Show password'}
            aria-controls={inputId}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-600"
          >
            {revealed ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
          </button>
        </div>
        {/* After the input in DOM order (so Tab goes field → action), shown in the label row. */}
        {labelAction && <div className="absolute top-0 right-0 leading-5">{labelAction}</div>}
        {checklistOpen && <PasswordRequirements id={requirementsId} password={value} />}
        {error && (
          <p id={errorId} className="text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    );
  },
);

/**
 * A new password and its confirmation, as sign-up and the password reset ask for them: the
 * requirements checklist on the first, browsers offered to generate one.
 */
export function NewPasswordFields({
  label,
  password,
  confirmation,
  errors,
}: {
  label: string;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: FieldError | undefined; confirmPassword?: FieldError | undefined };
}) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        showRequirements
        error={errors.password?.message}
        {...password}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...confirmation}
      />
    </>
  );
}
