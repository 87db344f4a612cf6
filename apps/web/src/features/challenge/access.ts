import type { Claims } from '@xp/contracts';
import { allows } from '@xp/contracts/access';
import { type ChallengeOwner, challengeOwnerOf } from '@xp/contracts/challenge-owner';
import * as policies from '@xp/contracts/endpoint-policies.gen';

/**
 * Who may open the challenges of an environment: who may call `GET /challenge`, and whose challenge owner
 * is of that kind (so the active environment is that one): the server scopes every challenge call to the
 * owner and refuses a session without one, which the policy's roles do not say (decision 008, 022).
 * E.g. `requireAccess(isChallengeOwner('employer'))`.
 */
export const isChallengeOwner =
  (kind: ChallengeOwner['kind']) =>
  (claims: Claims): boolean =>
    allows(policies.challengeList, claims) && challengeOwnerOf(claims)?.kind === kind;

/** The 'Challenges' menu item of the Location, Employer and Association environments: any owner. */
export const hasChallengeOwner = (claims: Claims): boolean =>
  allows(policies.challengeList, claims) && challengeOwnerOf(claims) !== null;
