import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'success' | 'danger-outline' | 'accent';
export type ButtonSize = 'md' | 'sm';

/** What every disabled button looks like, whatever its variant: grey, flat, muted, not clickable-looking. */
export const DISABLED_LOOK =
  'disabled:cursor-not-allowed disabled:border-transparent disabled:bg-slate-200 disabled:text-slate-500 disabled:shadow-none dark:disabled:bg-slate-700 dark:disabled:text-slate-400';

const BASE = `inline-flex items-center justify-center gap-2 rounded-lg font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${DISABLED_LOOK}`;

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-hover',
  secondary: 'border border-line hover:bg-hover',
  danger: 'bg-rose-600 text-white hover:bg-rose-700',
  success: 'bg-emerald-700 text-white hover:bg-emerald-800',
  // amber-800 under white text: 6.8:1 (amber-500 was 2.1:1), in both themes.
  accent: 'bg-amber-800 text-white hover:bg-amber-900',
  'danger-outline': 'border border-rose-300 text-rose-700 hover:bg-rose-50 dark:border-rose-700 dark:text-rose-300 dark:hover:bg-rose-950',
};

// Touch targets are at least 44 px high; the small size keeps that height on touch screens.
const SIZES: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4 py-2',
  sm: 'min-h-8 px-3 py-1 text-sm pointer-coarse:min-h-11',
};

/** The classes of a button, for a link or summary that looks like one. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A button; `type="button"` unless said otherwise, so it never submits a form by accident. */
export function Button({ variant = 'primary', size = 'md', type = 'button', className, ...props }: ButtonProps) {
  return <button type={type} className={`${buttonClass(variant, size)}${className ? ` ${className}` : ''}`} {...props} />;
}
