import { useQueryClient } from '@tanstack/react-query';
import {
  MEMBER_IMPORT_EXAMPLE_FILE_NAME,
  MEMBER_IMPORT_EXAMPLE_PATH,
  memberEndpoints,
  memberImportEndpoints,
} from '@xp/contracts';
import { downloadApiFile } from '@/app/api-download';
import { apiQueryKey, useApiMutation } from '@/app/api-hooks';

/** Checks (dryRun) or imports a file of members; an import refreshes the member lists. */
export function useMemberImport() {
  const queryClient = useQueryClient();
  return useApiMutation(memberImportEndpoints.import, {
    onSuccess: (result) =>
      result.dryRun
        ? undefined
        : Promise.all(
            [memberEndpoints.list, memberEndpoints.subscriptionMembers].map((endpoint) =>
              queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoint) }),
            ),
          ),
  });
}

/** Downloads the example import file (a platform route, like the employer's example Excel). */
export const downloadMemberImportExample = () =>
  downloadApiFile(MEMBER_IMPORT_EXAMPLE_PATH, MEMBER_IMPORT_EXAMPLE_FILE_NAME);
