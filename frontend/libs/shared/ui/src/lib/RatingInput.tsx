/** Five star buttons for a 1–5 rating. */
export function RatingInput({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <div role="radiogroup" aria-label="Rating" className="flex gap-1">
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={`${n} star${n === 1 ? '' : 's'}`}
          onClick={() => onChange(n)}
          className={`text-3xl leading-none ${n <= value ? 'text-amber-500' : 'text-slate-300 dark:text-slate-600'}`}
        >
          ★
        </button>
      ))}
    </div>
  );
}
