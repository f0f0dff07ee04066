// The workspace's own ESLint config, run on import lines placed in real libs: the
// @nx/enforce-module-boundaries rule (eslint.config.mjs) must refuse a feature importing
// another feature, ui importing data-access and a domain reaching into another domain, and
// must let the allowed directions through (so a rule that silently did nothing would fail here).
import path from 'node:path';
import { ESLint } from 'eslint';
import { createProjectGraphAsync } from '@nx/devkit';

const workspace = path.resolve(import.meta.dirname, '../../..');
const RULE = '@nx/enforce-module-boundaries';

let eslint: ESLint;

beforeAll(async () => {
  // The rule reads the cached project graph and skips itself when there is none.
  process.chdir(workspace);
  await createProjectGraphAsync({ exitOnError: false });
  eslint = new ESLint({ cwd: workspace });
});

/** The boundary messages for one import line in a file of the given lib. */
async function boundaryErrors(lib: string, importLine: string, file = 'src/lib/boundary-probe.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const probe = typeof x;\n`, {
    filePath: path.join(workspace, 'libs', lib, file),
  });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('module boundaries', () => {
  it('a feature may not import another feature', async () => {
    const errors = await boundaryErrors('booking/feature-book', "import { CalendarPage as x } from '@slotwise/booking-feature-calendar';");
    expect(errors.join('\n')).toMatch(/type:feature.*can only depend on libs tagged with .*type:ui/);
  });

  it('ui may not import data-access', async () => {
    const errors = await boundaryErrors('shared/ui', "import { useSession as x } from '@slotwise/shared-data-access';");
    expect(errors.join('\n')).toMatch(/type:ui.*can only depend on libs tagged with .*type:util/);
    const domainUi = await boundaryErrors('booking/ui', "import { useAppointments as x } from '@slotwise/booking-data-access';");
    expect(domainUi.join('\n')).toMatch(/type:ui/);
  });

  it('a domain may not import another domain it does not build on', async () => {
    const errors = await boundaryErrors('catalog/feature-browse', "import { AppointmentCard as x } from '@slotwise/booking-ui';");
    expect(errors.join('\n')).toMatch(/scope:catalog.*can only depend on libs tagged with .*scope:shared/);
  });

  it('the testing lib is for spec files only', async () => {
    const inSource = await boundaryErrors('booking/feature-book', "import { aService as x } from '@slotwise/shared-testing';");
    expect(inSource.join('\n')).toMatch(/type:feature.*can only depend on libs tagged with/);
    const inSpec = await boundaryErrors('booking/feature-book', "import { aService as x } from '@slotwise/shared-testing';", 'src/lib/probe.spec.ts');
    expect(inSpec).toEqual([]);
  });

  it('the allowed directions pass', async () => {
    expect(await boundaryErrors('booking/feature-book', "import { useAvailability as x } from '@slotwise/booking-data-access';")).toEqual([]);
    expect(await boundaryErrors('booking/feature-book', "import { Spinner as x } from '@slotwise/shared-ui';")).toEqual([]);
    expect(await boundaryErrors('provider/feature-home', "import { useMyServices as x } from '@slotwise/catalog-data-access';")).toEqual([]);
    expect(await boundaryErrors('booking/ui', "import { displayStatus as x } from '@slotwise/shared-util';")).toEqual([]);
  });
});
