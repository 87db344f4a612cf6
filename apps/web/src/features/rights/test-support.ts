import type { GymEmployeeRights } from '@xp/contracts';
import { gymRights, locationRights } from '@xp/contracts/enums';
import { testClaims } from '@/app/test-support/claims';

export const gymManager = (rights: readonly string[] = gymRights) =>
  testClaims({ name: 'Jeroen Bakker', gymRights: rights.map((right) => `10:${right}`) });

export const piet: GymEmployeeRights = {
  employeeId: 7,
  name: 'Piet de Boer',
  email: 'piet@example.com',
  gymRights: ['ManageMembers'],
  groups: [{ id: 3, name: 'Receptie', rights: ['ManageMemberships', 'ManageMembers'] }],
  locations: [
    { locationId: 5, name: 'Vitaal Amersfoort', rights: [] },
    { locationId: 6, name: 'Vitaal Utrecht Centrum', rights: ['ManageLessons'] },
  ],
};

export const allLocationRights = [...locationRights];
