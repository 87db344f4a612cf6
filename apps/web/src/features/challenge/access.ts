import type { Claims } from '@xp/contracts';
import { type ChallengeOwner, challengeOwnerOf } from '@xp/contracts/challenge-owner';

/**
 * Who may open the challenges of an environment: a session whose challenge owner is of that kind (so the
 * active environment is that one), e.g. `requireAccess(isChallengeOwner('employer'))`.
 */
export const isChallengeOwner =
  (kind: ChallengeOwner['kind']) =>
  (claims: Claims): boolean =>
    challengeOwnerOf(claims)?.kind === kind;
