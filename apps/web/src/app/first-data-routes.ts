import { memberListCall, parseMemberListSearch } from '@/features/member/search';
import { firstDataRoute } from './first-data';

/**
 * The routes whose data the page asks itself, before the app's code (first-data.ts, decision 010): each
 * route's loader asks `call(search)` of its entry here, so the page and the loader build the same request
 * from one function. A list route joins with an entry (its path, `validateSearch` and call) and a loader
 * that asks it (`prefetchCall`); schema-free modules only, as this is compiled into the page's first file.
 */
export const firstDataRoutes = {
  locationMembers: firstDataRoute('/location/members', parseMemberListSearch, (search) =>
    memberListCall(search, false),
  ),
};
