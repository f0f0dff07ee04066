import {
  createContext,
  useContext,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export const inputClass =
  'w-full min-h-11 rounded-lg border border-line bg-field px-3 py-2 text-fg focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-focus aria-invalid:border-red-500';

interface FieldIds {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

const FieldContext = createContext<FieldIds | null>(null);

/** The id and aria wiring of the control inside the nearest Field (none outside a Field). */
export function useFieldControl(): Partial<FieldIds> {
  return useContext(FieldContext) ?? {};
}

interface FieldProps {
  label: ReactNode;
  /** a lasting explanation under the control */
  hint?: ReactNode;
  /** what is wrong with the value; marks the control invalid */
  error?: ReactNode;
  /** an id for the control, when a test or a label elsewhere names it */
  id?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A label, its control and the control's hint and error. The control (Input, Select, Textarea,
 * PasswordInput) takes the field's id; the hint and error are its aria-describedby and an
 * error sets aria-invalid, so a screen reader reads them with the control.
 */
export function Field({ label, hint, error, id, className, children }: FieldProps) {
  const auto = useId();
  const controlId = id ?? auto;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <FieldContext.Provider value={{ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined }}>
        {children}
      </FieldContext.Provider>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...useFieldControl()} className={className ? `${inputClass} ${className}` : inputClass} {...props} />;
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...useFieldControl()} className={className ? `${inputClass} ${className}` : inputClass} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea {...useFieldControl()} className={className ? `${inputClass} ${className}` : inputClass} {...props} />;
}
