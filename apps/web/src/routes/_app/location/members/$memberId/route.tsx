import { createFileRoute } from '@tanstack/react-router';
import { MemberLayout } from '@/features/member/member-detail';

/** One member, with the tabs 'Algemeen', 'Bezoeken' and 'Facturen'. */
export const Route = createFileRoute('/_app/location/members/$memberId')({
  component: MemberPage,
});

function MemberPage() {
  const { memberId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <MemberLayout
      key={memberId}
      scope="location"
      id={Number(memberId)}
      onBack={() => void navigate({ to: '/location/members' })}
    />
  );
}
