import { createFileRoute } from '@tanstack/react-router';
import { MemberInvoicesTab } from '@/features/member/member-detail';

/** 'Facturen': empty until the invoices issue fills it. */
export const Route = createFileRoute('/_app/members/$memberId/invoices')({
  component: MemberInvoicesTab,
});
