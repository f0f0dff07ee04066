// Every failed action says the server's reason (docs/product.md#messages): each exported mutation
// hook of the web app is a row of a table test (libs/shared/testing/src/lib/mutation-errors.tsx),
// and no error path throws the error away for words of its own. Reads the sources, so a new hook
// or a new `onError: () => toast.error('…')` fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const LIBS = join(import.meta.dirname, '../../../../libs');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'generated' ? [] : files(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const all = files(LIBS);
const sources = all.filter((f) => !/\.spec\.tsx?$/.test(f) && !f.includes('/shared/testing/'));
const tables = all
  .filter((f) => /mutation-errors\.spec\.tsx$/.test(f))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

/** Hooks whose failure is quiet by design: marking notifications read refreshes the list either way. */
const QUIET = new Set(['useNotificationCenter']);
/** Failures no server is part of: the clipboard refusing a copy says how to copy by hand. */
const CLIENT_ONLY = new Set(['shared/ui/src/lib/copy-address.ts']);

/** The exported hooks whose body calls useMutation. */
function mutationHooks(): string[] {
  const hooks: string[] = [];
  for (const f of sources) {
    const text = readFileSync(f, 'utf8');
    const starts = [...text.matchAll(/^export function (use\w+)/gm)];
    starts.forEach((m, i) => {
      const body = text.slice(m.index, starts[i + 1]?.index ?? text.length);
      if (body.includes('useMutation(') && !QUIET.has(m[1])) hooks.push(m[1]);
    });
  }
  return hooks;
}

describe('every failed action shows the server\'s message', () => {
  it('finds the mutation hooks', () => {
    expect(mutationHooks()).toEqual(expect.arrayContaining(['useProviderStatus', 'useReassign', 'useBookAppointment', 'useDeleteAccount']));
  });

  it.each(mutationHooks())('%s is a row of a mutation-errors table', (hook) => {
    expect(tables).toContain(`hook: '${hook}'`);
  });

  it('no error path drops the error for words of its own', () => {
    const dropped = [
      /onError: \(\) =>/, // onError ignoring its error
      /catch \{\s*\n\s*(toast\.error|setError|flash)\(/, // catch without the error, then a message
      /\.catch\(\(\) => toast\.error/,
      /toast\.error\((err|e|error)\.message/, // the raw text, not failureMessage
      /setError\((err|e|error)\.message/,
    ];
    const offenders = sources.filter((f) => !CLIENT_ONLY.has(relative(LIBS, f))).flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return dropped.filter((re) => re.test(text)).map((re) => `${relative(LIBS, f)}: ${re}`);
    });
    expect(offenders).toEqual([]);
  });
});
