import { createFileRoute } from '@tanstack/react-router';
import { NewMemberPage } from '@/features/member/member-detail';

/** 'Lid toevoegen': saving opens the new member. */
export const Route = createFileRoute('/_app/location/members/new')({
  component: NewMember,
});

function NewMember() {
  const navigate = Route.useNavigate();
  return (
    <NewMemberPage
      scope="location"
      onCreated={(member) =>
        void navigate({ to: '/location/members/$memberId', params: { memberId: String(member.id) } })
      }
      onCancel={() => void navigate({ to: '/location/members' })}
    />
  );
}
