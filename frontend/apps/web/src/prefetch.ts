// The app's first script (index.html): it starts the data of the page being opened while the
// rest of the code downloads, so the list or the slots can paint as soon as the screen's code
// runs (docs/operations.md "Web speed on a phone"). It is small and imports nothing of React.
import { API_BASE, prefetch } from '@slotwise/shared-data-access';
import { routePrefetches } from './prefetch-routes';

for (const url of routePrefetches(window.location.pathname, window.location.search, API_BASE)) prefetch(url);
