// The page's first file (build/preload.ts puts it first in index.html): the data of the address's list route
// asked at once, before the app's code arrives (app/first-data.ts, decision 010). The search is parsed as the
// router parses it.
import { defaultParseSearch } from '@tanstack/react-router';
import { startFirstData } from './app/first-data';
import { firstDataRoutes } from './app/first-data-routes';

startFirstData(Object.values(firstDataRoutes), location, defaultParseSearch);
