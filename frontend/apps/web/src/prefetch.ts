// The app's first script (index.html): it starts the data of the page being opened while the
// rest of the code downloads, so the list or the slots can paint as soon as the screen's code
// runs (docs/operations.md "Web speed on a phone"). It is small and imports nothing of React.
import { API_BASE, prefetch } from '@slotwise/shared-data-access';
import { routePrefetches } from './prefetch-routes';

for (const url of routePrefetches(window.location.pathname, window.location.search, API_BASE)) prefetch(url);

// A page's first Intl formatter loads the browser's locale data: 60–200 ms on the phone profile
// (4× CPU); later ones cost 1–20 ms. Every screen formats a price, a date or a time, so that cost
// would land on the way to its first paint: paid here, the main thread is waiting for the app's
// code anyway.
new Intl.DateTimeFormat('en-IN').format();
