import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { accountCalls } from '@xp/contracts/calls';
import { useEffect, useRef, useState } from 'react';
import { call } from '@/app/api-client';
import { useRequiredClaims } from '@/app/session';
import { sessionStore } from '@/app/session-store';
import { ErrorState, LoadingState } from '@/ui/states';
import { showError } from '@/ui/toasts';

/**
 * `/employer/settings/{employerId}`: makes that employer the active one (an admin: any; an employer user: one
 * it acts for), then shows `/employer/settings`. Already active: straight there.
 */
export function SwitchToEmployerSettings({ employerId }: { employerId: number }) {
  const claims = useRequiredClaims();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [hasFailed, setFailed] = useState(false);
  const started = useRef(false);
  const isActive = claims.activeEmployerId === employerId;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const toSettings = () => navigate({ to: '/employer/settings', replace: true });
    if (isActive) {
      void toSettings();
      return;
    }
    if (!Number.isInteger(employerId) || employerId < 1) {
      setFailed(true);
      return;
    }
    void (async () => {
      try {
        await queryClient.cancelQueries();
        const { claims: next } = await call(accountCalls.switchActiveEmployer, { body: { employerId } });
        // The answers of the old scope are dropped; what stays on screen (the header) is fetched again.
        queryClient.removeQueries({ type: 'inactive' });
        sessionStore.setClaims(next);
        await toSettings();
        void queryClient.invalidateQueries();
      } catch {
        showError('employer.switch.error');
        setFailed(true);
      }
    })();
  }, [employerId, isActive, navigate, queryClient]);

  if (hasFailed) return <ErrorState message="employer.switch.error" />;
  return <LoadingState />;
}
