import { useState, type InputHTMLAttributes } from 'react';
import { inputClass, useFieldControl } from './Field';

/** A password control with a show/hide toggle; inside a Field it takes the field's id and aria. */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <input {...useFieldControl()} {...props} type={shown ? 'text' : 'password'} className={`${inputClass} pr-16`} />
      <button
        type="button"
        onClick={() => setShown((s) => !s)}
        className="absolute inset-y-0 right-1 my-auto h-11 px-2 text-sm font-medium text-indigo-600 dark:text-indigo-300"
        aria-label={shown ? 'Hide password' : 'Show password'}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
