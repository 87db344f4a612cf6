import type { AdminInvitation } from '@xp/contracts';

export const invitations: AdminInvitation[] = [
  {
    id: 4,
    email: 'nieuw.beheer@example.com',
    invitedBy: 'Anne Admin',
    createdAt: '2026-03-02T10:15:00.000Z',
    expiresAt: '2026-03-16T10:15:00.000Z',
    isExpired: false,
  },
  {
    id: 2,
    email: 'oud.beheer@example.com',
    invitedBy: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    expiresAt: '2026-01-19T09:00:00.000Z',
    isExpired: true,
  },
];
