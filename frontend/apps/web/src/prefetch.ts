// The app's first script (index.html): it starts the data of the page being opened while the
// rest of the code downloads, so the list or the slots can paint as soon as the screen's code
// runs, and the screen's own code with the app's (docs/operations.md "Web speed on a phone").
// It is small: the screen's code is a dynamic import.
import { API_BASE, prefetch } from '@slotwise/shared-data-access';
import { routeCode, routePrefetches } from './prefetch-routes';

for (const url of routePrefetches(window.location.pathname, window.location.search, API_BASE)) prefetch(url);
// The screen's code too, alongside the app's: its chunks download now, not after the app has run.
void routeCode(window.location.pathname)?.().catch(() => undefined);
