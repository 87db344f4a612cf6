import { createFileRoute } from '@tanstack/react-router';
import { MemberGeneralTab } from '@/features/member/member-detail';

/** 'Algemeen': personal data, memberships and privacy. */
export const Route = createFileRoute('/_app/location/members/$memberId/')({
  component: Tab,
});

function Tab() {
  const { memberId } = Route.useParams();
  return <MemberGeneralTab scope="location" id={Number(memberId)} />;
}
